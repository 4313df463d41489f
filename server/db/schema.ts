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
 * Shop orders (storefront spec §3 "Order payload", admin spec §3 "Order"). A row is created as
 * 'pending' with the server's prices BEFORE payment and bound to one payment reference (unique);
 * payment moves it once from 'pending' to 'processing' (or 'refund-required' when the stock ran
 * out), in the transaction that takes the stock.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    /** 'pending' | 'processing' | 'shipped' | 'completed' | 'cancelled' | 'refund-required'. */
    status: text("status").notNull().default("pending"),
    /** The Paystack (or test-payment) reference, 'txn_…'; one order per reference. */
    paymentReference: text("payment_reference").notNull().unique(),
    /** 'paystack' or 'test' (test-payment mode, no keys configured). */
    paymentMethod: text("payment_method").notNull(),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerPhone: text("customer_phone").notNull(),
    deliveryAddress: text("delivery_address").notNull(),
    deliveryCity: text("delivery_city").notNull(),
    deliveryState: text("delivery_state").notNull(),
    deliveryPostalCode: text("delivery_postal_code").notNull(),
    deliveryCountry: text("delivery_country").notNull().default("Nigeria"),
    deliveryInstructions: text("delivery_instructions"),
    subtotalKobo: integer("subtotal_kobo").notNull(),
    shippingKobo: integer("shipping_kobo").notNull(),
    totalKobo: integer("total_kobo").notNull(),
    currency: text("currency").notNull().default("NGN"),
    /** What the payment provider reported when the order was paid (channel, paid_at, …). */
    paymentData: jsonb("payment_data").$type<Record<string, unknown>>(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("orders_status_created_idx").on(t.status, t.createdAt),
    check(
      "orders_amounts_valid",
      sql`${t.subtotalKobo} >= 0 AND ${t.shippingKobo} >= 0 AND ${t.totalKobo} = ${t.subtotalKobo} + ${t.shippingKobo}`,
    ),
  ],
);

/** The lines of an order, priced by the server from `products` when the order was created. */
export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Null once the product is deleted; the name and price below keep the record. */
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    unitPriceKobo: integer("unit_price_kobo").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    check("order_items_quantity_positive", sql`${t.quantity} > 0`),
    check("order_items_price_nonnegative", sql`${t.unitPriceKobo} >= 0`),
  ],
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
