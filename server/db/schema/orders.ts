/**
 * Shop orders and their line items; money in integer kobo (storefront spec §3, §7).
 * Money is integer kobo; instants are timestamptz (ARCHITECTURE.md "Data rules").
 */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { ORDER_STATUSES } from "#common/orders.ts";
import { products } from "./catalog.ts";
import { clients } from "./clients.ts";
import { createdAt, kobo, oneOf, updatedAt } from "./columns.ts";

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
    /** The client (by lower-cased email); back-filled by migration 0004, null when not linked. */
    clientId: integer("client_id").references(() => clients.id, { onDelete: "set null" }),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerPhone: text("customer_phone").notNull(),
    deliveryAddress: text("delivery_address").notNull(),
    deliveryCity: text("delivery_city").notNull(),
    deliveryState: text("delivery_state").notNull(),
    deliveryPostalCode: text("delivery_postal_code").notNull(),
    deliveryCountry: text("delivery_country").notNull().default("Nigeria"),
    deliveryInstructions: text("delivery_instructions"),
    /**
     * What staff tell the client about the delivery (courier, tracking number, expected day),
     * shown on the order status page (issue 33); null until staff write one.
     */
    trackingNote: text("tracking_note"),
    subtotalKobo: kobo("subtotal_kobo").notNull(),
    shippingKobo: kobo("shipping_kobo").notNull(),
    totalKobo: kobo("total_kobo").notNull(),
    currency: text("currency").notNull().default("NGN"),
    /** What the payment provider reported when the order was paid (channel, paid_at, …). */
    paymentData: jsonb("payment_data").$type<Record<string, unknown>>(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /**
     * Until when a 'pending' order holds its units (issue 14: stock reserved at checkout start).
     * Available stock = products.stock − the lines of pending orders whose reservation has not
     * passed, computed on read: nothing has to run for a reservation to end. Null for orders
     * made before reservations existed (they hold nothing).
     */
    reservedUntil: timestamp("reserved_until", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("orders_status_created_idx").on(t.status, t.createdAt),
    index("orders_client_idx").on(t.clientId),
    // Daily Sales and the day close read the orders paid in a Lagos day (docs/decisions/0280).
    index("orders_paid_at_idx").on(t.paidAt).where(sql`${t.paidAt} IS NOT NULL`),
    // Live reservations are read on every product page and checkout start.
    index("orders_pending_reserved_idx").on(t.reservedUntil).where(sql`${t.status} = 'pending'`),
    check("orders_status_valid", oneOf(t.status, ORDER_STATUSES)),
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
    unitPriceKobo: kobo("unit_price_kobo").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    index("order_items_product_idx").on(t.productId),
    check("order_items_quantity_positive", sql`${t.quantity} > 0`),
    check("order_items_price_nonnegative", sql`${t.unitPriceKobo} >= 0`),
  ],
);

/**
 * The 'Test payment' dialog's outcome per payment reference, in test-payment mode only (no
 * Paystack keys, ALLOW_TEST_PAYMENTS in production): what the test provider's `verify` reports,
 * the way Paystack would. In the database, not in one process's memory, so a payment approved
 * through one instance completes through any other (issue 34 "Several instances"). Keyed by
 * the payment reference of an order or of a booking deposit (issue 32), so without a foreign key.
 */
export const testPayments = pgTable(
  "test_payments",
  {
    // No foreign key to orders: a booking deposit's reference (issue 32, 'GHD-…') is paid in
    // test-payment mode too. A row holds no personal data; erasure need not reach it.
    reference: text("reference").primaryKey(),
    /** 'success' (Approve), 'failed' (Decline) or 'reversed' (refunded). */
    status: text("status").notNull(),
    /** The order's stored total when the outcome was recorded, in kobo. */
    amountKobo: kobo("amount_kobo").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("test_payments_status_valid", oneOf(t.status, ["success", "failed", "reversed"]))],
);
