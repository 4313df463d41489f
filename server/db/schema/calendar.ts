/**
 * The calendar: appointments and blocked times (admin spec §3 "Appointment", "Blocked time";
 * ARCHITECTURE.md "Data rules"). Times are timestamptz `starts_at`/`ends_at` (UTC instants; the
 * calendar shows Lagos time) with a generated `during` range [start, end). Migration 0004 adds
 * the exclusion constraint `appointments_no_overlap` that drizzle cannot express: two active
 * appointments of one staff member never overlap. Money is integer kobo.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import {
  APPOINTMENT_STATUSES,
  BLOCK_TYPES,
  DEFAULT_APPOINTMENT_MINUTES,
  DEFAULT_BLOCK_COLOR,
  GROUP_SIZE_MAX,
  GROUP_SIZE_MIN,
  HEX_COLOR_PATTERN,
  RECURRENCE_TYPES,
} from "#common/calendar.ts";
import { bookings } from "./bookings.ts";
import { services } from "./catalog.ts";
import { clients } from "./clients.ts";
import { createdAt, during, kobo, oneOf, updatedAt } from "./columns.ts";
import { staff } from "./staff.ts";

/**
 * Appointments (admin spec §3 "Appointment"). The customer's name, email and phone and the
 * service's name are copied when it is made, so later edits or deletions of the client or the
 * service keep the record. `ends_at` is always `starts_at` + `duration_minutes`.
 */
export const appointments = pgTable(
  "appointments",
  {
    id: serial("id").primaryKey(),
    /** Null while unassigned (unassigned appointments never conflict), or once the member is removed. */
    staffId: integer("staff_id").references(() => staff.id, { onDelete: "set null" }),
    /** Null when the client record is deleted; the snapshot below stays. */
    clientId: integer("client_id").references(() => clients.id, { onDelete: "set null" }),
    serviceId: integer("service_id").references(() => services.id, { onDelete: "set null" }),
    serviceName: text("service_name").notNull(),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerPhone: text("customer_phone").notNull(),
    /** The online booking it came from, if any; null once that booking is deleted. */
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    /** 'scheduled' | 'confirmed' | 'completed' | 'cancelled' | 'no-show' | 'pending'. */
    status: text("status").notNull().default("scheduled"),
    notes: text("notes"),
    /** Price in kobo; null when the service has no set price. */
    priceKobo: kobo("price_kobo"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    during: during(),
    durationMinutes: integer("duration_minutes").notNull().default(DEFAULT_APPOINTMENT_MINUTES),
    /** People in the booking, 1-10; a group booking is one with more than 1. */
    groupSize: integer("group_size").notNull().default(GROUP_SIZE_MIN),
    isRecurring: boolean("is_recurring").notNull().default(false),
    /** 'daily' | 'weekly' | 'monthly' for a recurring appointment, else null. */
    recurrenceType: text("recurrence_type"),
    /** Every n days/weeks/months. */
    recurrenceInterval: integer("recurrence_interval"),
    /** Last date of the series (Lagos date). */
    recurrenceEndDate: date("recurrence_end_date"),
    /** Shared by every appointment of one recurring series. */
    seriesId: uuid("series_id"),
    /** When the client was checked in (arrived); null until then (docs/decisions/0187). */
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    /** When the visit was completed (at the till or by Mark Complete); null until then. */
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /**
     * Until when a tentative online booking holds its time while the client pays the deposit
     * (issue 32); null for every other appointment. Past it, the hold is released (cancelled).
     */
    heldUntil: timestamp("held_until", { withTimezone: true }),
    /** Made by a client on the public booking form (issue 32), not by staff. */
    bookedOnline: boolean("booked_online").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("appointments_starts_at_idx").on(t.startsAt),
    index("appointments_staff_starts_at_idx").on(t.staffId, t.startsAt),
    index("appointments_client_idx").on(t.clientId),
    index("appointments_customer_email_idx").on(sql`lower(${t.customerEmail})`),
    index("appointments_booking_idx").on(t.bookingId),
    index("appointments_series_idx").on(t.seriesId),
    index("appointments_held_until_idx").on(t.heldUntil),
    check("appointments_status_valid", oneOf(t.status, APPOINTMENT_STATUSES)),
    check("appointments_ends_after_start", sql`${t.endsAt} > ${t.startsAt}`),
    check("appointments_duration_positive", sql`${t.durationMinutes} > 0`),
    check(
      "appointments_end_matches_duration",
      sql`${t.endsAt} = ${t.startsAt} + make_interval(mins => ${t.durationMinutes})`,
    ),
    check(
      "appointments_group_size_range",
      sql`${t.groupSize} BETWEEN ${sql.raw(String(GROUP_SIZE_MIN))} AND ${sql.raw(String(GROUP_SIZE_MAX))}`,
    ),
    check("appointments_price_nonnegative", sql`${t.priceKobo} IS NULL OR ${t.priceKobo} >= 0`),
    check("appointments_recurrence_type_valid", oneOf(t.recurrenceType, RECURRENCE_TYPES)),
    check(
      "appointments_recurrence_interval_positive",
      sql`${t.recurrenceInterval} IS NULL OR ${t.recurrenceInterval} >= 1`,
    ),
    check(
      "appointments_recurring_has_type",
      sql`NOT ${t.isRecurring} OR (${t.recurrenceType} IS NOT NULL AND ${t.recurrenceInterval} IS NOT NULL)`,
    ),
  ],
);

/**
 * Times no appointment should be booked (admin spec §3 "Blocked time"): breaks, admin time,
 * meetings, personal time, training. A null staff member means the whole clinic; a member's
 * blocks are deleted with them.
 */
export const blockedTimes = pgTable(
  "blocked_times",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description"),
    /** Null: blocks all staff. */
    staffId: integer("staff_id").references(() => staff.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    during: during(),
    /** 'break' | 'admin' | 'meeting' | 'personal' | 'training'. */
    blockType: text("block_type").notNull().default("break"),
    isPaid: boolean("is_paid").notNull().default(false),
    isRecurring: boolean("is_recurring").notNull().default(false),
    /** '#rrggbb'. */
    color: text("color").notNull().default(DEFAULT_BLOCK_COLOR),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("blocked_times_during_idx").using("gist", t.during),
    index("blocked_times_staff_idx").on(t.staffId),
    check("blocked_times_block_type_valid", oneOf(t.blockType, BLOCK_TYPES)),
    check("blocked_times_ends_after_start", sql`${t.endsAt} > ${t.startsAt}`),
    check("blocked_times_color_format", sql`${t.color} ~ ${sql.raw(`'${HEX_COLOR_PATTERN}'`)}`),
  ],
);
