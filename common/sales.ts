/**
 * Point-of-sale constants (admin spec §3 "Sale payload", "Sale record", "Surcharge", §4, §9).
 * Pure values and types only; the database builds its CHECK constraints from these lists
 * (server/db/schema/sales.ts), so a value added here needs a migration. Money is integer kobo in
 * the database and naira in the API.
 */
import { z } from "zod";
import type { Appointment } from "./calendar.ts";
import { consultationOverrideFields } from "./consultation.ts";
import { emailField, NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "./contact.ts";
import { healthOverrideFields } from "./health.ts";
import { databaseIdSchema } from "./ids.ts";
import { isRealDate } from "./lagos-time.ts";
import { hasAtMostTwoDecimals, MAX_NAIRA } from "./money.ts";
import { OFFLINE_RECEIPT_PATTERN } from "./offline.ts";

/** Sale statuses: created completed; refunded and voided are displayed states (admin spec §4). */
export const SALE_STATUSES = ["completed", "refunded", "voided"] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

/** Only these sales count toward totals (admin spec §4). */
export const COUNTED_SALE_STATUSES = ["completed"] as const satisfies readonly SaleStatus[];

/**
 * How a sale was paid (admin spec §9): cash, card, transfer (Bank Transfer), online (Online
 * Payment); 'split' when the point of sale took several payments (see the sale's payments);
 * 'deposit' when the visit's booking deposit paid all of it (issue 32; decision 0296).
 */
export const SALE_PAYMENT_METHODS = [
  "cash",
  "card",
  "transfer",
  "online",
  "split",
  "deposit",
] as const;
export type SalePaymentMethod = (typeof SALE_PAYMENT_METHODS)[number];

/**
 * The method of one payment of a sale; gift cards appear in the daily cash movement (§3).
 * 'deposit': the visit's booking deposit credited at the till (issue 32; decision 0296), money
 * taken online before, never new money in the drawer or on the terminal; as a refund's method,
 * the part of a void given back to the deposit.
 */
export const PAYMENT_METHODS = [
  "cash",
  "card",
  "transfer",
  "online",
  "gift_card",
  "deposit",
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What a sale line sells (admin spec §3 "Cart line", "Popular item"). */
export const SALE_ITEM_TYPES = ["service", "product"] as const;
export type SaleItemType = (typeof SALE_ITEM_TYPES)[number];

/**
 * Surcharge types (admin spec §3, §9): a percentage of the subtotal (stored in basis points,
 * 1% = 100) or a fixed amount (stored in kobo).
 */
export const SURCHARGE_TYPES = ["percentage", "fixed"] as const;
export type SurchargeType = (typeof SURCHARGE_TYPES)[number];
/** 100% in basis points: the largest percentage surcharge. */
export const MAX_SURCHARGE_BASIS_POINTS = 10_000;

/** Refund kinds: a refund (whole sale or some lines) or a void (the whole sale, a till mistake). */
export const REFUND_KINDS = ["refund", "void"] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];

// ---------------------------------------------------------------------------------------------
// Point of sale (admin spec §2 "Point of sale", §3, §5, §7, §8, §9; issue 11)

/** The point of sale's tabs (admin spec §2). */
export const POS_TABS = ["daily-sales", "quick-sale", "services", "products"] as const;
export type PosTab = (typeof POS_TABS)[number];

/** Popular items on the quick-sale tab, from this many days of sales (admin spec §9). */
export const POPULAR_ITEMS_LIMIT = 12;
export const POPULAR_ITEMS_DAYS = 90;
/** Upcoming appointments on the quick-sale tab (admin spec §9). */
export const POS_UPCOMING_LIMIT = 5;

/** What the Complete Sale dialog offers (admin spec §4, §9). */
export const POS_PAYMENT_METHODS = ["card", "cash", "transfer", "split"] as const;
export type PosPaymentMethod = (typeof POS_PAYMENT_METHODS)[number];
/** The methods one part of a split payment may use. */
export const SPLIT_PAYMENT_METHODS = ["card", "cash", "transfer"] as const;

/** Display labels of payment methods (admin spec §9: 'Bank Transfer', 'Online Payment'). */
export const PAYMENT_METHOD_LABELS: Record<string, string> = {
  cash: "Cash",
  card: "Card",
  transfer: "Bank Transfer",
  online: "Online Payment",
  gift_card: "Gift card",
  split: "Split",
  deposit: "Deposit",
};

/** The transaction summary's item types, in order (admin spec §9). */
export const TRANSACTION_TYPES = [
  "Services",
  "Products",
  "Shipping",
  "Gift cards",
  "Memberships",
  "Late cancellation fees",
  "No-show fees",
  "Refund amount",
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** The largest quantity of one cart line, and the most lines and payments of one sale. */
export const MAX_SALE_QUANTITY = 999;
export const MAX_SALE_LINES = 100;
export const MAX_SALE_PAYMENTS = 10;
/** The largest amount (naira) one sale field may hold (common/money.ts MAX_NAIRA). */
export const MAX_SALE_AMOUNT = MAX_NAIRA;
/** How far back a sale taken offline may be dated when it syncs (later ones are dated now). */
export const OFFLINE_SALE_MAX_AGE_DAYS = 7;

/** The point of sale's texts (admin spec §5, §8). */
export const POS_MESSAGES = {
  emptyCartTitle: "Empty Cart",
  emptyCart: "Please add items to cart before processing sale",
  customerInfoTitle: "Customer Info Required",
  customerInfo: "Please enter customer name and email",
  customerEmail: "Please enter a valid customer email",
  saleCompleteTitle: "Sale Complete",
  saleFailedTitle: "Sale Failed",
  saleFailed: "Failed to process sale",
  paymentMethod: "Choose card, cash, transfer or split",
  amount: "Enter an amount in naira with at most 2 decimals",
  quantity: `Quantity must be a whole number from 1 to ${MAX_SALE_QUANTITY}`,
  idempotencyKey: "The idempotency key must be 8 to 100 letters, digits, '-', '_', ':' or '.'",
  surchargeName: "Surcharge name is required",
  surchargeType: "Surcharge type must be percentage or fixed",
  surchargePercent: "A percentage surcharge must be between 0 and 100",
  refundReason: "Please give a reason",
  staffMember: "Unknown staff member",
  countedCash: "Enter the cash counted in the drawer",
  date: "Enter the date as YYYY-MM-DD",
} as const;

/** 'Sale #1001 processed successfully' (admin spec §8). */
export function saleCompleteMessage(saleNumber: number): string {
  return `Sale #${saleNumber} processed successfully`;
}

/** A naira amount of at most 2 decimals, 0 to MAX_SALE_AMOUNT. */
export const nairaAmount = z
  .number({ error: POS_MESSAGES.amount })
  .finite(POS_MESSAGES.amount)
  .min(0, POS_MESSAGES.amount)
  .max(MAX_SALE_AMOUNT, POS_MESSAGES.amount)
  .refine(hasAtMostTwoDecimals, POS_MESSAGES.amount);

/** A naira amount that may arrive as a number or numeric text (the spec's string prices). */
const nairaInput = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
  nairaAmount,
);

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;

/** One cart line as the till sends it (admin spec §3 "Cart line"); the price is only compared. */
export const cartLineSchema = z.object({
  id: databaseIdSchema("Unknown item"),
  name: z.string().max(200).optional(),
  type: z.enum(SALE_ITEM_TYPES, { error: "Line type must be service or product" }),
  price: nairaInput.optional(),
  quantity: z
    .number({ error: POS_MESSAGES.quantity })
    .int(POS_MESSAGES.quantity)
    .min(1, POS_MESSAGES.quantity)
    .max(MAX_SALE_QUANTITY, POS_MESSAGES.quantity),
  isPopular: z.boolean().optional(),
  /**
   * Who did the treatment (service) or sold the product; null: nobody named. Commission and
   * revenue are credited to this member (issue 29, docs/decisions/0187).
   */
  staffId: databaseIdSchema(POS_MESSAGES.staffMember).nullish(),
  /** The appointment this service line checks out (completed with the sale; decision 0187). */
  appointmentId: databaseIdSchema("Unknown appointment").nullish(),
});
export type CartLineInput = z.infer<typeof cartLineSchema>;

/** The longest payment reference (terminal RRN, bank or Paystack reference) or payer name. */
export const REFERENCE_MAX_LENGTH = 100;

/** A payment reference as typed (terminal slip, bank alert, Paystack); empty is none. */
const referenceField = z
  .string({ error: "A reference is text" })
  .trim()
  .max(REFERENCE_MAX_LENGTH, `A reference must be at most ${REFERENCE_MAX_LENGTH} characters`)
  .nullish()
  .transform((v) => v || null);

/** Who sent a bank transfer, as the bank alert names them; empty is none. */
const payerField = z
  .string({ error: "The payer's name is text" })
  .trim()
  .max(NAME_MAX_LENGTH, `The payer's name must be at most ${NAME_MAX_LENGTH} characters`)
  .nullish()
  .transform((v) => v || null);

export const splitPaymentSchema = z.object({
  method: z.enum(SPLIT_PAYMENT_METHODS, { error: "Payment method must be card, cash or transfer" }),
  amount: nairaInput.refine((n) => n > 0, "A payment must be more than 0"),
  tip: nairaInput.optional(),
  /** The POS terminal's reference (card) or the transfer's reference (issue 29). */
  reference: referenceField,
  /** Who sent the transfer (transfer only). */
  payer: payerField,
});

/** A surcharge the till applied: its id, or the surcharge object the screen holds (§3). */
const appliedSurchargeSchema = z.union([
  databaseIdSchema("Unknown surcharge"),
  z.object({ id: databaseIdSchema("Unknown surcharge") }).transform((s) => s.id),
]);

/**
 * POST /api/pos/process-sale (admin spec §3 "Sale payload", §5). Money in naira. The server
 * recomputes every figure; `subtotal`, `totalAmount`, `changeAmount` and line prices, when sent,
 * are compared with its own and a difference is refused (409), never trusted.
 */
export const saleInputSchema = z.object({
  cart: z
    .array(cartLineSchema, { error: POS_MESSAGES.emptyCart })
    .min(1, POS_MESSAGES.emptyCart)
    .max(MAX_SALE_LINES, `A sale may have at most ${MAX_SALE_LINES} lines`),
  customerInfo: z.object(
    {
      name: z
        .string({ error: POS_MESSAGES.customerInfo })
        .trim()
        .min(1, POS_MESSAGES.customerInfo)
        .max(NAME_MAX_LENGTH, POS_MESSAGES.customerInfo),
      email: emailField({
        invalid: POS_MESSAGES.customerEmail,
        required: POS_MESSAGES.customerInfo,
      }),
      phone: z
        .string()
        .trim()
        .max(PHONE_MAX_LENGTH, `Phone must be at most ${PHONE_MAX_LENGTH} characters`)
        .nullish()
        .transform((v) => v || null),
    },
    { error: POS_MESSAGES.customerInfo },
  ),
  clientId: databaseIdSchema("Unknown client").nullish(),
  appliedSurcharges: z.array(appliedSurchargeSchema).max(20).default([]),
  discountAmount: nairaInput.default(0),
  splitPayments: z.array(splitPaymentSchema).max(MAX_SALE_PAYMENTS).default([]),
  paymentMethod: z.enum(POS_PAYMENT_METHODS, { error: POS_MESSAGES.paymentMethod }),
  subtotal: nairaInput.optional(),
  totalAmount: nairaInput.optional(),
  changeAmount: nairaInput.optional(),
  cashReceived: nairaInput.nullish(),
  /** A single card or transfer payment's reference: the terminal's, or the transfer's. */
  paymentReference: referenceField,
  /** Who sent a single transfer payment. */
  payerName: payerField,
  /** A tip on top of the total, paid with the (first) payment. */
  tipAmount: nairaInput.default(0),
  /** Who the tip is for; default the first service line's member (issue 29). */
  tipStaffId: databaseIdSchema(POS_MESSAGES.staffMember).nullish(),
  idempotencyKey: z.string().regex(IDEMPOTENCY_KEY_PATTERN, POS_MESSAGES.idempotencyKey).optional(),
  /** The appointment checked out: its id, or 'booking-{id}' for a waiting request. */
  appointmentId: z
    .union([z.number().int().positive(), z.string().regex(/^(booking-)?[1-9]\d{0,9}$/)], {
      error: "Unknown appointment",
    })
    .transform(String)
    .nullish(),
  /** When a sale taken offline was rung up (ISO 8601); the server dates it now otherwise. */
  soldAt: z.iso.datetime({ offset: true }).optional(),
  /**
   * The receipt number the device printed for a sale it kept offline (OFFLINE_RECEIPT_PATTERN).
   * It marks the sale as taken offline: short stock then records it and flags the oversell for
   * the manager instead of refusing it (issue 35; decision 0314).
   */
  offlineReceipt: z
    .string()
    .regex(OFFLINE_RECEIPT_PATTERN, "The offline receipt number must look like D1F-0007")
    .optional(),
  notes: z.string().trim().max(500).nullish(),
  /**
   * The visit's booking deposit credited as the till shows it (naira; issue 32, decision 0296).
   * The server credits the paid deposits of the appointments the sale checks out by itself;
   * this figure, when sent, is only compared (409 when it differs), never trusted.
   */
  depositCredit: nairaInput.optional(),
  /** A clinician's override of the consultation requirement (issue 30; decision 0225). */
  ...consultationOverrideFields,
  ...healthOverrideFields,
});
export type SaleInput = z.input<typeof saleInputSchema>;
export type ParsedSaleInput = z.output<typeof saleInputSchema>;

/** A line of a stored sale; money in naira. */
export type SaleLine = {
  id: number;
  type: SaleItemType;
  itemId: number | null;
  name: string;
  unitPrice: number;
  quantity: number;
  refundedQuantity: number;
  lineTotal: number;
  /** Who did the treatment or sold the product (null: nobody named). */
  staffId: number | null;
  staffName: string | null;
  /** The appointment this line checked out, if any. */
  appointmentId: number | null;
};

export type SalePayment = {
  method: PaymentMethod;
  amount: number;
  tip: number;
  /** Terminal, transfer or Paystack reference (null: none given). */
  reference: string | null;
  /** Who sent a transfer (null: not given). */
  payer: string | null;
  /** Who the tip is for (null: nobody named). */
  tipStaffId: number | null;
};

export type SaleRefund = {
  id: number;
  kind: RefundKind;
  amount: number;
  method: PaymentMethod;
  reason: string;
  by: string;
  /** ISO 8601 UTC. */
  createdAt: string;
  /** Each refunded line: units, their value, their share of surcharges and discount (naira). */
  lines: Array<{
    saleLineId: number;
    quantity: number;
    amount: number;
    surcharges: number;
    discount: number;
  }>;
  /** The share of each surcharge (VAT, service charge) given back (naira; decision 0216). */
  surchargeLines: Array<{ surchargeId: number; name: string; amount: number }>;
  /** The share of the discount kept back (naira). */
  discount: number;
};

/** A stored sale with everything a receipt or the day's list shows; money in naira. */
export type SaleDetail = {
  id: number;
  saleNumber: number;
  status: SaleStatus;
  /** ISO 8601 UTC. */
  soldAt: string;
  customerName: string;
  customerEmail: string | null;
  customerPhone: string | null;
  clientId: number | null;
  paymentMethod: SalePaymentMethod;
  subtotal: number;
  surcharges: number;
  surchargeLines: Array<{ surchargeId: number; name: string; amount: number }>;
  discount: number;
  total: number;
  cashReceived: number | null;
  change: number;
  tips: number;
  /** Money given back so far (refunds and voids). */
  refunded: number;
  lines: SaleLine[];
  payments: SalePayment[];
  refunds: SaleRefund[];
  appointmentId: number | null;
  createdBy: string | null;
  /** The receipt number printed offline by the device that took the sale, or null. */
  offlineReceipt: string | null;
};

/**
 * A sale taken offline that sold more of a product than the stock held when it synced (issue 35;
 * decision 0314): GET /api/sales/oversells. `soldAt` ISO 8601 UTC.
 */
export type StockOversell = {
  id: number;
  saleId: number;
  saleNumber: number;
  offlineReceipt: string | null;
  soldAt: string;
  productId: number | null;
  productName: string;
  unitsSold: number;
  unitsShort: number;
  /** The product's stock now. */
  stockNow: number | null;
};

/** The answer of POST /api/pos/process-sale: the sale, and whether it was a replay of a key. */
export type ProcessSaleResult = SaleDetail & {
  /** True when the idempotency key was seen before: this is the sale recorded then. */
  replayed: boolean;
  /** Whether the checked-out appointment is now completed (null: none was sent). */
  appointmentCompleted: boolean | null;
};

/** A popular item of the quick-sale tab (admin spec §3); `lastSoldPrice` in naira. */
export type PopularItem = {
  itemId: number;
  itemType: SaleItemType;
  itemName: string;
  lastSoldPrice: number;
  /** The catalogue's current price (naira; null: a service with no set price). */
  price: number | null;
  /** Units in stock for a product; null for a service. */
  stock: number | null;
  /** Units sold in the last POPULAR_ITEMS_DAYS days (0 for a catalogue filler). */
  soldQuantity: number;
};

/** A service or product as the till's tabs show it; price in naira. */
export type PosCatalogItem = {
  id: number;
  type: SaleItemType;
  name: string;
  category: string;
  /** Null: a service without a set price (cannot be rung up). */
  price: number | null;
  stock: number | null;
};

/** A surcharge as the API answers it (admin spec §3): `amount` is percent or naira by type. */
export type Surcharge = {
  id: number;
  name: string;
  description: string | null;
  type: SurchargeType;
  amount: number;
  isActive: boolean;
};

export const surchargeInputSchema = z
  .object({
    name: z
      .string({ error: POS_MESSAGES.surchargeName })
      .trim()
      .min(1, POS_MESSAGES.surchargeName)
      .max(100, "Surcharge name must be at most 100 characters"),
    description: z
      .string()
      .trim()
      .max(500)
      .nullish()
      .transform((v) => v || null),
    type: z.enum(SURCHARGE_TYPES, { error: POS_MESSAGES.surchargeType }),
    amount: nairaInput,
    isActive: z.boolean().default(true),
  })
  .refine((s) => s.type !== "percentage" || s.amount <= 100, {
    path: ["amount"],
    message: POS_MESSAGES.surchargePercent,
  });
export type SurchargeInput = z.input<typeof surchargeInputSchema>;

export const surchargePatchSchema = z
  .object({
    name: z
      .string({ error: POS_MESSAGES.surchargeName })
      .trim()
      .min(1, POS_MESSAGES.surchargeName)
      .max(100),
    description: z
      .string()
      .trim()
      .max(500)
      .nullable()
      .transform((v) => v || null),
    type: z.enum(SURCHARGE_TYPES, { error: POS_MESSAGES.surchargeType }),
    amount: nairaInput,
    isActive: z.boolean({ error: "isActive must be true or false" }),
  })
  .partial()
  .refine((p) => Object.keys(p).length > 0, "Nothing to update");
export type SurchargePatch = z.output<typeof surchargePatchSchema>;

/** POST /api/sales/{id}/refund: some lines (`lines`) or, without them, all that is left. */
export const refundInputSchema = z.object({
  reason: z
    .string({ error: POS_MESSAGES.refundReason })
    .trim()
    .min(1, POS_MESSAGES.refundReason)
    .max(500),
  lines: z
    .array(
      z.object({
        lineId: databaseIdSchema("Unknown sale line"),
        quantity: z.number({ error: POS_MESSAGES.quantity }).int().min(1).max(MAX_SALE_QUANTITY),
      }),
    )
    .min(1)
    .max(MAX_SALE_LINES)
    .optional(),
  method: z.enum(["cash", "card", "transfer", "gift_card"]).optional(),
});
export type RefundInput = z.input<typeof refundInputSchema>;

export const voidInputSchema = z.object({
  reason: z
    .string({ error: POS_MESSAGES.refundReason })
    .trim()
    .min(1, POS_MESSAGES.refundReason)
    .max(500),
});

// ---------------------------------------------------------------------------------------------
// The day close per tender (issue 29; docs/decisions/0230-the-day-closes-per-tender-and-locks.md)

/**
 * The tenders a Lagos day closes on: cash (the drawer), card on the POS terminal, bank transfer
 * and Paystack online (the shop's orders and sales recorded as 'online').
 */
export const TENDERS = ["cash", "card", "transfer", "online", "deposit"] as const;
export type Tender = (typeof TENDERS)[number];

export const TENDER_LABELS: Record<Tender, string> = {
  cash: "Cash",
  card: "Card (POS terminal)",
  transfer: "Bank Transfer",
  online: "Paystack (online)",
  deposit: "Deposits credited",
};

/**
 * What happened to booking deposits during a day (issue 32 "the daily close shows deposits
 * taken, applied, refunded and forfeited per tender"; decision 0296): taken (paid online that
 * day), credited at the till, returned to the deposit by a void, refunded to the client, and
 * forfeited (late cancel, no-show).
 */
export const DEPOSIT_MOVEMENTS = ["taken", "applied", "restored", "refunded", "forfeited"] as const;
export type DepositMovement = (typeof DEPOSIT_MOVEMENTS)[number];
export const DEPOSIT_MOVEMENT_LABELS: Record<DepositMovement, string> = {
  taken: "Taken online",
  applied: "Credited at the till",
  restored: "Returned to the deposit (void)",
  refunded: "Refunded to the client",
  forfeited: "Forfeited (late cancel or no-show)",
};

/** How a deposit was paid (Paystack's channel, or the test dialog), for the close. */
export const DEPOSIT_CHANNEL_LABELS: Record<string, string> = {
  card: "Card (Paystack)",
  bank_transfer: "Bank transfer (Paystack)",
  ussd: "USSD (Paystack)",
  test: "Test payment",
  till: "At the till",
};

/** One row of the day's deposits: a movement by one tender (naira). */
export type DepositDayRow = {
  movement: DepositMovement;
  /** The channel ('card', 'bank_transfer', 'ussd', 'test', …) or 'till' for the till's rows. */
  tender: string;
  label: string;
  count: number;
  amount: number;
};

/** The day's deposits (naira): each movement by tender, and each movement's total. */
export type DepositDay = {
  rows: DepositDayRow[];
  totals: Record<DepositMovement, number>;
  /**
   * Of the deposits credited to the day's sales, the part above their sale's total: the
   * clients' money, for the desk to return (decision 0296).
   */
  leftToReturn: number;
};

/** The naira notes the drawer is counted in (coins and smaller notes are one amount). */
export const CASH_NOTES = [1000, 500, 200, 100, 50] as const;
export type CashNote = (typeof CASH_NOTES)[number];

/** Cash movements recorded during the day: the opening float, pay-ins and pay-outs. */
export const CASH_MOVEMENT_KINDS = ["float", "pay_in", "pay_out"] as const;
export type CashMovementKind = (typeof CASH_MOVEMENT_KINDS)[number];
export const CASH_MOVEMENT_LABELS: Record<CashMovementKind, string> = {
  float: "Opening float",
  pay_in: "Pay-in",
  pay_out: "Pay-out",
};

export const DAY_CLOSE_MESSAGES = {
  reason: "Please give a reason",
  movementKind: "Choose the opening float, a pay-in or a pay-out",
  movementAmount: "Enter an amount more than 0",
  noteCount: "Enter how many notes, a whole number from 0",
  countDiffers: "The counted cash differs from the count by note",
  floatTwice: "The opening float of this day is already recorded",
  notClosed: "This day is not closed",
  alreadyClosed: "This day is already closed",
} as const;

/** 'Friday, 27 Nov 2026 is closed: …': the 400 of a sale, refund, void or movement on it. */
export function dayClosedMessage(date: string): string {
  return `${longDayLabel(date)} is closed: no sale, refund or void can be recorded on it. A manager can reopen the day.`;
}

const noteCount = z
  .number({ error: DAY_CLOSE_MESSAGES.noteCount })
  .int(DAY_CLOSE_MESSAGES.noteCount)
  .min(0, DAY_CLOSE_MESSAGES.noteCount)
  .max(100_000, DAY_CLOSE_MESSAGES.noteCount)
  .default(0);

/** The drawer counted by note: how many of each note, and the coins (naira). */
export const cashCountSchema = z.object({
  notes: z
    .object({
      "1000": noteCount,
      "500": noteCount,
      "200": noteCount,
      "100": noteCount,
      "50": noteCount,
    })
    .default({ "1000": 0, "500": 0, "200": 0, "100": 0, "50": 0 }),
  coins: nairaInput.default(0),
});
export type CashCountInput = z.input<typeof cashCountSchema>;
export type CashCount = z.output<typeof cashCountSchema>;

/** The cash a count by note adds up to, in kobo: Σ count × note + coins. */
export function cashCountKobo(count: CashCount): number {
  return (
    CASH_NOTES.reduce((s, note) => s + count.notes[String(note) as "1000"] * note * 100, 0) +
    Math.round(count.coins * 100)
  );
}

/**
 * POST /api/sales/daily/{date}/close: the cash counted (`countedCash` in naira, or `cashCount`
 * by note; both must agree when both are sent), and what the card terminal's end-of-day total
 * and the bank's statement show for the day (naira; null: not counted). Paystack is matched by
 * the server.
 */
export const dayCloseInputSchema = z
  .object({
    countedCash: nairaInput.optional(),
    cashCount: cashCountSchema.optional(),
    counted: z.object({ card: nairaInput.nullish(), transfer: nairaInput.nullish() }).default({}),
    notes: z
      .string()
      .trim()
      .max(500)
      .nullish()
      .transform((v) => v || null),
  })
  .refine((v) => v.countedCash !== undefined || v.cashCount !== undefined, {
    path: ["countedCash"],
    message: POS_MESSAGES.countedCash,
  })
  .refine(
    (v) =>
      v.countedCash === undefined ||
      v.cashCount === undefined ||
      Math.round(v.countedCash * 100) === cashCountKobo(v.cashCount),
    { path: ["countedCash"], message: DAY_CLOSE_MESSAGES.countDiffers },
  );
export type DayCloseInput = z.input<typeof dayCloseInputSchema>;

/** POST /api/sales/daily/{date}/cash-movements: the float, a pay-in or a pay-out (naira). */
export const cashMovementInputSchema = z
  .object({
    kind: z.enum(CASH_MOVEMENT_KINDS, { error: DAY_CLOSE_MESSAGES.movementKind }),
    amount: nairaInput.refine((n) => n > 0, DAY_CLOSE_MESSAGES.movementAmount),
    reason: z
      .string({ error: DAY_CLOSE_MESSAGES.reason })
      .trim()
      .max(200, "A reason must be at most 200 characters")
      .default(""),
  })
  .refine((m) => m.kind === "float" || m.reason.length > 0, {
    path: ["reason"],
    message: DAY_CLOSE_MESSAGES.reason,
  });
export type CashMovementInput = z.input<typeof cashMovementInputSchema>;

/** POST /api/sales/daily/{date}/reopen: why a manager reopens a closed day. */
export const dayReopenInputSchema = z.object({
  reason: z
    .string({ error: DAY_CLOSE_MESSAGES.reason })
    .trim()
    .min(1, DAY_CLOSE_MESSAGES.reason)
    .max(500),
});

export const emailReceiptSchema = z.object({
  email: emailField({ invalid: POS_MESSAGES.customerEmail }).optional(),
});

/** One row of the transaction summary (admin spec §3 "Daily sales response"); naira. */
export type TransactionRow = {
  type: TransactionType;
  salesQty: number;
  refundQty: number;
  grossTotal: number;
};

export type CashMovementRow = { collected: number; refunds: number };

/**
 * One tender of a day's close (naira): what the day's records expect, what was counted (cash,
 * the terminal's total, the bank statement) or matched (Paystack), and the variance
 * (counted − expected: positive over, negative short; null while not counted).
 */
export type TenderLine = {
  tender: Tender;
  label: string;
  expected: number;
  counted: number | null;
  variance: number | null;
  /** Payments taken by this tender that day, and how many carry no reference. */
  payments: number;
  withoutReference: number;
};

/** A cash movement of the day (naira). */
export type CashMovement = {
  id: number;
  kind: CashMovementKind;
  amount: number;
  reason: string;
  by: string;
  /** ISO 8601 UTC. */
  createdAt: string;
};

/**
 * The drawer's day (naira): expected = float + cash taken (tips included) − cash refunds +
 * pay-ins − pay-outs.
 */
export type CashDrawer = {
  float: number;
  taken: number;
  refunds: number;
  payIns: number;
  payOuts: number;
  expected: number;
  movements: CashMovement[];
};

/** How one Paystack payment of the day matched the records. */
export const PAYSTACK_MATCH_STATUSES = [
  "matched",
  "amount differs",
  "not at Paystack",
  "not recorded here",
] as const;
export type PaystackMatchStatus = (typeof PAYSTACK_MATCH_STATUSES)[number];

/** One reference: what we recorded and what Paystack reports, with its fee and net (naira). */
export type PaystackMatch = {
  reference: string;
  /** 'Sale #1001', 'Order #12', or null for a payment Paystack has and we do not. */
  recordedAs: string | null;
  expected: number | null;
  amount: number | null;
  fees: number | null;
  net: number | null;
  status: PaystackMatchStatus;
  /** The Paystack settlement that paid it out, once settled. */
  settlement: { id: string; status: string; date: string | null } | null;
};

/**
 * Money Paystack gave back on one of its payments during the day (issue 29;
 * docs/decisions/0281): a refund (Paystack's Refund API) or a chargeback (a dispute), matched by
 * the payment's reference to the sale or shop order it paid (naira).
 */
export type PaystackReversal = {
  kind: "refund" | "chargeback";
  /** Paystack's refund or dispute id. */
  id: string;
  /** The reference of the payment given back. */
  reference: string;
  /** 'Sale #1001', 'Order #12', or null when no sale or order here carries the reference. */
  recordedAs: string | null;
  /** A refund's amount; a chargeback's disputed amount (`refund_amount`, else the payment's). */
  amount: number;
  /** Paystack's status ('pending', 'processed', …; a dispute's 'awaiting-merchant-feedback', 'resolved', …). */
  status: string;
  /** A dispute's resolution ('merchant-accepted', 'declined') or null. */
  resolution: string | null;
  /**
   * Whether the money left the clinic's Paystack balance: a processed refund, or a chargeback
   * resolved 'merchant-accepted'. These are taken off the online tender's counted figure.
   */
  deducted: boolean;
  /** When Paystack recorded it (ISO 8601 UTC), or null. */
  at: string | null;
};

/** Paystack's side of a day (naira): totals over the matched payments, and each reference. */
export type PaystackReconciliation = {
  /** False without Paystack keys: nothing can be matched (test-payment mode). */
  configured: boolean;
  /** Why Paystack could not be asked (unreachable, refused), or null. */
  error: string | null;
  amount: number;
  fees: number;
  net: number;
  matches: PaystackMatch[];
  /** Refunds and chargebacks Paystack recorded on the day, each matched by reference. */
  reversals: PaystackReversal[];
  /** Σ refunds deducted that day (naira). */
  refunded: number;
  /** Σ chargebacks deducted that day (naira). */
  chargebacks: number;
};

/** A closed day: each tender's figures, the cash count, who closed it and when. */
export type DayClose = {
  date: string;
  /** The drawer: float + cash taken − cash refunds + pay-ins − pay-outs, at the close. */
  expectedCash: number;
  countedCash: number;
  /** counted − expected: positive is over, negative short. */
  difference: number;
  tenders: TenderLine[];
  cashCount: CashCount | null;
  paystack: PaystackReconciliation | null;
  notes: string | null;
  closedBy: string;
  /** ISO 8601 UTC. */
  closedAt: string;
};

/**
 * GET /api/sales/daily/{date}/close: the close sheet of a Lagos day: each tender's expected
 * figure (the close's stored figures once closed), the drawer and Paystack's matching.
 */
export type CloseSheet = {
  date: string;
  close: DayClose | null;
  tenders: TenderLine[];
  cash: CashDrawer;
  paystack: PaystackReconciliation;
  /** Booking deposits of the day (always the live figures: each movement is dated when it happened). */
  deposits: DepositDay;
};

/**
 * GET /api/sales/daily/{YYYY-MM-DD} (admin spec §3 "Daily sales response"): a Lagos day of POS
 * sales and paid shop orders. Refunds count on the day they were given. Money in naira.
 */
export type DailySales = {
  date: string;
  transactionSummary: TransactionRow[];
  totals: { salesQty: number; refundQty: number; grossTotal: number };
  cashMovement: {
    cash: CashMovementRow;
    other: CashMovementRow;
    giftCards: CashMovementRow;
    /**
     * Booking deposits credited at the till (collected) and returned to the deposit by a void
     * (refunds): paid online before, so not in the totals (issue 32; decision 0296).
     */
    deposits: CashMovementRow;
    totalCollected: number;
    totalRefunds: number;
    /** Of which tips (included in collected). */
    tips: number;
  };
  /** POS surcharges and discounts of the day (they sit between item totals and payments). */
  adjustments: { surcharges: number; discounts: number };
  /** Sales rung up (any status) and the number of shop orders paid that day. */
  saleCount: number;
  orderCount: number;
  /** Cash the drawer should hold from the day's takings: cash collected − cash refunds. */
  expectedCash: number;
  close: DayClose | null;
};

/** The printable receipt (issue 11): the sale and the clinic's details. */
export type Receipt = {
  sale: SaleDetail;
  clinic: { name: string; address: string; phone: string; email: string };
};

/**
 * A visit ready to check out at the till (issue 29): the appointment Start Checkout was pressed
 * on and the client's other appointments of that Lagos day not yet checked out, each with its
 * service, price (naira: the appointment's, else the catalogue's) and therapist.
 */
export type VisitCheckout = {
  appointmentId: number;
  customer: { clientId: number | null; name: string; email: string; phone: string };
  lines: Array<{
    appointmentId: number;
    serviceId: number | null;
    serviceName: string;
    price: number | null;
    staffId: number | null;
    staffName: string | null;
    /** ISO 8601 UTC. */
    startsAt: string;
  }>;
  /**
   * The paid booking deposits of these appointments (issue 32; decision 0296): the till credits
   * them as the 'Deposit' tender, at most up to the sale's total.
   */
  deposits: VisitDeposit[];
};

/** A paid booking deposit the till credits (naira). */
export type VisitDeposit = { appointmentId: number; reference: string; amount: number };

/** A member the till may credit a line or a tip to (active staff, by name). */
export type PosStaff = { id: number; name: string };

/** What the POS screen's loader reads (app/routes/admin/sales.tsx). */
export type PosScreen = {
  /** The visit being checked out (?checkout={appointmentId}), or null. */
  checkout: VisitCheckout | null;
  staff: PosStaff[];
  today: string;
  date: string;
  popularItems: PopularItem[];
  services: PosCatalogItem[];
  products: PosCatalogItem[];
  surcharges: Surcharge[];
  upcoming: Appointment[];
  daily: DailySales;
  /** The day's sales, newest first (at most POS_DAY_SALES_LIMIT). */
  sales: SaleDetail[];
};
export const POS_DAY_SALES_LIMIT = 200;

/** The point of sale's reads for page loaders (common/page-context.ts). */
export type SalesPages = {
  screen(date: string, checkoutId?: number | null): Promise<PosScreen>;
  receipt(saleNumber: number): Promise<Receipt | null>;
};

/** The long date of the day navigator (admin spec §2): 'Monday, 23 Nov 2026'. */
export function longDayLabel(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const when = new Date(Date.UTC(y, m - 1, d, 12));
  return new Intl.DateTimeFormat("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(when);
}

/** Kobo arithmetic for the till (admin spec §9): the same sums on the screen and the server. */
export type SaleFigures = {
  subtotalKobo: number;
  surchargeLines: Array<{ surchargeId: number; name: string; amountKobo: number }>;
  surchargesKobo: number;
  discountKobo: number;
  totalKobo: number;
};

/**
 * subtotal = Σ unit × quantity; a percentage surcharge is `basisPoints` of the subtotal (rounded
 * to the kobo), a fixed one its kobo; total = subtotal + surcharges − discount, at least 0
 * (a larger discount is the caller's error). All in kobo.
 */
export function saleFigures(
  lines: Array<{ unitKobo: number; quantity: number }>,
  applied: Array<{ id: number; name: string; type: SurchargeType; amount: number }>,
  discountKobo: number,
): SaleFigures {
  const subtotalKobo = lines.reduce((s, l) => s + l.unitKobo * l.quantity, 0);
  const surchargeLines = applied.map((s) => ({
    surchargeId: s.id,
    name: s.name,
    amountKobo: s.type === "percentage" ? Math.round((subtotalKobo * s.amount) / 10_000) : s.amount,
  }));
  const surchargesKobo = surchargeLines.reduce((s, l) => s + l.amountKobo, 0);
  return {
    subtotalKobo,
    surchargeLines,
    surchargesKobo,
    discountKobo,
    totalKobo: subtotalKobo + surchargesKobo - discountKobo,
  };
}

/** A sale record (admin spec §3 "Sale record"): one line of a sale; amounts naira as text. */
export type SaleRecord = {
  /** The sale line's id. */
  id: number;
  saleId: number;
  saleNumber: number;
  type: SaleItemType;
  customerName: string;
  customerEmail: string | null;
  customerPhone: string | null;
  paymentMethod: SalePaymentMethod;
  itemId: number | null;
  itemName: string;
  quantity: number;
  unitPrice: string;
  totalAmount: string;
  status: SaleStatus;
  notes: string | null;
  /** ISO 8601 UTC. */
  saleDate: string;
};

/** GET /api/sales query: a customer's sales, or a Lagos day's. */
export const saleListQuerySchema = z.object({
  customerEmail: z.string().trim().max(254).optional(),
  date: z.string().refine(isRealDate, POS_MESSAGES.date).optional(),
});

/** A client found by the Complete Sale dialog's customer search. */
export type PosClient = { id: number; name: string; email: string; phone: string | null };

/** Clients per page of the till's customer search (issue 29). */
export const POS_CLIENTS_PAGE = 8;

/** GET /api/pos/clients?q=&page=: one page of clients found by name, phone or email. */
export type PosClientPage = { clients: PosClient[]; page: number; hasMore: boolean };

export const posClientQuerySchema = z.object({
  q: z.string().trim().max(100, "Search text must be at most 100 characters").default(""),
  page: z.coerce
    .number({ error: "Page must be a whole number from 1" })
    .int("Page must be a whole number from 1")
    .min(1, "Page must be a whole number from 1")
    .max(1000, "Page must be a whole number from 1")
    .default(1),
});

/** Messages of the customer dialog's Record Sale (admin spec §5 "Record sale", §8). */
export const RECORD_SALE_MESSAGES = {
  item: "Please choose an item",
  customerName: "Customer name is required",
  customerEmail: "Valid email is required",
  paymentMethod: "Payment method must be cash, card, transfer or online",
} as const;

/** Methods the Record Sale dialog offers (admin spec §9). */
export const RECORD_SALE_METHODS = [
  { id: "cash", label: "Cash" },
  { id: "card", label: "Card" },
  { id: "transfer", label: "Bank Transfer" },
  { id: "online", label: "Online Payment" },
] as const;

/**
 * POST /api/sales (admin spec §3 "Sale record", §5 "Record sale", §7): one item sold to a client
 * from the customer dialog, recorded as a completed sale. The server prices it; `unitPrice` and
 * `totalAmount`, when sent, are compared (409 when they differ).
 */
export const recordSaleSchema = z.object({
  type: z.enum(SALE_ITEM_TYPES, { error: RECORD_SALE_MESSAGES.item }),
  customerName: z
    .string({ error: RECORD_SALE_MESSAGES.customerName })
    .trim()
    .min(1, RECORD_SALE_MESSAGES.customerName)
    .max(NAME_MAX_LENGTH),
  customerEmail: emailField({ invalid: RECORD_SALE_MESSAGES.customerEmail }),
  customerPhone: z
    .string()
    .trim()
    .max(PHONE_MAX_LENGTH)
    .nullish()
    .transform((v) => v || null),
  paymentMethod: z
    .enum(
      RECORD_SALE_METHODS.map((m) => m.id),
      { error: RECORD_SALE_MESSAGES.paymentMethod },
    )
    .default("cash"),
  itemId: databaseIdSchema(RECORD_SALE_MESSAGES.item),
  itemName: z.string().max(200).optional(),
  quantity: z
    .number({ error: POS_MESSAGES.quantity })
    .int(POS_MESSAGES.quantity)
    .min(1, POS_MESSAGES.quantity)
    .max(MAX_SALE_QUANTITY, POS_MESSAGES.quantity)
    .default(1),
  unitPrice: nairaInput.optional(),
  totalAmount: nairaInput.optional(),
  /** Only 'completed' is recorded (admin spec §4); refunds and voids have their own calls. */
  status: z.literal("completed", { error: "A recorded sale is completed" }).optional(),
  notes: z.string().trim().max(500).nullish(),
  saleDate: z.iso.datetime({ offset: true }).optional(),
  /** A clinician's override of the consultation requirement (issue 30; decision 0225). */
  ...consultationOverrideFields,
  /** The card terminal's, the transfer's or the Paystack payment's reference (issue 29). */
  paymentReference: referenceField,
  /** Who sent a transfer. */
  payerName: payerField,
  ...healthOverrideFields,
});
export type RecordSaleInput = z.input<typeof recordSaleSchema>;

/** Appointment statuses Start Checkout is offered on (issue 29): the visit is still open. */
export const CHECKOUT_STATUSES: readonly string[] = ["scheduled", "confirmed", "pending"];
