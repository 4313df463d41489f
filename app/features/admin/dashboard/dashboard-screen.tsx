/**
 * The dashboard with real figures (admin spec §2 "Dashboard", §9): recent sales with the 7-day
 * chart, upcoming appointments, activity, today's next appointments, top services and top team
 * member. Re-reads its loader every 30 seconds while the tab is visible.
 */
import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { DataTable } from "#app/features/admin/kit/data-table.tsx";
import { PageHeader } from "#app/features/admin/kit/page-header.tsx";
import { DASHBOARD_REFRESH_MS, type DashboardView, type MyDay } from "#common/dashboard.ts";
import { formatLagosDateTime } from "#common/lagos-time.ts";
import { formatNaira } from "#common/money.ts";
import { SalesChart } from "./sales-chart.tsx";

function Card({
  title,
  children,
  className,
}: {
  title: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section
      className={`rounded-lg border border-gray-200 bg-white p-5 shadow-sm ${className ?? ""}`}
    >
      <h2 className="text-base font-semibold text-ink">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <dt className="text-xs text-gray-700">{label}</dt>
      <dd className="text-lg font-semibold text-ink" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** A therapist's own day (issue 28 item 6): their appointments today and their counts. */
function MyDayCard({ day }: { day: MyDay }) {
  return (
    <Card title="My day" className="xl:col-span-2">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Today" value={String(day.figures.today)} testId="my-today" />
        <Figure
          label="Completed today"
          value={String(day.figures.completedToday)}
          testId="my-completed-today"
        />
        <Figure
          label="Next 7 days"
          value={String(day.figures.nextSevenDays)}
          testId="my-next-seven-days"
        />
        <Figure
          label="Completed this month"
          value={String(day.figures.completedThisMonth)}
          testId="my-completed-month"
        />
      </dl>
      {day.today.length === 0 ? (
        <p className="mt-3 text-sm text-gray-700">No appointments with you today.</p>
      ) : (
        <ul className="mt-3 grid gap-2 text-sm" aria-label="My appointments today">
          {day.today.map((a) => (
            <li key={a.id} className="flex justify-between gap-2">
              {/* A long name or service wraps rather than push the time off a phone's screen. */}
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <span className="font-medium">{a.customerName}</span> · {a.serviceName}
              </span>
              <span className="shrink-0 text-gray-700">
                {formatLagosDateTime(a.date).split(", ")[1]} · {a.status}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * The dashboard as the signed-in role may see it (common/dashboard.ts `DashboardView`): money
 * cards for a manager only, a therapist's own day instead of the clinic's.
 */
export function DashboardScreen({ dashboard: d }: { dashboard: DashboardView }) {
  const revalidator = useRevalidator();
  // Figures are at most 30 seconds old while the dashboard is open and visible (admin spec §9).
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") {
        void revalidator.revalidate();
      }
    }, DASHBOARD_REFRESH_MS);
    return () => clearInterval(timer);
  }, [revalidator]);
  return (
    <>
      <PageHeader title="Dashboard" />
      <div className="grid gap-4 xl:grid-cols-3">
        {d.myDay && <MyDayCard day={d.myDay} />}
        {d.recentSales && <RecentSales sales={d.recentSales} />}
        <Card title="Upcoming appointments">
          <p className="text-sm text-gray-700">Next 7 days</p>
          <dl className="mt-2 grid grid-cols-2 gap-3">
            <Figure label="Booked" value={String(d.upcoming.count)} testId="upcoming-count" />
            {d.upcoming.value !== null && (
              <Figure label="Value" value={formatNaira(d.upcoming.value)} testId="upcoming-value" />
            )}
          </dl>
          {d.upcoming.items.length === 0 ? (
            <p className="mt-3 text-sm text-gray-700">No appointments in the next 7 days.</p>
          ) : (
            <ul className="mt-3 grid gap-2 text-sm">
              {d.upcoming.items.slice(0, 5).map((a) => (
                <li key={a.id} className="flex justify-between gap-2">
                  <span className="min-w-0 [overflow-wrap:anywhere]">
                    <span className="font-medium">{a.customerName}</span> · {a.serviceName}
                  </span>
                  <span className="shrink-0 text-gray-700">{formatLagosDateTime(a.date)}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        {d.activity && <AppointmentsActivityCard activity={d.activity} />}
        <Card title="Today's next appointments">
          {d.todayNext.length === 0 ? (
            <p className="text-sm text-gray-700">No more appointments today.</p>
          ) : (
            <ul className="grid gap-2 text-sm">
              {d.todayNext.map((a) => (
                <li key={a.id} className="flex justify-between gap-2">
                  <span className="min-w-0 [overflow-wrap:anywhere]">
                    <span className="font-medium">{a.customerName}</span> · {a.serviceName}
                  </span>
                  <span className="shrink-0 text-gray-700">
                    {formatLagosDateTime(a.date).split(", ")[1]}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        {d.topServices && <TopServicesCard topServices={d.topServices} />}
        {d.topStaff && <TopTeamMemberCard topStaff={d.topStaff} />}
      </div>
    </>
  );
}

function AppointmentsActivityCard({
  activity,
}: {
  activity: NonNullable<DashboardView["activity"]>;
}) {
  return (
    <Card title="Appointments activity">
      {activity.length === 0 ? (
        <p className="text-sm text-gray-700">No activity yet.</p>
      ) : (
        <ul className="grid gap-2 text-sm">
          {activity.map((a) => (
            <li key={a.id}>
              <span className="mr-2 rounded bg-gray-200 px-1.5 py-0.5 text-xs font-semibold capitalize text-gray-900">
                {a.type}
              </span>
              {a.title}
              <span className="block text-xs text-gray-700">{formatLagosDateTime(a.at)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function TopServicesCard({
  topServices,
}: {
  topServices: NonNullable<DashboardView["topServices"]>;
}) {
  return (
    <Card title="Top services">
      {topServices.length === 0 ? (
        <p className="text-sm text-gray-700">No appointments this month yet.</p>
      ) : (
        <DataTable
          plain
          caption="Top services"
          columns={[
            { header: "Service", cell: (s) => s.name },
            { header: "This month", align: "right", cell: (s) => s.thisMonth },
            { header: "Last month", align: "right", cell: (s) => s.lastMonth },
          ]}
          rows={topServices}
          rowKey={(s) => s.name}
        />
      )}
    </Card>
  );
}

/** Team revenue and sales: a manager's only ('revenue.view', 'pay.view'). */
function TopTeamMemberCard({ topStaff }: { topStaff: NonNullable<DashboardView["topStaff"]> }) {
  return (
    <Card title="Top team member">
      {topStaff.length === 0 ? (
        <p className="text-sm text-gray-700">Team figures appear once staff members are added.</p>
      ) : (
        <ul className="grid gap-2 text-sm">
          {topStaff.map((s) => (
            <li key={s.name} className="flex items-baseline justify-between gap-2">
              <span>
                <span className="font-medium">{s.name}</span>
                <span className="block text-xs text-gray-700">
                  {s.appointments} completed appointment{s.appointments === 1 ? "" : "s"} ·{" "}
                  {formatNaira(s.sales)} sales this month
                </span>
              </span>
              <span>{formatNaira(s.revenue)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Clinic revenue of the last 7 days: a manager's only ('revenue.view'). */
function RecentSales({ sales }: { sales: NonNullable<DashboardView["recentSales"]> }) {
  return (
    <Card title="Recent sales" className="xl:col-span-2">
      <p className="text-sm text-gray-700">Last 7 days</p>
      <dl className="mt-2 grid grid-cols-3 gap-3">
        <Figure
          label="Total revenue"
          value={formatNaira(sales.totalRevenue)}
          testId="total-revenue"
        />
        <Figure
          label="Sales revenue"
          value={formatNaira(sales.salesRevenue)}
          testId="sales-revenue"
        />
        <Figure
          label="Appointments value"
          value={formatNaira(sales.appointmentsValue)}
          testId="appointments-value"
        />
      </dl>
      <div className="mt-4">
        <SalesChart days={sales.days} />
      </div>
    </Card>
  );
}
