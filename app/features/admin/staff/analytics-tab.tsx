/**
 * Analytics (admin spec §2; managers only): Active Staff, Total Hours, Avg Hours/Week and
 * Attendance Rate over the last four weeks, and per department the active members and their
 * summed hourly cost.
 */
import { DataTable } from "#app/features/admin/kit/data-table.tsx";
import { formatNairaExact } from "#common/money.ts";
import type { StaffAnalytics } from "#common/staff.ts";
import { label } from "./staff-format.ts";

function Card({ title, value, hint }: { title: string; value: string; hint?: string }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <p className="text-sm text-gray-700">{title}</p>
      <p className="mt-1 text-2xl font-semibold text-ink">{value}</p>
      {hint && <p className="mt-1 text-xs text-gray-700">{hint}</p>}
    </div>
  );
}

export function AnalyticsTab({ analytics }: { analytics: StaffAnalytics }) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <p className="text-sm text-gray-700">
        {analytics.from} to {analytics.to} (Lagos), completed time entries only.
      </p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Card title="Active Staff" value={String(analytics.activeStaff)} />
        <Card title="Total Hours" value={analytics.totalHours.toFixed(2)} />
        <Card
          title="Avg Hours/Week"
          value={analytics.avgHoursPerWeek.toFixed(2)}
          hint="Per active member"
        />
        <Card
          title="Attendance Rate"
          value={`${analytics.attendanceRate}%`}
          hint="Clocked against scheduled hours"
        />
      </div>
      <div>
        <h3 className="mb-2 text-lg font-semibold">Departments</h3>
        <DataTable
          caption="Departments"
          columns={[
            { header: "Department", cell: (d) => label(d.department) },
            { header: "Members", align: "right", cell: (d) => d.members },
            {
              header: "Hourly cost",
              align: "right",
              cell: (d) => formatNairaExact(d.hourlyCost),
            },
          ]}
          rows={analytics.departments}
          rowKey={(d) => d.department}
        />
      </div>
    </div>
  );
}
