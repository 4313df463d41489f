/**
 * Database schema (Drizzle, PostgreSQL dialect; the same migrations run on PGlite and PostgreSQL).
 * Money is integer kobo; instants are timestamptz (ARCHITECTURE.md "Data rules").
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** Treatments of the clinic (storefront spec §3 "Service"). */
export const services = pgTable(
  "services",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    category: text("category").notNull(),
    /** Price in kobo; null when the service has no set price (consultation-type). */
    priceKobo: integer("price_kobo"),
    /** Shown instead of a price when the clinic quotes on request, e.g. 'Contact for details'. */
    priceNote: text("price_note"),
    /** Free text such as '30m' or '1h 30m' (spec §3). */
    duration: text("duration").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("services_category_idx").on(t.category),
    check("services_price_nonnegative", sql`${t.priceKobo} IS NULL OR ${t.priceKobo} >= 0`),
  ],
);

/** Shop products (storefront spec §3 "Product"). */
export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    priceKobo: integer("price_kobo").notNull(),
    /** Site path of the product image, e.g. '/images/products/gentle-cleanser.svg'. */
    image: text("image").notNull(),
    category: text("category").notNull(),
    stock: integer("stock").notNull().default(100),
    /** Average rating out of 5, one decimal. */
    rating: numeric("rating", { precision: 2, scale: 1, mode: "number" }).notNull().default(4),
    details: text("details"),
    ingredients: text("ingredients"),
    howToUse: text("how_to_use"),
    benefits: jsonb("benefits").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("products_category_idx").on(t.category),
    check("products_stock_nonnegative", sql`${t.stock} >= 0`),
    check("products_price_nonnegative", sql`${t.priceKobo} >= 0`),
    check("products_rating_range", sql`${t.rating} >= 0 AND ${t.rating} <= 5`),
  ],
);

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
    /** The requested appointment time. */
    date: timestamp("date", { withTimezone: true }).notNull(),
    message: text("message"),
    status: text("status").notNull().default("pending"),
    processed: boolean("processed").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("bookings_created_at_idx").on(t.createdAt),
    index("bookings_email_idx").on(t.email),
  ],
);

/** Newsletter sign-ups; one row per email (lower-cased). */
export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  id: serial("id").primaryKey(),
  email: text("email").notNull().unique(),
  consentAt: timestamp("consent_at", { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
});

/** Staff accounts that may sign in to /admin. */
export const adminUsers = pgTable("admin_users", {
  id: serial("id").primaryKey(),
  username: text("username").notNull().unique(),
  /** 'scrypt$N$r$p$salt$hash' (base64url parts). */
  passwordHash: text("password_hash").notNull(),
  createdAt: createdAt(),
});

/** Admin sign-in sessions; the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * Every email the app sends is written here first, so none is lost when SMTP is down or not
 * configured; the admin can read what was stored (ARCHITECTURE.md "email").
 */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    /** What the message is about, e.g. 'order-confirmation', 'review-request'. */
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /** 'stored' (no SMTP configured), 'sent', or 'failed' (SMTP refused; see `error`). */
    status: text("status").notNull().default("stored"),
    error: text("error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("outbox_created_at_idx").on(t.createdAt)],
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

/**
 * Who changed what in the back office, and when; written in the same transaction as the change
 * (issue 6 "Authorisation"). `adminUsername` is copied so the record survives the account.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    adminId: integer("admin_id"),
    adminUsername: text("admin_username").notNull(),
    /** e.g. 'service.create', 'booking.process', 'admin.clear-data'. */
    action: text("action").notNull(),
    /** e.g. 'service', 'product', 'booking'. */
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    /** What changed: the new values, or a summary. */
    details: jsonb("details").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_at_idx").on(t.createdAt)],
);
