/**
 * The report's chart (issue 29): the till's total and the refunds of each day of the range as
 * bars, drawn by Recharts (as the dashboard's 7-day chart). The chart is hidden from screen
 * readers: the By day table under it carries the same figures.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatNaira } from "#common/money.ts";
import type { ReportDay } from "#common/reports.ts";

export function ReportChart({ days }: { days: readonly ReportDay[] }) {
  const data = days.map((d) => ({ label: d.date.slice(5), total: d.total, refunds: d.refunds }));
  return (
    <div className="h-56 w-full" aria-hidden data-testid="report-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          accessibilityLayer={false}
          data={data}
          margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e5e7eb" />
          <XAxis
            dataKey="label"
            tickLine={false}
            axisLine={false}
            tick={{ fill: "#4b5563", fontSize: 12 }}
          />
          <YAxis
            tickLine={false}
            axisLine={false}
            width={64}
            tickFormatter={(v: number) => (v >= 1000 ? `₦${Math.round(v / 1000)}k` : `₦${v}`)}
            tick={{ fill: "#4b5563", fontSize: 12 }}
          />
          <Tooltip
            formatter={(value, name) => [
              formatNaira(Number(value)),
              name === "refunds" ? "Refunds" : "Till total",
            ]}
          />
          <Bar dataKey="total" fill="#8f5f31" radius={[4, 4, 0, 0]} />
          <Bar dataKey="refunds" fill="#dab28a" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
