/**
 * The dashboard per role (issue 28 item 6; common/dashboard.ts `DashboardView`): the manager's
 * is admin spec §2's whole dashboard; the front desk's leaves out every money figure
 * ('revenue.view'); a therapist's is their own day, read from their own appointments only
 * (calendar queries with their staff id), so nothing of other members or clinic revenue is
 * computed for them at all.
 */
import type { AdminIdentity } from "#common/auth.ts";
import type { Appointment } from "#common/calendar.ts";
import { INACTIVE_APPOINTMENT_STATUSES } from "#common/calendar.ts";
import type { AppointmentItem, DashboardView, MyDay } from "#common/dashboard.ts";
import { lagosDate, lagosDayRange, lagosMonth } from "#common/lagos-time.ts";
import { reachOf } from "#common/roles.ts";
import type { Db } from "#server/db/client.ts";
import { calendarPages } from "#server/modules/calendar/pages.ts";
import { dashboard } from "./dashboard.ts";

const WEEK_MS = 7 * 86_400_000;
const inactive: readonly string[] = INACTIVE_APPOINTMENT_STATUSES;

/** An appointment as a dashboard line, without its value (no money on a therapist's day). */
function item(a: Appointment): AppointmentItem {
  return {
    id: a.id,
    customerName: a.customerName,
    serviceName: a.serviceName,
    date: a.appointmentDate,
    status: a.status,
    value: 0,
  };
}

/**
 * Member `staffId`'s day and counts at `now` (times UTC; days and month in Lagos time), and
 * their appointments of the next 7 days, by start.
 */
export async function myDay(
  db: Db,
  staffId: number,
  now: Date,
): Promise<MyDay & { upcoming: AppointmentItem[] }> {
  const read = calendarPages(db).appointments;
  const day = lagosDayRange(lagosDate(now));
  const month = lagosMonth(now);
  const iso = (d: Date) => d.toISOString();
  const [monthRows, weekRows] = await Promise.all([
    read({ from: iso(month.from), to: iso(month.to), staffId }),
    read({ from: iso(now), to: iso(new Date(now.getTime() + WEEK_MS)), staffId }),
  ]);
  const active = (a: Appointment) => !inactive.includes(a.status);
  const todayRows = monthRows
    .filter((a) => {
      const t = Date.parse(a.appointmentDate);
      return active(a) && t >= day.from.getTime() && t < day.to.getTime();
    })
    .sort((a, b) => a.appointmentDate.localeCompare(b.appointmentDate));
  const upcoming = weekRows
    .filter(active)
    .sort((a, b) => a.appointmentDate.localeCompare(b.appointmentDate))
    .map(item);
  return {
    today: todayRows.map(item),
    upcoming,
    figures: {
      today: todayRows.length,
      completedToday: todayRows.filter((a) => a.status === "completed").length,
      nextSevenDays: weekRows.filter(active).length,
      completedThisMonth: monthRows.filter((a) => a.status === "completed").length,
    },
  };
}

/**
 * The dashboard `viewer` may see at `now`. A therapist without a staff record gets an empty day.
 */
export async function dashboardFor(
  db: Db,
  viewer: AdminIdentity,
  now: Date = new Date(),
): Promise<DashboardView> {
  if (reachOf(viewer.role, "calendar.viewAll") !== "all") {
    const { upcoming, ...mine } = viewer.staffId
      ? await myDay(db, viewer.staffId, now)
      : { ...emptyDay(), upcoming: [] };
    const tomorrow = lagosDayRange(lagosDate(now)).to.getTime();
    return {
      scope: "own",
      recentSales: null,
      upcoming: { count: upcoming.length, value: null, items: upcoming },
      activity: null,
      todayNext: upcoming.filter((a) => Date.parse(a.date) < tomorrow),
      topServices: null,
      topStaff: null,
      myDay: mine,
    };
  }
  const full = await dashboard(db, now);
  if (reachOf(viewer.role, "revenue.view") === "all") {
    return { scope: "clinic", ...full, myDay: null };
  }
  const noValue = (items: AppointmentItem[]) => items.map((i) => ({ ...i, value: 0 }));
  return {
    scope: "desk",
    recentSales: null,
    upcoming: { count: full.upcoming.count, value: null, items: noValue(full.upcoming.items) },
    activity: full.activity,
    todayNext: noValue(full.todayNext),
    topServices: full.topServices,
    topStaff: null,
    myDay: null,
  };
}

function emptyDay(): MyDay {
  return {
    today: [],
    figures: { today: 0, completedToday: 0, nextSevenDays: 0, completedThisMonth: 0 },
  };
}
