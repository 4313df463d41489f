/**
 * Dashboard figures from the database (admin spec §2 "Dashboard", §9): recent sales of the last
 * 7 Lagos days with a per-day series, upcoming appointments of the next 7 days, the latest
 * activity, today's next appointments, top services this month against last month, and top team
 * members. Composed from every module's `DashboardSource` (registry.ts); no random numbers: what
 * is not recorded reads as zero or empty. Money is naira.
 */
import type { AppointmentItem, Dashboard, DayFigure } from "#common/dashboard.ts";
import {
  lagosDate,
  lagosDayRange,
  lagosDayStart,
  lagosInstant,
  lagosMonth,
  lagosWeekdayName,
  previousLagosMonth,
  shiftLagosDate,
} from "#common/lagos-time.ts";
import type { RevenueItem } from "#server/back-office.ts";
import type { Db } from "#server/db/client.ts";
import { DASHBOARD_SOURCES } from "./registry.ts";

/** How many activity items and today's appointments the dashboard shows (admin spec §2). */
const ACTIVITY_LIMIT = 5;
const TODAY_NEXT_LIMIT = 5;
/** Top services shown (admin spec §2: top 3). */
const TOP_SERVICES = 3;
/** Top team members shown (admin spec §2: first 3 staff). */
const TOP_STAFF = 3;

/** Calls `pick` on every source that has that part and concatenates the results. */
async function gather<T>(
  pick: (s: (typeof DASHBOARD_SOURCES)[number]) => Promise<T[]> | undefined,
): Promise<T[]> {
  const parts = await Promise.all(DASHBOARD_SOURCES.map((s) => pick(s) ?? Promise.resolve([])));
  return parts.flat();
}

function byStart(a: AppointmentItem, b: AppointmentItem): number {
  return a.date.localeCompare(b.date);
}

/**
 * Top team members (admin spec §2: "first 3 staff"): revenue (appointments' value from
 * staffRevenue sources, plus POS sales) with completed appointments and sales from teamFigures
 * sources, highest revenue first; members without figures keep their place in the staff list
 * after them, so a team with no sales yet still shows its first 3 members at ₦0.
 */
function topTeam(
  revenue: Array<{ name: string; revenue: number }>,
  figures: Array<{ name: string; appointments: number; sales: number }>,
): Dashboard["topStaff"] {
  const byName = new Map<string, Dashboard["topStaff"][number]>();
  const of = (name: string) => {
    let row = byName.get(name);
    if (!row) {
      row = { name, revenue: 0, appointments: 0, sales: 0 };
      byName.set(name, row);
    }
    return row;
  };
  // Figures first: their order (the staff list's) is the order of members who tie.
  for (const f of figures) {
    const row = of(f.name);
    row.appointments += f.appointments;
    row.sales += f.sales;
    row.revenue += f.sales;
  }
  for (const r of revenue) of(r.name).revenue += r.revenue;
  // A stable sort: ties keep the staff list's order (teamFigures lists members by id).
  return [...byName.values()]
    .sort((a, b) => b.revenue - a.revenue || b.appointments - a.appointments)
    .slice(0, TOP_STAFF);
}

/** Computes the dashboard at `now`. */
export async function dashboard(db: Db, now: Date = new Date()): Promise<Dashboard> {
  const todayDate = lagosDate(now);
  const weekAgoDate = shiftLagosDate(todayDate, -6);
  const weekAgo = lagosDayStart(weekAgoDate) as Date;
  const tomorrow = lagosDayRange(todayDate).to;
  const weekAhead = new Date(now.getTime() + 7 * 86_400_000);
  const { from: monthStart, to: nextMonthStart } = lagosMonth(now);
  const lastMonthStart = previousLagosMonth(now).from;

  const [revenue, upcomingItems, activity, thisMonth, lastMonth, staff, team] = await Promise.all([
    gather<RevenueItem>((s) => s.revenue?.(db, weekAgo, tomorrow)),
    gather<AppointmentItem>((s) => s.appointments?.(db, now, weekAhead)),
    gather((s) => s.activity?.(db, ACTIVITY_LIMIT)),
    gather((s) => s.serviceCounts?.(db, monthStart, nextMonthStart)),
    gather((s) => s.serviceCounts?.(db, lastMonthStart, monthStart)),
    gather((s) => s.staffRevenue?.(db, monthStart, nextMonthStart)),
    gather((s) => s.teamFigures?.(db, monthStart, nextMonthStart)),
  ]);

  const days: DayFigure[] = [];
  for (let i = 0; i < 7; i++) {
    const key = shiftLagosDate(weekAgoDate, i);
    const ofDay = revenue.filter((r) => lagosDate(r.at) === key);
    const appointments = ofDay.filter((r) => r.kind === "appointment");
    const sales = ofDay.filter((r) => r.kind === "sale");
    const appointmentsRevenue = appointments.reduce((sum, r) => sum + r.value, 0);
    const salesRevenue = sales.reduce((sum, r) => sum + r.value, 0);
    days.push({
      date: key,
      label: lagosWeekdayName(lagosInstant(key, 0), true),
      appointments: appointments.length,
      sales: sales.length,
      revenue: appointmentsRevenue + salesRevenue,
      appointmentsRevenue,
      salesRevenue,
    });
  }
  const appointmentsValue = days.reduce((sum, d) => sum + d.appointmentsRevenue, 0);
  const salesRevenue = days.reduce((sum, d) => sum + d.salesRevenue, 0);

  upcomingItems.sort(byStart);
  const tomorrowIso = tomorrow.toISOString();
  const todayNext = upcomingItems.filter((i) => i.date < tomorrowIso).slice(0, TODAY_NEXT_LIMIT);

  const sumByName = (rows: Array<{ name: string; count: number }>) => {
    const totals = new Map<string, number>();
    for (const r of rows) totals.set(r.name, (totals.get(r.name) ?? 0) + r.count);
    return totals;
  };
  const lastMonthCounts = sumByName(lastMonth);
  const topServices = [...sumByName(thisMonth)]
    .map(([name, count]) => ({ name, thisMonth: count, lastMonth: lastMonthCounts.get(name) ?? 0 }))
    .sort((a, b) => b.thisMonth - a.thisMonth || a.name.localeCompare(b.name))
    .slice(0, TOP_SERVICES);

  return {
    recentSales: {
      totalRevenue: salesRevenue + appointmentsValue,
      salesRevenue,
      appointmentsValue,
      days,
    },
    upcoming: {
      count: upcomingItems.length,
      value: upcomingItems.reduce((sum, i) => sum + i.value, 0),
      items: upcomingItems,
    },
    activity: activity.sort((a, b) => b.at.localeCompare(a.at)).slice(0, ACTIVITY_LIMIT),
    todayNext,
    topServices,
    topStaff: topTeam(staff, team),
  };
}
