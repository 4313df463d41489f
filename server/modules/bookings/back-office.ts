/**
 * The booking requests' part of the back office (server/back-office.ts): booking search, the
 * table Clear Admin Data empties, and bookings on the dashboard (admin spec §2, §9). A booking
 * with no appointment stands for its appointment: processed ones count as completed (Recent
 * sales), the rest as pending (Upcoming, Today's next). A booking that became an appointment on
 * the calendar (appointments.booking_id) is counted by the calendar's source only, never twice.
 * Money is naira.
 */
import { and, asc, desc, gte, ilike, lt, notExists, notInArray, or, sql } from "drizzle-orm";
import { CONSULTATION_PRICE } from "#common/catalog.ts";
import { type AppointmentItem, dashboardServicePrice } from "#common/dashboard.ts";
import { formatLagosDateTime } from "#common/lagos-time.ts";
import { koboToNaira } from "#common/money.ts";
import {
  type ClearableTable,
  type DashboardSource,
  SEARCH_LIMIT_PER_KIND,
  type SearchSource,
} from "#server/back-office.ts";
import type { Db } from "#server/db/client.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { services } from "#server/db/schema/catalog.ts";

/** Booking statuses that do not take place. */
const NOT_HAPPENING = ["cancelled", "no-show"];

/** The booking has no appointment on the calendar (that one is counted instead). */
const withoutAppointment = () =>
  notExists(sql`(select 1 from ${appointments} where ${appointments.bookingId} = ${bookings.id})`);

/** Bookings whose client, contact, service or message matches. */
export const bookingsSearch: SearchSource = async (db, pattern, q) => {
  const rows = await db
    .select({
      id: bookings.id,
      name: bookings.name,
      serviceName: bookings.serviceName,
      date: bookings.date,
    })
    .from(bookings)
    .where(
      or(
        ilike(bookings.name, pattern),
        ilike(bookings.email, pattern),
        ilike(bookings.phone, pattern),
        ilike(bookings.serviceName, pattern),
        ilike(bookings.message, pattern),
      ),
    )
    .orderBy(desc(bookings.createdAt))
    .limit(SEARCH_LIMIT_PER_KIND);
  return rows.map((b) => ({
    kind: "booking" as const,
    id: String(b.id),
    title: `${b.name} · ${b.serviceName}`,
    subtitle: `Appointment ${formatLagosDateTime(b.date)}`,
    href: `/admin/bookings?q=${encodeURIComponent(q)}`,
  }));
};

export const bookingsClearable: ClearableTable[] = [{ name: "bookings", table: bookings }];

/** Bookings taking place in [from, to), by time, with their service's price (kobo) if any. */
async function bookingsBetween(db: Db, from: Date, to: Date) {
  return db
    .select({
      id: bookings.id,
      name: bookings.name,
      service: bookings.service,
      serviceName: bookings.serviceName,
      date: bookings.date,
      status: bookings.status,
      processed: bookings.processed,
      priceKobo: services.priceKobo,
    })
    .from(bookings)
    .leftJoin(
      services,
      // Compared as text: a consultation booking's service ('consultation-facial') is no id.
      sql`${services.id}::text = ${bookings.service}`,
    )
    .where(
      and(
        gte(bookings.date, from),
        lt(bookings.date, to),
        notInArray(bookings.status, NOT_HAPPENING),
        withoutAppointment(),
      ),
    )
    .orderBy(asc(bookings.date));
}

function toItem(b: Awaited<ReturnType<typeof bookingsBetween>>[number]): AppointmentItem {
  return {
    id: `booking-${b.id}`,
    customerName: b.name,
    serviceName: b.serviceName,
    date: b.date.toISOString(),
    status: b.processed ? "completed" : b.status,
    // A consultation request has the fixed consultation price (storefront spec §9).
    value: b.service.startsWith("consultation-")
      ? CONSULTATION_PRICE
      : dashboardServicePrice(
          b.serviceName,
          b.priceKobo === null ? null : koboToNaira(b.priceKobo),
        ),
  };
}

export const bookingsDashboard: DashboardSource = {
  async revenue(db, from, to) {
    const rows = await bookingsBetween(db, from, to);
    return rows
      .filter((b) => b.processed)
      .map((b) => ({ at: b.date, kind: "appointment" as const, value: toItem(b).value }));
  },
  async appointments(db, from, to) {
    // Only requests still waiting, as the calendar shows them (issue 28 item 1): a processed
    // request is its appointment, listed by the calendar's source.
    return (await bookingsBetween(db, from, to)).filter((b) => !b.processed).map(toItem);
  },
  async activity(db, limit) {
    const recent = await db
      .select({
        id: bookings.id,
        name: bookings.name,
        serviceName: bookings.serviceName,
        createdAt: bookings.createdAt,
      })
      .from(bookings)
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(limit);
    return recent.map((b) => ({
      id: `booking-${b.id}`,
      type: "booking" as const,
      title: `${b.name} requested ${b.serviceName}`,
      detail: b.serviceName,
      at: b.createdAt.toISOString(),
    }));
  },
  async serviceCounts(db, from, to) {
    const rows = await db
      .select({ name: bookings.serviceName, count: sql<number>`count(*)::int` })
      .from(bookings)
      .where(
        and(
          gte(bookings.date, from),
          lt(bookings.date, to),
          notInArray(bookings.status, NOT_HAPPENING),
          withoutAppointment(),
        ),
      )
      .groupBy(bookings.serviceName);
    return rows.map((r) => ({ name: r.name, count: Number(r.count) }));
  },
};
