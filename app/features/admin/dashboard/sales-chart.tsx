/**
 * The 7-day bar chart of recent sales (admin spec §2 "Dashboard": bars scale to at least 5
 * items per day). Recharts draws it; a visually hidden table carries the same figures for
 * screen readers.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { DayFigure } from "#common/dashboard.ts";
import { formatNaira } from "#common/money.ts";

export function SalesChart({ days }: { days: readonly DayFigure[] }) {
  const data = days.map((d) => ({ ...d, items: d.appointments + d.sales }));
  const max = Math.max(5, ...data.map((d) => d.items));
  return (
    <figure>
      <div className="h-56 w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            accessibilityLayer={false}
            data={data}
            margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e5e7eb" />
            <XAxis
              dataKey="label"
              tickLine={false}
              axisLine={false}
              tick={{ fill: "#4b5563", fontSize: 12 }}
            />
            <YAxis
              domain={[0, max]}
              ticks={max <= 10 ? Array.from({ length: max + 1 }, (_, i) => i) : undefined}
              allowDecimals={false}
              tickLine={false}
              axisLine={false}
              tick={{ fill: "#4b5563", fontSize: 12 }}
            />
            <Tooltip
              formatter={(value, name) => [
                value,
                name === "appointments" ? "Appointments" : "Sales",
              ]}
            />
            <Bar dataKey="appointments" stackId="items" fill="#8f5f31" radius={[0, 0, 0, 0]} />
            <Bar dataKey="sales" stackId="items" fill="#dab28a" radius={[4, 4, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">Items and revenue per day over the last 7 days</figcaption>
      <table className="sr-only">
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Appointments</th>
            <th scope="col">Sales</th>
            <th scope="col">Revenue</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{d.date}</th>
              <td>{d.appointments}</td>
              <td>{d.sales}</td>
              <td>{formatNaira(d.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
