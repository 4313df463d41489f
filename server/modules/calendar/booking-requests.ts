/**
 * Online booking requests as the calendar shows them (admin spec §3): an unprocessed request with
 * no appointment yet is a virtual pending appointment 'booking-{id}' at the requested time, with
 * its service's duration and price (a consultation's for a consultation). Reads only: the
 * `bookings` table is written by the bookings module (server/modules/bookings/service.ts).
 * Money is kobo here and naira in the answers; instants are UTC.
 */
import { and, eq, notExists, sql } from "drizzle-orm";
import {
  type Appointment,
  DEFAULT_APPOINTMENT_MINUTES,
  virtualAppointmentId,
} from "#common/calendar.ts";
import { CONSULTATION_PRICE, durationMinutes } from "#common/catalog.ts";
import { koboToNaira, nairaToKobo } from "#common/money.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { services } from "#server/db/schema/catalog.ts";

const bookingColumns = {
  id: bookings.id,
  name: bookings.name,
  email: bookings.email,
  phone: bookings.phone,
  clientId: bookings.clientId,
  serviceId: bookings.serviceId,
  serviceName: bookings.serviceName,
  kind: bookings.kind,
  date: bookings.date,
  message: bookings.message,
  status: bookings.status,
  processed: bookings.processed,
  createdAt: bookings.createdAt,
  servicePriceKobo: services.priceKobo,
  serviceDuration: services.duration,
};
/** A booking request with its service's price (kobo) and duration text. */
export type BookingRow = {
  id: number;
  name: string;
  email: string;
  phone: string;
  clientId: number | null;
  serviceId: number | null;
  serviceName: string;
  kind: string;
  date: Date;
  message: string | null;
  status: string;
  processed: boolean;
  createdAt: Date;
  servicePriceKobo: number | null;
  serviceDuration: string | null;
};

/** Minutes and kobo a booking request stands for: its service's, or a consultation's. */
export function bookingTerms(b: BookingRow): { minutes: number; priceKobo: number | null } {
  if (b.kind === "consultation") {
    return { minutes: DEFAULT_APPOINTMENT_MINUTES, priceKobo: nairaToKobo(CONSULTATION_PRICE) };
  }
  const minutes = b.serviceDuration ? durationMinutes(b.serviceDuration) : null;
  return {
    minutes: minutes && minutes > 0 ? minutes : DEFAULT_APPOINTMENT_MINUTES,
    priceKobo: b.servicePriceKobo,
  };
}

/** An unprocessed booking request as a virtual pending appointment 'booking-{id}' (admin spec §3). */
export function toVirtual(b: BookingRow): Appointment {
  const { minutes, priceKobo } = bookingTerms(b);
  const created = b.createdAt.toISOString();
  return {
    id: virtualAppointmentId(b.id),
    customerName: b.name,
    customerEmail: b.email,
    customerPhone: b.phone,
    clientId: b.clientId,
    serviceId: b.serviceId,
    serviceName: b.serviceName,
    appointmentDate: b.date.toISOString(),
    endTime: new Date(b.date.getTime() + minutes * 60_000).toISOString(),
    status: b.processed ? b.status : "pending",
    notes: b.message,
    staffId: null,
    staffName: null,
    duration: minutes,
    price: priceKobo === null ? null : koboToNaira(priceKobo),
    isGroupBooking: false,
    groupSize: 1,
    isRecurring: false,
    recurrenceType: null,
    recurrenceInterval: null,
    endDate: null,
    seriesId: null,
    bookingId: b.id,
    virtual: true,
    createdAt: created,
    updatedAt: created,
  };
}

/** Booking requests joined with their service, for `BookingRow`s. */
export function selectBookings(db: Db | Tx) {
  return db
    .select(bookingColumns)
    .from(bookings)
    .leftJoin(services, eq(services.id, bookings.serviceId));
}

/** Booking requests that still wait on the calendar: unprocessed and with no appointment yet. */
export const waitingBooking = () =>
  and(
    eq(bookings.processed, false),
    notExists(
      sql`(select 1 from ${appointments} where ${appointments.bookingId} = ${bookings.id})`,
    ),
  );
