/**
 * Booking requests and the reviews clients leave for them (admin spec §3).
 * Money is integer kobo; instants are timestamptz (ARCHITECTURE.md "Data rules").
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { BOOKING_STATUSES } from "#common/booking.ts";
import { BOOKING_KINDS } from "#common/calendar.ts";
import { services } from "./catalog.ts";
import { clients } from "./clients.ts";
import { createdAt, oneOf } from "./columns.ts";

/** Appointment requests from the booking form and the admin (admin spec §3 "Booking"). */
export const bookings = pgTable(
  "bookings",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    /** The service id as text, or 'consultation-{category}' for a consultation request. */
    service: text("service").notNull(),
    /** The service's name when the request was made, so a later rename keeps the record. */
    serviceName: text("service_name").notNull(),
    /** 'service' (a catalogue service) or 'consultation' (a 'consultation-{category}' entry). */
    kind: text("kind").notNull().default("service"),
    /** The catalogue service a 'service' booking names; null for consultations or once deleted. */
    serviceId: integer("service_id").references(() => services.id, { onDelete: "set null" }),
    /** The client (by lower-cased email); back-filled by migration 0004, null when not linked. */
    clientId: integer("client_id").references(() => clients.id, { onDelete: "set null" }),
    /** The requested appointment time. */
    date: timestamp("date", { withTimezone: true }).notNull(),
    message: text("message"),
    /** 'scheduled' | 'confirmed' | 'completed' | 'cancelled' | 'no-show' | 'pending'. */
    status: text("status").notNull().default("pending"),
    processed: boolean("processed").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("bookings_created_at_idx").on(t.createdAt),
    index("bookings_email_idx").on(t.email),
    index("bookings_client_idx").on(t.clientId),
    index("bookings_service_idx").on(t.serviceId),
    // The calendar reads booking requests by service date (its week and its fingerprint).
    index("bookings_date_idx").on(t.date),
    check("bookings_status_valid", oneOf(t.status, BOOKING_STATUSES)),
    check("bookings_kind_valid", oneOf(t.kind, BOOKING_KINDS)),
    check(
      "bookings_consultation_has_no_service",
      sql`${t.kind} = 'service' OR ${t.serviceId} IS NULL`,
    ),
  ],
);

/**
 * Reviews from the public review page (admin spec §3 "Review"); one per booking.
 * Kept when its booking is deleted (booking_id set null) so feedback is not lost.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    bookingId: integer("booking_id")
      .unique()
      .references(() => bookings.id, { onDelete: "set null" }),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    /** 1 to 5 stars. */
    rating: integer("rating").notNull(),
    reviewText: text("review_text"),
    serviceName: text("service_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("reviews_rating_range", sql`${t.rating} >= 1 AND ${t.rating} <= 5`),
    index("reviews_customer_email_idx").on(t.customerEmail),
  ],
);
