/**
 * Staff figures (issue 13): a member's Overview and Pay cards, the Staff Analytics tab and the
 * dashboard's top team members. Read only; money in naira in answers; months and weeks
 * (Sunday-first) are Lagos ones.
 */
import { eq, inArray, sql } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import {
  clockMinutes,
  lagosDate,
  lagosDayStart,
  lagosMonth,
  lagosSundayWeek,
  lagosWeekday,
  shiftLagosDate,
} from "#common/lagos-time.ts";
import { koboToNaira } from "#common/money.ts";
import {
  ANALYTICS_DAYS,
  STAFF_DEPARTMENTS,
  type StaffAnalytics,
  type StaffOverview,
} from "#common/staff.ts";
import type { Db } from "#server/db/client.ts";
import { payRuns, staff, staffSchedules } from "#server/db/schema/staff.ts";
import { completedServices, memberSales } from "./member-sales.ts";
import { fullName, seesPay } from "./members.ts";
import { minutesToHours, workedMinutes } from "./payroll.ts";
import { sumHours, workedEntries } from "./time-clock.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A member's Overview and Pay figures (staff detail) as of `now`. */
export async function staffOverview(
  db: Db,
  viewer: AdminIdentity,
  staffId: number,
  now = new Date(),
): Promise<StaffOverview> {
  const month = lagosMonth(now);
  const week = lagosSundayWeek(now).from;
  const [services, sold, monthEntries, allEntries, pay] = await Promise.all([
    completedServices(db, staffId, month.from, month.to),
    memberSales(db, staffId, month.from, month.to),
    workedEntries(db, [staffId], month.from, month.to),
    workedEntries(db, [staffId], new Date(0), new Date(now.getTime() + DAY_MS)),
    db
      .select({ net: sql<number>`coalesce(sum(${payRuns.netPayKobo}), 0)::bigint` })
      .from(payRuns)
      .where(eq(payRuns.staffId, staffId)),
  ]);
  return {
    appointmentsThisMonth: services.count,
    servicesSold: services.count,
    productsSold: sold.productQuantity,
    salesThisMonth: koboToNaira(sold.kobo),
    hoursThisMonth: sumHours(monthEntries),
    hoursThisWeek: sumHours(allEntries.filter((e) => e.clockIn.getTime() >= week.getTime())),
    totalHours: sumHours(allEntries),
    totalPay: seesPay(viewer) ? koboToNaira(Number(pay[0]?.net ?? 0)) : null,
  };
}

/**
 * GET /api/staff/analytics: over the last ANALYTICS_DAYS Lagos days up to `now` — active staff,
 * their clocked hours (closed entries), average hours per member per week, attendance (clocked
 * over scheduled hours of active staff, today's schedule counted up to now, at most 100%), and
 * per department the active members and their summed hourly rates (naira).
 */
export async function staffAnalytics(db: Db, now = new Date()): Promise<StaffAnalytics> {
  const today = lagosDate(now);
  const fromDate = shiftLagosDate(today, -(ANALYTICS_DAYS - 1));
  const from = lagosDayStart(fromDate) as Date;
  const active = await db.select().from(staff).where(eq(staff.status, "active"));
  const ids = active.map((m) => m.id);
  const entries = ids.length ? await workedEntries(db, ids, from, now) : [];
  const schedules = ids.length
    ? await db.select().from(staffSchedules).where(inArray(staffSchedules.staffId, ids))
    : [];
  const totalMinutes = entries.reduce((sum, e) => sum + workedMinutes(e), 0);
  let scheduledMinutes = 0;
  for (let i = 0; i < ANALYTICS_DAYS; i++) {
    const date = shiftLagosDate(fromDate, i);
    const dayStart = lagosDayStart(date) as Date;
    const weekday = lagosWeekday(dayStart);
    for (const s of schedules) {
      if (s.dayOfWeek !== weekday) continue;
      const member = active.find((m) => m.id === s.staffId);
      if (!member || String(member.startDate) > date) continue;
      const start = dayStart.getTime() + clockMinutes(String(s.startTime)) * 60_000;
      const end = Math.min(
        dayStart.getTime() + clockMinutes(String(s.endTime)) * 60_000,
        now.getTime(),
      );
      if (end > start) scheduledMinutes += (end - start) / 60_000;
    }
  }
  const totalHours = minutesToHours(totalMinutes);
  const weeks = ANALYTICS_DAYS / 7;
  return {
    from: fromDate,
    to: today,
    activeStaff: active.length,
    totalHours,
    avgHoursPerWeek:
      active.length === 0 ? 0 : Math.round((totalHours / weeks / active.length) * 100) / 100,
    attendanceRate:
      scheduledMinutes === 0
        ? 0
        : Math.min(100, Math.round((totalMinutes / scheduledMinutes) * 1000) / 10),
    departments: STAFF_DEPARTMENTS.map((department) => {
      const members = active.filter((m) => m.department === department);
      return {
        department,
        members: members.length,
        hourlyCost: koboToNaira(members.reduce((sum, m) => sum + m.hourlyRateKobo, 0)),
      };
    }),
  };
}

/**
 * Top team member figures for the dashboard (admin spec §2, made real): per active or inactive
 * member, in the staff list's order (by id), completed appointments and their value (naira), and
 * the value of the sale lines that name them, net of refunds (naira), in [from, to); members
 * without any get zeros.
 */
export async function teamFigures(db: Db, from: Date, to: Date) {
  const members = await db
    .select({ id: staff.id, firstName: staff.firstName, lastName: staff.lastName })
    .from(staff)
    .where(inArray(staff.status, ["active", "inactive"]))
    .orderBy(staff.id);
  return Promise.all(
    members.map(async (m) => {
      const [services, sold] = await Promise.all([
        completedServices(db, m.id, from, to),
        memberSales(db, m.id, from, to),
      ]);
      return {
        name: fullName(m),
        appointments: services.count,
        appointmentsValue: koboToNaira(services.kobo),
        sales: koboToNaira(sold.kobo),
      };
    }),
  );
}
