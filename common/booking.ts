/**
 * Booking rules shared by the booking form and the API: the 16 time slots, the 90-day window,
 * the composed date text 'YYYY-MM-DD at h:mm AM' in Lagos time, and the zod schemas whose
 * messages are the spec's (storefront spec §2 "Booking form", §3, §5, §9; admin spec §2 "Calendar").
 */

import { startOfDay } from "date-fns/startOfDay";
import { startOfMonth } from "date-fns/startOfMonth";
import { startOfWeek } from "date-fns/startOfWeek";
import { z } from "zod";
import {
  BOOKING_WINDOW_DAYS,
  bookingWindow,
  CLOSED_DAY_MESSAGE,
  clinicOpensOn,
  composeBookingDate,
  TIME_SLOTS,
} from "./booking-slots.ts";
import { emailField, personNameField, phoneText } from "./contact.ts";
import {
  CALENDAR_FIRST_SLOT_MINUTES,
  CALENDAR_LAST_SLOT_MINUTES,
  inLagos,
  isRealDate,
  lagosDate,
  lagosInstant,
  lagosMinutes,
  slotMinutes,
} from "./lagos-time.ts";
import type { MessageSummary } from "./outbox.ts";
import { listQuerySchema, oneOf, type Page } from "./paging.ts";
import type { ClinicSettings } from "./settings.ts";

export {
  BOOKING_WINDOW_DAYS,
  bookingWindow,
  CLOSED_DAY_MESSAGE,
  clinicOpensOn,
  composeBookingDate,
  TIME_SLOTS,
};

export const BOOKING_MESSAGES = {
  name: "Name must be at least 3 characters",
  email: "Please enter a valid email address",
  phone: "Please enter a valid phone number",
  category: "Please select a treatment category",
  service: "Please select a service",
  date: "Please select a date",
  time: "Please select a time",
} as const;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const COMPOSED_RE = /^(\d{4}-\d{2}-\d{2}) at (\d{1,2}):(\d{2}) ?(AM|PM)$/i;

export type ParsedBookingDate =
  | { ok: true; instant: Date; date: string; minutes: number }
  | { ok: false; field: "date" | "time" };

/**
 * Reads a booking date: the composed text 'YYYY-MM-DD at h:mm AM' (Lagos time) or an ISO 8601
 * date-time with an offset or Z. Says which part (date or time) is unreadable.
 */
export function parseBookingDate(value: string): ParsedBookingDate {
  const text = value.trim();
  const composed = COMPOSED_RE.exec(text);
  if (composed) {
    const date = composed[1] as string;
    if (!isRealDate(date)) return { ok: false, field: "date" };
    const minutes = slotMinutes(`${composed[2]}:${composed[3]} ${composed[4]}`);
    if (minutes === null) return { ok: false, field: "time" };
    return { ok: true, instant: lagosInstant(date, minutes), date, minutes };
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    const instant = new Date(text);
    if (Number.isNaN(instant.getTime())) return { ok: false, field: "date" };
    // Lagos is a whole hour from UTC: a time on the minute in UTC is on the minute in Lagos.
    if (instant.getTime() % 60_000 !== 0) return { ok: false, field: "time" };
    return { ok: true, instant, date: lagosDate(instant), minutes: lagosMinutes(instant) };
  }
  // A date alone, or a date with an unreadable time, is a time problem; anything else a date one.
  const datePart = text.slice(0, 10);
  return DATE_RE.test(datePart) && isRealDate(datePart)
    ? { ok: false, field: "time" }
    : { ok: false, field: "date" };
}

const PUBLIC_SLOT_MINUTES = new Set(TIME_SLOTS.map((s) => slotMinutes(s)));

/**
 * Checks a parsed booking date against the booking rules at `now`. Public requests: one of the 16
 * slots, today to 90 days ahead (Lagos), on a day the clinic opens ('closed': a Sunday; issue 28
 * item 3), not already past. Staff (`staff: true`): any half hour from 08:00 to 19:30 on any date
 * (the calendar enforces the opening hours with a manager's override; decision 0196). Returns the
 * failing rule or null.
 */
export function checkBookingDate(
  parsed: Extract<ParsedBookingDate, { ok: true }>,
  { now, staff }: { now: Date; staff: boolean },
): "date" | "closed" | "time" | null {
  const { date, minutes, instant } = parsed;
  if (staff) {
    const onHalfHour = minutes % 30 === 0;
    const inRange = minutes >= CALENDAR_FIRST_SLOT_MINUTES && minutes <= CALENDAR_LAST_SLOT_MINUTES;
    return onHalfHour && inRange ? null : "time";
  }
  const window = bookingWindow(now);
  if (date < window.min || date > window.max) return "date";
  if (!clinicOpensOn(date)) return "closed";
  if (!PUBLIC_SLOT_MINUTES.has(minutes)) return "time";
  if (instant.getTime() <= now.getTime()) return "time";
  return null;
}

const name = personNameField({ required: BOOKING_MESSAGES.name }, 3);
const email = emailField({ invalid: BOOKING_MESSAGES.email });
const phone = phoneText({ required: BOOKING_MESSAGES.phone }, 10);
const message = z.string().trim().max(2000, "Message must be at most 2000 characters");

/** The booking form's fields and messages (spec §5), for react-hook-form on the client. */
export const bookingFormSchema = z.object({
  name,
  email,
  phone,
  category: z.string().min(1, BOOKING_MESSAGES.category),
  service: z.string().min(1, BOOKING_MESSAGES.service),
  date: z
    .string()
    .min(1, BOOKING_MESSAGES.date)
    .refine((d) => clinicOpensOn(d), CLOSED_DAY_MESSAGE),
  time: z.string().min(1, BOOKING_MESSAGES.time),
  message: message.optional(),
});
export type BookingFormValues = z.infer<typeof bookingFormSchema>;

/**
 * The POST /api/bookings payload (spec §3 "Booking request payload", §7): `service` is a service
 * id or 'consultation-{category}', `date` the composed text or an ISO date-time. The date's window
 * and slot, and the service's existence, are checked by the server with `checkBookingDate` and the db.
 */
export const bookingRequestSchema = z.object({
  name,
  email,
  phone,
  service: z.coerce
    .string({ error: BOOKING_MESSAGES.service })
    .trim()
    .min(1, BOOKING_MESSAGES.service)
    .max(100, BOOKING_MESSAGES.service),
  date: z
    .string({ error: BOOKING_MESSAGES.date })
    .trim()
    .min(1, BOOKING_MESSAGES.date)
    .max(40, BOOKING_MESSAGES.date),
  message: message.nullish(),
});
export type BookingRequest = z.infer<typeof bookingRequestSchema>;

// Back office: the Add Booking / Edit form and the bookings list rules (admin spec §2, §4, §5).

export const ADMIN_BOOKING_MESSAGES = {
  name: "Name is required",
  email: "Valid email is required",
  phone: "Phone is required",
  service: "Service is required",
  date: "Date is required",
} as const;

/**
 * The admin booking form (Add Booking / Edit) and the PATCH /api/bookings/{id} fields
 * (admin spec §5). `date` is 'YYYY-MM-DD at h:mm AM' (Lagos) or ISO.
 */
export const adminBookingSchema = z.object({
  name: personNameField({ required: ADMIN_BOOKING_MESSAGES.name }),
  email: emailField({ invalid: ADMIN_BOOKING_MESSAGES.email }),
  phone: phoneText({ required: ADMIN_BOOKING_MESSAGES.phone }),
  service: z.coerce
    .string({ error: ADMIN_BOOKING_MESSAGES.service })
    .trim()
    .min(1, ADMIN_BOOKING_MESSAGES.service)
    .max(100, ADMIN_BOOKING_MESSAGES.service),
  date: z
    .string({ error: ADMIN_BOOKING_MESSAGES.date })
    .trim()
    .min(1, ADMIN_BOOKING_MESSAGES.date)
    .max(40, ADMIN_BOOKING_MESSAGES.date),
  message: z.string().trim().max(2000, "Message must be at most 2000 characters").optional(),
});
export type AdminBookingValues = z.infer<typeof adminBookingSchema>;

/**
 * The Add Booking / Edit dialog's fields: `adminBookingSchema` with the date ('YYYY-MM-DD', a
 * Lagos day) and the time ('h:mm AM', a half hour 08:00–19:30) apart, as the form asks for them;
 * the dialog sends `composeBookingDate(date, time)` as the payload's `date`.
 */
export const adminBookingFormSchema = adminBookingSchema.extend({
  service: z.string().trim().min(1, ADMIN_BOOKING_MESSAGES.service),
  time: z.string().min(1, "Time is required"),
});
export type AdminBookingFormValues = z.input<typeof adminBookingFormSchema>;

/** Booking and appointment statuses (admin spec §4). */
export const BOOKING_STATUSES = [
  "scheduled",
  "confirmed",
  "completed",
  "cancelled",
  "no-show",
  "pending",
] as const;

/** PATCH /api/bookings/{id}: any subset of the form fields, status and processed. */
export const bookingPatchSchema = adminBookingSchema
  .extend({
    status: z.enum(BOOKING_STATUSES, { error: "Unknown booking status" }),
    processed: z.boolean({ error: "processed must be true or false" }),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Nothing to update");

/** The bookings list badge (admin spec §4). */
export function bookingBadge(b: { status: string; processed: boolean }) {
  if (b.status === "no-show") return "No Show" as const;
  if (b.status === "completed" || b.processed) return "Completed" as const;
  return "Pending" as const;
}

/** Process and No Show show only while unprocessed and not no-show (admin spec §4). */
export function canProcess(b: { status: string; processed: boolean }): boolean {
  return !b.processed && b.status !== "no-show";
}

/**
 * Request Review shows only when processed and not no-show (admin spec §4), and, the guard of
 * issue 28 item 5 (decision 0197), once the visit has happened: never before the client came.
 */
export function canRequestReview(b: {
  status: string;
  processed: boolean;
  visitCompleted?: boolean;
}): boolean {
  return b.processed && b.status !== "no-show" && b.visitCompleted !== false;
}

/** Bookings time filter on the creation date (admin spec §2). */
export const BOOKING_TIME_FILTERS = [
  { id: "all", label: "All Time" },
  { id: "today", label: "Today" },
  { id: "week", label: "This Week" },
  { id: "month", label: "This Month" },
] as const;
export type BookingTimeFilter = (typeof BOOKING_TIME_FILTERS)[number]["id"];
const BOOKING_TIME_FILTER_IDS = [
  "all",
  "today",
  "week",
  "month",
] as const satisfies ReadonlyArray<BookingTimeFilter>;

/**
 * The first instant of a time filter's period at `now`, in Lagos days; weeks start on Monday as
 * in the calendar (admin spec §2, §9). Null for 'all'. Bookings created from this instant up to
 * a minute after `now` (clock skew) match.
 */
export function bookingPeriodStart(filter: BookingTimeFilter, now: Date): Date | null {
  if (filter === "all") return null;
  const lagosNow = inLagos(now);
  const start =
    filter === "today"
      ? startOfDay(lagosNow)
      : filter === "week"
        ? startOfWeek(lagosNow, { weekStartsOn: 1 })
        : startOfMonth(lagosNow);
  return new Date(start.getTime());
}

/**
 * The admin bookings list's URL params (common/paging.ts): page, pageSize, `q` (name, email,
 * phone, service or message, case-insensitive) and `period` (the time filter, default 'all').
 */
export const bookingListQuerySchema = listQuerySchema.extend({
  period: oneOf(BOOKING_TIME_FILTER_IDS, "all"),
});
export type BookingListQuery = z.infer<typeof bookingListQuerySchema>;

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
  /**
   * Whether the visit has happened: its appointment completed or, with none, its time passed
   * (issue 28 item 5). On the admin lists; absent on the public booking answer.
   */
  visitCompleted?: boolean;
};

/** What the admin bookings screen reads (server/modules/bookings/pages.ts). */
export type BookingsPages = {
  /**
   * One page of booking requests, newest first; `total` counts every booking and `matching`
   * those the filters keep ('N of M Bookings').
   */
  page(query: BookingListQuery): Promise<Page<BookingRecord>>;
  /**
   * The messages sent to each booking's person or about the booking, newest first, by booking
   * id (issue 17: the booking card shows them).
   */
  messages(bookings: readonly BookingRecord[]): Promise<Record<number, MessageSummary[]>>;
  /**
   * The clinic's settings for a manager (the screen's booking deposit section, issue 32);
   * null for other roles (`settings.manage`).
   */
  settings(): Promise<ClinicSettings | null>;
};
