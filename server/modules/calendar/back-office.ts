/**
 * The calendar's part of the back office (server/back-office.ts): appointments in the top-bar
 * search, the tables Clear Admin Data empties, and appointments on the dashboard (admin spec §2
 * "Dashboard": Upcoming appointments, Today's next, Appointments activity, Top services, Top
 * team member, and the value of completed appointments in Recent sales). Money is naira (the
 * service price, or the §9 fallback when unknown); ranges are UTC instants.
 */
import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  isNotNull,
  lt,
  ne,
  notExists,
  notInArray,
  or,
  sql,
} from "drizzle-orm";
import { INACTIVE_APPOINTMENT_STATUSES } from "#common/calendar.ts";
import { type AppointmentItem, dashboardServicePrice } from "#common/dashboard.ts";
import { formatLagosDateTime, lagosDate } from "#common/lagos-time.ts";
import { koboToNaira } from "#common/money.ts";
import {
  type ClearableTable,
  type DashboardSource,
  SEARCH_LIMIT_PER_KIND,
  type SearchSource,
} from "#server/back-office.ts";
import type { Db } from "#server/db/client.ts";
import { appointments, blockedTimes } from "#server/db/schema/calendar.ts";
import { saleLines, sales } from "#server/db/schema/sales.ts";
import { staff } from "#server/db/schema/staff.ts";

export const calendarClearable: ClearableTable[] = [
  { name: "appointments", table: appointments },
  { name: "blocked_times", table: blockedTimes },
];

const INACTIVE = [...INACTIVE_APPOINTMENT_STATUSES];

/** An appointment's dashboard value in naira: its price, else the §9 fallback for its name. */
function dashboardValue(serviceName: string, priceKobo: number | null): number {
  return dashboardServicePrice(serviceName, priceKobo === null ? null : koboToNaira(priceKobo));
}

/** Appointments whose client, contact, service or notes match; latest first. */
export const appointmentsSearch: SearchSource = async (db, pattern) => {
  const rows = await db
    .select({
      id: appointments.id,
      customerName: appointments.customerName,
      serviceName: appointments.serviceName,
      startsAt: appointments.startsAt,
      status: appointments.status,
    })
    .from(appointments)
    .where(
      or(
        ilike(appointments.customerName, pattern),
        ilike(appointments.customerEmail, pattern),
        ilike(appointments.customerPhone, pattern),
        ilike(appointments.serviceName, pattern),
        ilike(appointments.notes, pattern),
      ),
    )
    .orderBy(desc(appointments.startsAt), desc(appointments.id))
    .limit(SEARCH_LIMIT_PER_KIND);
  return rows.map((a) => ({
    kind: "appointment" as const,
    id: String(a.id),
    title: `${a.customerName} · ${a.serviceName}`,
    subtitle: `${formatLagosDateTime(a.startsAt)} · ${a.status}`,
    href: `/admin/calendar?date=${lagosDate(a.startsAt)}&appointment=${a.id}`,
  }));
};

/** Active appointments starting in [from, to), by start. */
async function appointmentsBetween(db: Db, from: Date, to: Date) {
  return db
    .select({
      id: appointments.id,
      customerName: appointments.customerName,
      serviceName: appointments.serviceName,
      startsAt: appointments.startsAt,
      status: appointments.status,
      priceKobo: appointments.priceKobo,
    })
    .from(appointments)
    .where(
      and(
        gte(appointments.startsAt, from),
        lt(appointments.startsAt, to),
        notInArray(appointments.status, INACTIVE),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
}

/**
 * Appointments on the dashboard. A booking request that became an appointment is counted here
 * only: the bookings source leaves out bookings that have one.
 */
export const calendarDashboard: DashboardSource = {
  async revenue(db, from, to) {
    const rows = await appointmentsBetween(db, from, to);
    return rows
      .filter((a) => a.status === "completed")
      .map((a) => ({
        at: a.startsAt,
        kind: "appointment" as const,
        value: dashboardValue(a.serviceName, a.priceKobo),
      }));
  },
  async appointments(db, from, to): Promise<AppointmentItem[]> {
    return (await appointmentsBetween(db, from, to)).map((a) => ({
      id: String(a.id),
      customerName: a.customerName,
      serviceName: a.serviceName,
      date: a.startsAt.toISOString(),
      status: a.status,
      value: dashboardValue(a.serviceName, a.priceKobo),
    }));
  },
  async activity(db, limit) {
    const rows = await db
      .select({
        id: appointments.id,
        customerName: appointments.customerName,
        serviceName: appointments.serviceName,
        startsAt: appointments.startsAt,
        createdAt: appointments.createdAt,
      })
      .from(appointments)
      .orderBy(desc(appointments.createdAt), desc(appointments.id))
      .limit(limit);
    return rows.map((a) => ({
      id: `appointment-${a.id}`,
      type: "appointment" as const,
      title: `${a.customerName} booked ${a.serviceName}`,
      detail: formatLagosDateTime(a.startsAt),
      at: a.createdAt.toISOString(),
    }));
  },
  async serviceCounts(db, from, to) {
    const rows = await db
      .select({ name: appointments.serviceName, count: sql<number>`count(*)::int` })
      .from(appointments)
      .where(
        and(
          gte(appointments.startsAt, from),
          lt(appointments.startsAt, to),
          notInArray(appointments.status, INACTIVE),
        ),
      )
      .groupBy(appointments.serviceName);
    return rows.map((r) => ({ name: r.name, count: Number(r.count) }));
  },
  async staffRevenue(db, from, to) {
    const rows = await db
      .select({
        firstName: staff.firstName,
        lastName: staff.lastName,
        serviceName: appointments.serviceName,
        priceKobo: appointments.priceKobo,
      })
      .from(appointments)
      .innerJoin(staff, eq(staff.id, appointments.staffId))
      .where(
        and(
          isNotNull(appointments.staffId),
          eq(appointments.status, "completed"),
          gte(appointments.startsAt, from),
          lt(appointments.startsAt, to),
          // A visit checked out at the till is counted once, as its sale line (teamFigures).
          notExists(
            db
              .select({ one: sql`1` })
              .from(saleLines)
              .innerJoin(sales, eq(sales.id, saleLines.saleId))
              .where(and(eq(saleLines.appointmentId, appointments.id), ne(sales.status, "voided"))),
          ),
        ),
      );
    const byName = new Map<string, number>();
    for (const r of rows) {
      const name = `${r.firstName} ${r.lastName}`.trim();
      byName.set(name, (byName.get(name) ?? 0) + dashboardValue(r.serviceName, r.priceKobo));
    }
    return [...byName].map(([name, revenue]) => ({ name, revenue }));
  },
};
