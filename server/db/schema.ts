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
 * Treatment-advisor conversations (storefront spec §3 "Chat session"). The id is a random UUID
 * the browser keeps and sends with later questions. Chats may hold health details, so sessions
 * idle for 30 days are deleted (server/modules/advisor/service.ts).
 */
export const chatSessions = pgTable(
  "chat_sessions",
  {
    id: text("id").primaryKey(),
    createdAt: createdAt(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("chat_sessions_last_message_at_idx").on(t.lastMessageAt)],
);

/** Messages of an advisor conversation (storefront spec §3 "Chat message"). */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: serial("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => chatSessions.id, { onDelete: "cascade" }),
    /** 'user' or 'assistant'. */
    role: text("role").notNull(),
    /** The message as plain text. */
    content: text("content").notNull(),
    /** Assistant messages: the parts the chat renders (common/advisor.ts ChatPart[]). */
    parts: jsonb("parts").$type<unknown[]>(),
    /**
     * What the advisor understood, for follow-ups: concept ids, recommended service and product
     * ids, safety signal ids.
     */
    meta: jsonb("meta").$type<{
      concepts?: string[];
      serviceIds?: number[];
      productIds?: number[];
      safety?: string[];
    }>(),
    /** Who answered: 'builtin', 'llm', or 'builtin-fallback' (the model failed). */
    engine: text("engine"),
    createdAt: createdAt(),
  },
  (t) => [
    index("chat_messages_session_idx").on(t.sessionId, t.id),
    check("chat_messages_role", sql`${t.role} IN ('user', 'assistant')`),
  ],
);
