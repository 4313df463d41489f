/**
 * Point-of-sale sales with their lines and payments, and the surcharges the till offers (admin
 * spec §3 "Sale payload", "Sale record", "Surcharge", §4, §9). Money is integer kobo; instants
 * are timestamptz (daily sales are Lagos days). Sales are never deleted by the till: a mistaken
 * sale is voided or refunded, so its number stays.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  CASH_MOVEMENT_KINDS,
  MAX_SURCHARGE_BASIS_POINTS,
  PAYMENT_METHODS,
  REFUND_KINDS,
  SALE_ITEM_TYPES,
  SALE_PAYMENT_METHODS,
  SALE_STATUSES,
  SURCHARGE_TYPES,
} from "#common/sales.ts";
import { adminUsers } from "./access.ts";
import { appointments } from "./calendar.ts";
import { clients } from "./clients.ts";
import { createdAt, kobo, oneOf, updatedAt } from "./columns.ts";
import { staff } from "./staff.ts";

/**
 * One sale at the till (admin spec §3 "Sale payload"). `sale_number` comes from an identity
 * sequence starting at 1001 (gaps only after a rolled-back sale;
 * docs/decisions/0054-sale-numbers-come-from-an-identity-sequence-starting-at-1001.md). Totals:
 * total = subtotal + surcharges − discount; change = cash received − total (cash only, ≥ 0).
 */
export const sales = pgTable(
  "sales",
  {
    id: serial("id").primaryKey(),
    /** The number on the receipt and in 'Sale #{number} processed successfully'. */
    saleNumber: integer("sale_number")
      .notNull()
      .unique()
      .generatedAlwaysAsIdentity({ startWith: 1001 }),
    /** Null for a walk-in not (yet) on file, or once the client is deleted. */
    clientId: integer("client_id").references(() => clients.id, { onDelete: "set null" }),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email"),
    customerPhone: text("customer_phone"),
    subtotalKobo: kobo("subtotal_kobo").notNull(),
    surchargesKobo: kobo("surcharges_kobo").notNull().default(0),
    discountKobo: kobo("discount_kobo").notNull().default(0),
    totalKobo: kobo("total_kobo").notNull(),
    /** Cash handed over; null unless paid in cash. */
    cashReceivedKobo: kobo("cash_received_kobo"),
    changeKobo: kobo("change_kobo").notNull().default(0),
    /** 'cash' | 'card' | 'transfer' | 'online' | 'split'. */
    paymentMethod: text("payment_method").notNull(),
    /** 'completed' | 'refunded' | 'voided'; only completed sales count toward totals. */
    status: text("status").notNull().default("completed"),
    notes: text("notes"),
    /**
     * The till's idempotency key (header or field): a retried or double-tapped sale with the same
     * key answers the stored sale instead of recording a second one. Null for sales without one.
     */
    idempotencyKey: text("idempotency_key"),
    /**
     * The receipt number a device printed for a sale taken offline ('D1F-0007': the device's
     * prefix from `receipt_prefixes`, a dash, its own counter; issue 35, decision 0314). Null for
     * a sale recorded online. Its presence marks the sale as taken offline.
     */
    offlineReceipt: text("offline_receipt"),
    /** The surcharges applied, as priced at sale time (for the receipt and the audit). */
    surchargeLines: jsonb("surcharge_lines")
      .$type<
        Array<{ surchargeId: number; name: string; type: string; rate: number; amountKobo: number }>
      >()
      .notNull()
      .default([]),
    /**
     * Stored per-sale totals (docs/decisions/0235-stored-per-sale-totals.md), written once with
     * the sale from its lines and payments, so a day's or a range's figures read one row per sale
     * instead of joining lines and payments: units and gross kobo (unit price × quantity) of its
     * service and product lines, and its tips. Refunds never change them (a refund is its own
     * row, counted on the day it is given).
     */
    serviceQty: integer("service_qty").notNull().default(0),
    serviceKobo: kobo("service_kobo").notNull().default(0),
    productQty: integer("product_qty").notNull().default(0),
    productKobo: kobo("product_kobo").notNull().default(0),
    tipsKobo: kobo("tips_kobo").notNull().default(0),
    /**
     * The payments by method, kobo: `{ "cash": { "amountKobo": 1000, "tipKobo": 0 }, … }`, one
     * key per method of `sale_payments` (stored totals, decision 0235). `{}` when nothing was paid.
     */
    paidByMethod: jsonb("paid_by_method")
      .$type<Record<string, { amountKobo: number; tipKobo: number }>>()
      .notNull()
      .default({}),
    /** The appointment this sale checked out (quick sale's Start Checkout), if any. */
    appointmentId: integer("appointment_id").references(() => appointments.id, {
      onDelete: "set null",
    }),
    /** When the sale happened (the daily sales report groups by its Lagos day). */
    soldAt: timestamp("sold_at", { withTimezone: true }).notNull().defaultNow(),
    /** The admin who rang it up; null once that account is deleted. */
    createdBy: integer("created_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("sales_sold_at_idx").on(t.soldAt),
    uniqueIndex("sales_idempotency_key_idx").on(t.idempotencyKey),
    uniqueIndex("sales_offline_receipt_idx").on(t.offlineReceipt),
    index("sales_client_idx").on(t.clientId),
    index("sales_customer_email_idx").on(sql`lower(${t.customerEmail})`),
    check("sales_status_valid", oneOf(t.status, SALE_STATUSES)),
    check("sales_payment_method_valid", oneOf(t.paymentMethod, SALE_PAYMENT_METHODS)),
    check(
      "sales_amounts_nonnegative",
      sql`${t.subtotalKobo} >= 0 AND ${t.surchargesKobo} >= 0 AND ${t.discountKobo} >= 0 AND ${t.totalKobo} >= 0 AND ${t.changeKobo} >= 0 AND (${t.cashReceivedKobo} IS NULL OR ${t.cashReceivedKobo} >= 0)`,
    ),
    check(
      "sales_total_is_sum",
      sql`${t.totalKobo} = ${t.subtotalKobo} + ${t.surchargesKobo} - ${t.discountKobo}`,
    ),
  ],
);

/** The lines of a sale (admin spec §3 "Cart line"); name and price are copied at sale time. */
export const saleLines = pgTable(
  "sale_lines",
  {
    id: serial("id").primaryKey(),
    saleId: integer("sale_id")
      .notNull()
      .references(() => sales.id, { onDelete: "cascade" }),
    /** 'service' | 'product'. */
    itemType: text("item_type").notNull(),
    /** The service's or product's id (no foreign key: it names one of two tables). */
    itemId: integer("item_id"),
    itemName: text("item_name").notNull(),
    unitPriceKobo: kobo("unit_price_kobo").notNull(),
    quantity: integer("quantity").notNull(),
    /** unit price × quantity, in kobo. */
    lineTotalKobo: kobo("line_total_kobo").notNull(),
    /** How many of `quantity` were refunded or voided since (never more than `quantity`). */
    refundedQuantity: integer("refunded_quantity").notNull().default(0),
    /**
     * Who did the treatment (service line) or sold the product (product line); revenue and
     * commission are credited to this member, not to the cashier. Null when nobody is named or
     * once the member is removed (docs/decisions/0187).
     */
    staffId: integer("staff_id").references(() => staff.id, { onDelete: "set null" }),
    /**
     * The appointment this service line checks out; completing the sale completes it. Null for
     * walk-in lines and products, or once the appointment is deleted (docs/decisions/0187).
     */
    appointmentId: integer("appointment_id").references(() => appointments.id, {
      onDelete: "set null",
    }),
    /**
     * The member's commission rate on this line when it was sold, in basis points (1000 = 10%):
     * their rate for the item's category, else their default (docs/decisions/0215). Commission
     * is this rate of the units not refunded; null when no member is named.
     */
    commissionRateBp: integer("commission_rate_bp"),
  },
  (t) => [
    index("sale_lines_sale_idx").on(t.saleId),
    index("sale_lines_staff_idx").on(t.staffId),
    index("sale_lines_appointment_idx").on(t.appointmentId),
    index("sale_lines_item_idx").on(t.itemType, t.itemId),
    check("sale_lines_item_type_valid", oneOf(t.itemType, SALE_ITEM_TYPES)),
    check("sale_lines_quantity_positive", sql`${t.quantity} > 0`),
    check("sale_lines_price_nonnegative", sql`${t.unitPriceKobo} >= 0`),
    check(
      "sale_lines_refunded_range",
      sql`${t.refundedQuantity} >= 0 AND ${t.refundedQuantity} <= ${t.quantity}`,
    ),
    check(
      "sale_lines_commission_rate_range",
      sql`${t.commissionRateBp} IS NULL OR (${t.commissionRateBp} >= 0 AND ${t.commissionRateBp} <= 10000)`,
    ),
    check(
      "sale_lines_total_is_product",
      sql`${t.lineTotalKobo} = ${t.unitPriceKobo} * ${t.quantity}`,
    ),
  ],
);

/** The payments that settled a sale: one, or several for a split payment (admin spec §3). */
export const salePayments = pgTable(
  "sale_payments",
  {
    id: serial("id").primaryKey(),
    saleId: integer("sale_id")
      .notNull()
      .references(() => sales.id, { onDelete: "cascade" }),
    /** 'cash' | 'card' | 'transfer' | 'online' | 'gift_card'. */
    method: text("method").notNull(),
    amountKobo: kobo("amount_kobo").notNull(),
    /** Tip on top of the amount, in kobo (the daily report's tips). */
    tipKobo: kobo("tip_kobo").notNull().default(0),
    /** Who the tip is for (a therapist); null: nobody named (docs/decisions/0215). */
    tipStaffId: integer("tip_staff_id").references(() => staff.id, { onDelete: "set null" }),
    /**
     * The tender's reference: the POS terminal's (card), the transfer's (bank alert) or the
     * Paystack reference (online); matched at the day close (docs/decisions/0230).
     */
    reference: text("reference"),
    /** Who sent a bank transfer, as the alert names them. */
    payerName: text("payer_name"),
    createdAt: createdAt(),
  },
  (t) => [
    index("sale_payments_sale_idx").on(t.saleId),
    index("sale_payments_reference_idx").on(t.reference),
    check("sale_payments_method_valid", oneOf(t.method, PAYMENT_METHODS)),
    check("sale_payments_amount_positive", sql`${t.amountKobo} > 0`),
    check("sale_payments_tip_nonnegative", sql`${t.tipKobo} >= 0`),
  ],
);

/**
 * Surcharges the till may add (admin spec §3 "Surcharge", §9); only active ones are offered.
 * `amount` is basis points of the subtotal for 'percentage' (750 = 7.5%, at most 100%) or kobo
 * for 'fixed'.
 */
export const surcharges = pgTable(
  "surcharges",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description"),
    /** 'percentage' | 'fixed'. */
    type: text("type").notNull(),
    amount: kobo("amount").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("surcharges_type_valid", oneOf(t.type, SURCHARGE_TYPES)),
    check(
      "surcharges_amount_range",
      sql`${t.amount} >= 0 AND (${t.type} <> 'percentage' OR ${t.amount} <= ${sql.raw(String(MAX_SURCHARGE_BASIS_POINTS))})`,
    ),
  ],
);

/**
 * Money given back on a sale: a refund (whole or some lines) or a void (the whole sale, a
 * mistake at the till). Counted on the Lagos day it happened, whatever day the sale was, so a day
 * once closed keeps its figures. `method` is how the money went back (cash, card, …).
 */
export const saleRefunds = pgTable(
  "sale_refunds",
  {
    id: serial("id").primaryKey(),
    saleId: integer("sale_id")
      .notNull()
      .references(() => sales.id, { onDelete: "cascade" }),
    /** 'refund' | 'void'. */
    kind: text("kind").notNull(),
    amountKobo: kobo("amount_kobo").notNull(),
    method: text("method").notNull(),
    reason: text("reason").notNull(),
    /**
     * The share of each surcharge (VAT, service charge) this refund gave back, kobo, for the
     * refund receipt (docs/decisions/0216). Empty for refunds before it.
     */
    surchargeLines: jsonb("surcharge_lines")
      .$type<Array<{ surchargeId: number; name: string; amountKobo: number }>>()
      .notNull()
      .default([]),
    /** The share of the sale's discount this refund kept back, kobo (docs/decisions/0216). */
    discountKobo: kobo("discount_kobo").notNull().default(0),
    createdBy: integer("created_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdByName: text("created_by_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("sale_refunds_sale_idx").on(t.saleId),
    index("sale_refunds_created_idx").on(t.createdAt),
    check("sale_refunds_kind_valid", oneOf(t.kind, REFUND_KINDS)),
    check("sale_refunds_method_valid", oneOf(t.method, PAYMENT_METHODS)),
    check("sale_refunds_amount_nonnegative", sql`${t.amountKobo} >= 0`),
  ],
);

/** The lines (and how many of each) a refund or void gave back; products are restocked. */
export const saleRefundLines = pgTable(
  "sale_refund_lines",
  {
    id: serial("id").primaryKey(),
    refundId: integer("refund_id")
      .notNull()
      .references(() => saleRefunds.id, { onDelete: "cascade" }),
    saleLineId: integer("sale_line_id")
      .notNull()
      .references(() => saleLines.id, { onDelete: "cascade" }),
    /** Copied from the line, for the daily report's refund quantities by item type. */
    itemType: text("item_type").notNull(),
    quantity: integer("quantity").notNull(),
    /** The units' value (unit price × quantity), kobo, without surcharges or discount. */
    amountKobo: kobo("amount_kobo").notNull(),
    /** The line's share of the sale's surcharges given back with these units, kobo (0216). */
    surchargesKobo: kobo("surcharges_kobo").notNull().default(0),
    /** The line's share of the sale's discount kept back with these units, kobo (0216). */
    discountKobo: kobo("discount_kobo").notNull().default(0),
  },
  (t) => [
    index("sale_refund_lines_refund_idx").on(t.refundId),
    check("sale_refund_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/** A tender's figures as stored at the close (kobo; counted null: not counted). */
export type StoredTender = {
  tender: string;
  expectedKobo: number;
  countedKobo: number | null;
  payments: number;
  withoutReference: number;
};

/** A Paystack reference as matched at the close (kobo). */
export type StoredPaystackMatch = {
  reference: string;
  recordedAs: string | null;
  expectedKobo: number | null;
  amountKobo: number | null;
  feesKobo: number | null;
  status: string;
  settlement: { id: string; status: string; date: string | null } | null;
};

/** A Paystack refund or chargeback as stored at the close (kobo; docs/decisions/0281). */
export type StoredPaystackReversal = {
  kind: "refund" | "chargeback";
  id: string;
  reference: string;
  recordedAs: string | null;
  amountKobo: number;
  status: string;
  resolution: string | null;
  deducted: boolean;
  at: string | null;
};

/**
 * The till's running totals of one Lagos day (docs/decisions/0235-stored-per-sale-totals.md):
 * the sum of the stored totals of the sales rung up that day, added to in each sale's
 * transaction, so Daily Sales reads one row instead of summing the day's sales. Refunds and
 * voids never change it (they are counted on the day they are given, from `sale_refunds`).
 */
export const saleDayTotals = pgTable("sale_day_totals", {
  businessDate: date("business_date").primaryKey(),
  saleCount: integer("sale_count").notNull().default(0),
  serviceQty: integer("service_qty").notNull().default(0),
  serviceKobo: kobo("service_kobo").notNull().default(0),
  productQty: integer("product_qty").notNull().default(0),
  productKobo: kobo("product_kobo").notNull().default(0),
  surchargesKobo: kobo("surcharges_kobo").notNull().default(0),
  discountKobo: kobo("discount_kobo").notNull().default(0),
  tipsKobo: kobo("tips_kobo").notNull().default(0),
});

/** The same day's payments by method (amount and tips, kobo), beside `sale_day_totals`. */
export const saleDayTenders = pgTable(
  "sale_day_tenders",
  {
    businessDate: date("business_date").notNull(),
    method: text("method").notNull(),
    amountKobo: kobo("amount_kobo").notNull().default(0),
    tipKobo: kobo("tip_kobo").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessDate, t.method] })],
);

/**
 * A closed business day (Lagos date): each tender's expected and counted figures, the cash
 * counted by note against the drawer the figures expected. While the row exists the day is
 * locked (no sale, refund, void or cash movement on it); a manager's reopening deletes it, and
 * the audit log keeps what it held (docs/decisions/0230).
 */
export const saleDayCloses = pgTable("sale_day_closes", {
  businessDate: date("business_date").primaryKey(),
  expectedCashKobo: kobo("expected_cash_kobo").notNull(),
  countedCashKobo: kobo("counted_cash_kobo").notNull(),
  /** Every tender's figures at the close (cash, card, transfer, online). */
  tenders: jsonb("tenders").$type<StoredTender[]>().notNull().default([]),
  /** The drawer counted by note: counts per note and the coins in kobo; null: a total only. */
  cashCount: jsonb("cash_count").$type<{
    notes: Record<string, number>;
    coinsKobo: number;
  } | null>(),
  /** Paystack's matching at the close; null without Paystack keys. */
  paystack: jsonb("paystack").$type<{
    error: string | null;
    matches: StoredPaystackMatch[];
    /** Refunds and chargebacks of the day (absent in closes made before 0281). */
    reversals?: StoredPaystackReversal[];
  } | null>(),
  notes: text("notes"),
  closedBy: integer("closed_by").references(() => adminUsers.id, { onDelete: "set null" }),
  closedByName: text("closed_by_name").notNull(),
  closedAt: timestamp("closed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The drawer's cash movements of a Lagos day: the opening float (one a day), pay-ins and
 * pay-outs with their reason. Refused on a closed day (docs/decisions/0230). Kobo.
 */
export const saleCashMovements = pgTable(
  "sale_cash_movements",
  {
    id: serial("id").primaryKey(),
    businessDate: date("business_date").notNull(),
    /** 'float' | 'pay_in' | 'pay_out'. */
    kind: text("kind").notNull(),
    amountKobo: kobo("amount_kobo").notNull(),
    reason: text("reason").notNull(),
    createdBy: integer("created_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdByName: text("created_by_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("sale_cash_movements_date_idx").on(t.businessDate),
    uniqueIndex("sale_cash_movements_one_float_idx")
      .on(t.businessDate)
      .where(sql`${t.kind} = 'float'`),
    check("sale_cash_movements_kind_valid", oneOf(t.kind, CASH_MOVEMENT_KINDS)),
    check("sale_cash_movements_amount_positive", sql`${t.amountKobo} > 0`),
  ],
);

/**
 * A sale taken offline that sold more units of a product than the stock had when it synced
 * (issue 35 "an oversell is flagged for the manager"; decision 0314). The sale is recorded, the
 * stock taken down to 0 (never below), and this row says how many units the records lacked,
 * until a manager counts the shelf, corrects the stock and marks it settled.
 */
export const stockOversells = pgTable(
  "stock_oversells",
  {
    id: serial("id").primaryKey(),
    saleId: integer("sale_id")
      .notNull()
      .references(() => sales.id, { onDelete: "cascade" }),
    /** Null once the product is deleted; the name stays. */
    productId: integer("product_id"),
    productName: text("product_name").notNull(),
    /** The units the sale took of the product. */
    unitsSold: integer("units_sold").notNull(),
    /** The units the stock lacked when the sale synced (> 0). */
    unitsShort: integer("units_short").notNull(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    settledBy: integer("settled_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("stock_oversells_open_idx").on(t.settledAt),
    uniqueIndex("stock_oversells_sale_product_idx").on(t.saleId, t.productId),
    check("stock_oversells_units_positive", sql`${t.unitsShort} > 0 AND ${t.unitsSold} > 0`),
  ],
);

/**
 * The receipt prefixes handed to sessions for receipts printed offline (issue 35; decision
 * 0314): one per session, its `id` in base 36 after a 'D' ('D1F'), never reused (rows are kept
 * after the session ends), so two devices' numbers never collide.
 */
export const receiptPrefixes = pgTable("receipt_prefixes", {
  id: serial("id").primaryKey(),
  /** The session's id (the hash of its cookie token, as in `sessions.id`). */
  sessionId: text("session_id").notNull().unique(),
  createdAt: createdAt(),
});
