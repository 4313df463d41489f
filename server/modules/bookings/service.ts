/**
 * Booking requests: validation of the requested time against the booking rules and of the
 * service against the catalogue, then one insert (storefront spec §5, §7; admin spec §3 "Booking").
 */

import { and, asc, desc, eq, gte, ilike, lte, or, type SQL, sql } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import type { BookingRecord } from "#common/booking.ts";
import {
  BOOKING_MESSAGES,
  type BookingListQuery,
  type BookingRequest,
  bookingPeriodStart,
  CLOSED_DAY_MESSAGE,
  checkBookingDate,
  type ParsedBookingDate,
  parseBookingDate,
} from "#common/booking.ts";
import type { BookingKind } from "#common/calendar.ts";
import { consultationFor, findServiceCategory } from "#common/catalog.ts";
import { lagosDate, lagosMinutes, parseLagosDateTime } from "#common/lagos-time.ts";
import { likePattern, type Page } from "#common/paging.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { pageCounts } from "#server/db/paging.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { services } from "#server/db/schema/catalog.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import { ensureClient } from "#server/modules/clients/service.ts";
import { refuseForPublic } from "#server/modules/health/check.ts";
import { enqueueMessage } from "#server/modules/messages/service.ts";
import { bookingReceivedMessages } from "#server/modules/messages/templates.ts";
import { kickMessages, messagingSettings } from "#server/modules/messages/worker.ts";

/**
 * Whether the request's visit has happened (issue 28 item 5, decision 0197): its appointment is
 * completed or, with no appointment, its requested time has passed. The review request waits
 * for it (server/modules/reviews/service.ts refuses it before, with the same rule).
 */
const visitCompleted = sql<boolean>`case when exists (select 1 from ${appointments} where ${appointments.bookingId} = ${bookings.id}) then exists (select 1 from ${appointments} where ${appointments.bookingId} = ${bookings.id} and ${appointments.status} = 'completed') else ${bookings.date} <= now() end`;

const bookingColumns = {
  visitCompleted,
  id: bookings.id,
  name: bookings.name,
  email: bookings.email,
  phone: bookings.phone,
  service: bookings.service,
  serviceName: bookings.serviceName,
  date: bookings.date,
  message: bookings.message,
  status: bookings.status,
  processed: bookings.processed,
  createdAt: bookings.createdAt,
};

/** The API shape of a booking row: the spec's fields only (not kind, service or client ids). */
function toRecord(
  row: Omit<typeof bookings.$inferSelect, "kind" | "serviceId" | "clientId"> & {
    visitCompleted?: boolean;
  },
): BookingRecord {
  return {
    ...(row.visitCompleted === undefined ? {} : { visitCompleted: Boolean(row.visitCompleted) }),
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    service: row.service,
    serviceName: row.serviceName,
    date: row.date.toISOString(),
    message: row.message,
    status: row.status,
    processed: row.processed,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What a booking's `service` value names: its display name, kind and catalogue service id. */
export type ResolvedService = { serviceName: string; kind: BookingKind; serviceId: number | null };

/**
 * Resolves a booking's `service` value: a service id as text ('12') or a consultation entry
 * ('consultation-{category}', common/catalog.ts `consultationFor`). Null when it names neither.
 */
export async function resolveService(db: Db, service: string): Promise<ResolvedService | null> {
  const consultation = /^consultation-([a-z-]+)$/.exec(service);
  if (consultation) {
    const category = findServiceCategory(consultation[1] as string);
    return category
      ? { serviceName: consultationFor(category).name, kind: "consultation", serviceId: null }
      : null;
  }
  if (!/^[1-9]\d{0,9}$/.test(service) || Number(service) > 2147483647) return null;
  const [row] = await db
    .select({ id: services.id, name: services.name })
    .from(services)
    .where(eq(services.id, Number(service)));
  return row ? { serviceName: row.name, kind: "service", serviceId: row.id } : null;
}

/**
 * The instant of a booking request's `date` ('YYYY-MM-DD at h:mm AM' Lagos, or ISO), checked
 * against the public slots and 90-day window, or for `staff` any half hour 08:00-19:30.
 * @throws HttpError 400 with `fields.date` or `fields.time` and the spec's message.
 */
function requestedInstant(text: string, now: Date, staff: boolean): Date {
  const parsed = parseBookingDate(text);
  const badField = parsed.ok ? checkBookingDate(parsed, { now, staff }) : parsed.field;
  if (badField === "date") {
    throw new HttpError(400, "Please select a date from today up to 90 days ahead", {
      date: BOOKING_MESSAGES.date,
    });
  }
  if (badField === "closed") {
    throw new HttpError(400, CLOSED_DAY_MESSAGE, { date: CLOSED_DAY_MESSAGE });
  }
  if (badField === "time" || !parsed.ok) {
    throw new HttpError(400, "Please select one of the available appointment times", {
      time: BOOKING_MESSAGES.time,
    });
  }
  return parsed.instant;
}

/** The first booking of the same email, service and slot made within DUPLICATE_WINDOW_MS of `now`. */
async function recentDuplicate(
  tx: Tx,
  request: { email: string; service: string; date: Date },
  now: Date,
): Promise<typeof bookings.$inferSelect | undefined> {
  const [duplicate] = await tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.email, request.email),
        eq(bookings.service, request.service),
        eq(bookings.date, request.date),
        gte(bookings.createdAt, new Date(now.getTime() - DUPLICATE_WINDOW_MS)),
      ),
    )
    .orderBy(asc(bookings.id))
    .limit(1);
  return duplicate;
}

/**
 * Records a booking request.
 * @param input parsed POST /api/bookings payload; `date` as 'YYYY-MM-DD at h:mm AM' (Lagos) or ISO.
 * @param options.staff true for a signed-in admin: any half hour 08:00–19:30 on any date.
 * @param options.admin the signed-in admin adding it; the insert is then audited (issue 6).
 * @param options.origin the site's origin for the links in the acknowledgement messages. A
 *   request from the public form (no admin) queues, in its transaction, the client's email and
 *   WhatsApp and the clinic's email and front-desk WhatsApp (issue 17; templates.ts
 *   bookingReceivedMessages), then kicks the messages worker; a repeated request queues nothing.
 * @returns the booking, and `created`: false when an identical request (same email, service and
 *   slot) was recorded in the last 10 minutes: that first booking is returned, nothing is added.
 * @throws HttpError 400 with `fields.date`, `fields.time` or `fields.service` and the spec's message.
 */
export async function createBooking(
  db: Db,
  input: BookingRequest,
  options: { now?: Date; staff?: boolean; admin?: AdminIdentity | null; origin?: string } = {},
): Promise<BookingRecord & { created: boolean }> {
  const now = options.now ?? new Date();
  const date = requestedInstant(input.date, now, options.staff ?? false);
  const resolved = await resolveService(db, input.service);
  if (!resolved) {
    throw new HttpError(400, BOOKING_MESSAGES.service, { service: BOOKING_MESSAGES.service });
  }
  // The public form, for a known client (issue 30): a consultation first, nothing of the record.
  if (!options.admin && resolved.serviceId !== null) {
    await refuseForPublic(db, input.email, { serviceIds: [resolved.serviceId] }, "treatment");
  }
  const values = {
    name: input.name,
    email: input.email.toLowerCase(),
    phone: input.phone,
    service: input.service,
    ...resolved,
    date,
    message: input.message || null,
  };
  const admin = options.admin;
  let created = true;
  const row = await db.transaction(async (tx) => {
    // Idempotent (issue 14): the same email, service and slot within DUPLICATE_WINDOW_MS is the
    // same request sent again (double click, retry); the transaction-scoped advisory lock on
    // that triple makes concurrent copies queue, so the second finds the first.
    const key = `booking:${values.email}|${values.service}|${values.date.toISOString()}`;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
    const duplicate = await recentDuplicate(tx, values, now);
    if (duplicate) {
      created = false;
      return duplicate;
    }
    // One client per person (issue 12): the booking is linked to the client with its email.
    const clientId = await ensureClient(
      tx,
      { email: values.email, name: values.name, phone: values.phone },
      { source: admin ? "manual" : "website" },
    );
    const [inserted] = await tx
      .insert(bookings)
      .values({ ...values, clientId })
      .returning();
    if (!inserted) throw new Error("insert returned no row");
    if (!admin) {
      const settings = messagingSettings(db);
      const messages = await bookingReceivedMessages(inserted, {
        origin: settings.publicUrl ?? options.origin ?? "",
        clinicWhatsApp: settings.clinicWhatsApp,
      });
      for (const message of messages) await enqueueMessage(tx, message);
    }
    // A booking added by staff is an admin change: audited with it (issue 6).
    if (admin) {
      await recordAudit(tx, admin, {
        action: "booking.create",
        entity: "booking",
        entityId: inserted.id,
        details: { ...values, date: values.date.toISOString() },
      });
    }
    return inserted;
  });
  if (created && !admin) kickMessages(db);
  return { ...toRecord(row), created };
}

/** How long an identical booking request (email, service, slot) returns the first one. */
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

/** All booking requests, newest first (admin bookings list). */
export async function listBookings(db: Db): Promise<BookingRecord[]> {
  const rows = await db
    .select(bookingColumns)
    .from(bookings)
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
  return rows.map(toRecord);
}

/** The WHERE of the admin list's filters (search text, time filter on the creation date). */
function bookingFilters(query: BookingListQuery, now: Date): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    const text = or(
      ilike(bookings.name, pattern),
      ilike(bookings.email, pattern),
      ilike(bookings.phone, pattern),
      ilike(bookings.serviceName, pattern),
      ilike(bookings.message, pattern),
    );
    if (text) conditions.push(text);
  }
  const start = bookingPeriodStart(query.period, now);
  if (start) {
    // Up to a minute ahead of `now`, so a booking made on a slightly fast clock still shows.
    conditions.push(gte(bookings.createdAt, start));
    conditions.push(lte(bookings.createdAt, new Date(now.getTime() + 60_000)));
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * One page of the admin bookings list (admin spec §2 "Bookings management"), newest first
 * (creation time, then id; bookings_created_at_idx). `q` matches name, email, phone, service
 * name or message (case-insensitive, contains); `period` keeps bookings created since the start
 * of today, this week (Monday) or this month in Lagos at `now`.
 * @returns `total` = every booking, `matching` = those the filters keep; `page` clamped to the
 *   last page.
 */
export async function listBookingsPage(
  db: Db,
  query: BookingListQuery,
  now: Date = new Date(),
): Promise<Page<BookingRecord>> {
  const where = bookingFilters(query, now);
  const { total, matching, page, offset } = await pageCounts(db, bookings, query, where);
  const rows =
    matching === 0
      ? []
      : await db
          .select(bookingColumns)
          .from(bookings)
          .where(where)
          .orderBy(desc(bookings.createdAt), desc(bookings.id))
          .limit(query.pageSize)
          .offset(offset);
  return { rows: rows.map(toRecord), total, matching, page, pageSize: query.pageSize };
}

// ---------------------------------------------------------------------------------------------
// Back-office booking management (admin spec §2 "Bookings management", §4, §7; issue 6).

/** One booking by id, or null. */
export async function getBooking(db: Db, id: number): Promise<BookingRecord | null> {
  const [row] = await db.select(bookingColumns).from(bookings).where(eq(bookings.id, id));
  return row ? toRecord(row) : null;
}

/** Processed bookings, newest first (GET /api/bookings/processed). */
export async function listProcessedBookings(db: Db): Promise<BookingRecord[]> {
  const rows = await db
    .select(bookingColumns)
    .from(bookings)
    .where(eq(bookings.processed, true))
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
  return rows.map(toRecord);
}

/**
 * A booking date as staff send it: the calendar's 'YYYY-MM-DD HH:MM' (24-hour Lagos wall time,
 * its reschedule prompt; admin spec §4) or an ISO instant, both read once by common/lagos-time.ts
 * `parseLagosDateTime`; else the booking form's 'YYYY-MM-DD at h:mm AM' (`parseBookingDate`).
 * @returns the instant with its Lagos day and minutes after midnight, for `checkBookingDate`.
 */
function staffBookingDate(text: string): ParsedBookingDate {
  const instant = parseLagosDateTime(text);
  if (!instant) return parseBookingDate(text);
  // A time with seconds is off every slot (as parseBookingDate rules); Lagos is whole hours from UTC.
  if (instant.getTime() % 60_000 !== 0) return { ok: false, field: "time" };
  return { ok: true, instant, date: lagosDate(instant), minutes: lagosMinutes(instant) };
}

export type BookingPatch = Partial<{
  name: string;
  email: string;
  phone: string;
  service: string;
  date: string;
  message: string;
  status: string;
  processed: boolean;
}>;

/**
 * Updates a booking from the admin (PATCH /api/bookings/{id}): edited fields, status, processed
 * or a new date (any half hour 08:00–19:30, as staff may book). Audited in the same transaction.
 * @throws HttpError 404 unknown id; 400 with the field's message for a bad date or service.
 */
export async function updateBooking(
  db: Db,
  admin: AdminIdentity,
  id: number,
  patch: BookingPatch,
  options: { action?: string } = {},
): Promise<BookingRecord> {
  const values: Partial<typeof bookings.$inferInsert> = {};
  if (patch.name !== undefined) values.name = patch.name;
  if (patch.email !== undefined) values.email = patch.email.toLowerCase();
  if (patch.phone !== undefined) values.phone = patch.phone;
  if (patch.message !== undefined) values.message = patch.message || null;
  if (patch.status !== undefined) values.status = patch.status;
  if (patch.processed !== undefined) values.processed = patch.processed;
  if (patch.service !== undefined) {
    const resolved = await resolveService(db, patch.service);
    if (!resolved) {
      throw new HttpError(400, "Service is required", { service: "Service is required" });
    }
    values.service = patch.service;
    Object.assign(values, resolved);
  }
  if (patch.date !== undefined) {
    const parsed = staffBookingDate(patch.date);
    const bad = parsed.ok ? checkBookingDate(parsed, { now: new Date(), staff: true }) : "date";
    if (bad || !parsed.ok) {
      throw new HttpError(400, "Please choose a time on the half hour from 08:00 to 19:30", {
        date: "Please choose a time on the half hour from 08:00 to 19:30",
      });
    }
    values.date = parsed.instant;
  }
  return db.transaction(async (tx) => {
    const [row] = await tx.update(bookings).set(values).where(eq(bookings.id, id)).returning();
    if (!row) throw new HttpError(404, "Booking not found");
    await recordAudit(tx, admin, {
      action: options.action ?? "booking.update",
      entity: "booking",
      entityId: id,
      details: patch,
    });
    return toRecord(row);
  });
}

/**
 * Marks an unprocessed booking as a no-show and processed (PATCH /api/bookings/{id}/no-show).
 * @throws HttpError 404 unknown id; 409 when it is already a no-show or already processed.
 */
export async function markNoShow(db: Db, admin: AdminIdentity, id: number): Promise<BookingRecord> {
  const booking = await getBooking(db, id);
  if (!booking) throw new HttpError(404, "Booking not found");
  if (booking.status === "no-show") {
    throw new HttpError(409, "This booking is already marked as a no-show");
  }
  if (booking.processed) {
    throw new HttpError(409, "A processed booking cannot be marked as a no-show");
  }
  return updateBooking(
    db,
    admin,
    id,
    { status: "no-show", processed: true },
    { action: "booking.no-show" },
  );
}

// ---------------------------------------------------------------------------------------------
// Writes inside another module's transaction: the calendar acting on a booking request (admin
// spec §4) changes the booking and its appointment together, so these take the caller's `tx`.
// The bookings table has no other writer (issue 27).

/**
 * Locks booking `id` (SELECT … FOR UPDATE) until the caller's transaction ends, so two actions on
 * one request queue. @returns false when no such booking exists.
 */
export async function lockBooking(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.id, id))
    .for("update");
  return row !== undefined;
}

/** The state of a booking request the calendar may change: status, processed, requested time. */
export type BookingStateChange = Partial<{ status: string; processed: boolean; date: Date }>;

/**
 * Sets `change` on booking `id` in the caller's transaction; the caller audits the action.
 * @throws HttpError 404 for an unknown id.
 */
export async function setBookingState(
  tx: Tx,
  id: number,
  change: BookingStateChange,
): Promise<void> {
  const rows = await tx
    .update(bookings)
    .set(change)
    .where(eq(bookings.id, id))
    .returning({ id: bookings.id });
  if (rows.length === 0) throw new HttpError(404, "Booking not found");
}

/** Deletes a booking; a review of it stays. @throws HttpError 404 for an unknown id. */
export async function deleteBooking(db: Db, admin: AdminIdentity, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(bookings).where(eq(bookings.id, id)).returning();
    if (!row) throw new HttpError(404, "Booking not found");
    await recordAudit(tx, admin, {
      action: "booking.delete",
      entity: "booking",
      entityId: id,
      details: { name: row.name, email: row.email, serviceName: row.serviceName },
    });
  });
}
