/**
 * Booking requests: validation of the requested time against the booking rules and of the
 * service against the catalogue, then one insert (storefront spec §5, §7; admin spec §3 "Booking").
 */
import { desc, eq } from "drizzle-orm";
import {
  BOOKING_MESSAGES,
  type BookingRequest,
  checkBookingDate,
  parseBookingDate,
} from "../../../common/booking.ts";
import { findServiceCategory } from "../../../common/catalog.ts";
import type { Db } from "../../db/client.ts";
import { bookings, services } from "../../db/schema.ts";
import { HttpError } from "../../http.ts";

export type BookingRecord = {
  id: number;
  name: string;
  email: string;
  phone: string;
  service: string;
  serviceName: string;
  /** The appointment time, ISO 8601 UTC. */
  date: string;
  message: string | null;
  status: string;
  processed: boolean;
  /** When the request was made, ISO 8601 UTC. */
  createdAt: string;
};

const bookingColumns = {
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

function toRecord(row: typeof bookings.$inferSelect): BookingRecord {
  return { ...row, date: row.date.toISOString(), createdAt: row.createdAt.toISOString() };
}

/** The service's display name for a booking's `service` value, or null when it names none. */
async function resolveServiceName(db: Db, service: string): Promise<string | null> {
  const consultation = /^consultation-([a-z-]+)$/.exec(service);
  if (consultation) {
    const category = findServiceCategory(consultation[1] as string);
    return category ? `${category.name} Consultation` : null;
  }
  if (!/^[1-9]\d{0,9}$/.test(service) || Number(service) > 2147483647) return null;
  const [row] = await db
    .select({ name: services.name })
    .from(services)
    .where(eq(services.id, Number(service)));
  return row?.name ?? null;
}

/**
 * Records a booking request.
 * @param input parsed POST /api/bookings payload; `date` as 'YYYY-MM-DD at h:mm AM' (Lagos) or ISO.
 * @param options.staff true for a signed-in admin: any half hour 08:00–19:30 on any date.
 * @throws HttpError 400 with `fields.date`, `fields.time` or `fields.service` and the spec's message.
 */
export async function createBooking(
  db: Db,
  input: BookingRequest,
  options: { now?: Date; staff?: boolean } = {},
): Promise<BookingRecord> {
  const now = options.now ?? new Date();
  const parsed = parseBookingDate(input.date);
  const badField = parsed.ok
    ? checkBookingDate(parsed, { now, staff: options.staff ?? false })
    : parsed.field;
  if (badField === "date") {
    throw new HttpError(400, "Please select a date from today up to 90 days ahead", {
      date: BOOKING_MESSAGES.date,
    });
  }
  if (badField === "time" || !parsed.ok) {
    throw new HttpError(400, "Please select one of the available appointment times", {
      time: BOOKING_MESSAGES.time,
    });
  }
  const serviceName = await resolveServiceName(db, input.service);
  if (!serviceName) {
    throw new HttpError(400, BOOKING_MESSAGES.service, { service: BOOKING_MESSAGES.service });
  }
  const [row] = await db
    .insert(bookings)
    .values({
      name: input.name,
      email: input.email.toLowerCase(),
      phone: input.phone,
      service: input.service,
      serviceName,
      date: parsed.instant,
      message: input.message || null,
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return toRecord(row);
}

/** All booking requests, newest first (admin bookings list). */
export async function listBookings(db: Db): Promise<BookingRecord[]> {
  const rows = await db
    .select(bookingColumns)
    .from(bookings)
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
  return rows.map(toRecord);
}
