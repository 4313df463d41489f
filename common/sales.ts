/**
 * Point-of-sale constants (admin spec §3 "Sale payload", "Sale record", "Surcharge", §4, §9).
 * Pure values and types only; the database builds its CHECK constraints from these lists
 * (server/db/schema/sales.ts), so a value added here needs a migration. Money is integer kobo in
 * the database and naira in the API.
 */

/** Sale statuses: created completed; refunded and voided are displayed states (admin spec §4). */
export const SALE_STATUSES = ["completed", "refunded", "voided"] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

/** Only these sales count toward totals (admin spec §4). */
export const COUNTED_SALE_STATUSES = ["completed"] as const satisfies readonly SaleStatus[];

/**
 * How a sale was paid (admin spec §9): cash, card, transfer (Bank Transfer), online (Online
 * Payment); 'split' when the point of sale took several payments (see the sale's payments).
 */
export const SALE_PAYMENT_METHODS = ["cash", "card", "transfer", "online", "split"] as const;
export type SalePaymentMethod = (typeof SALE_PAYMENT_METHODS)[number];

/** The method of one payment of a sale; gift cards appear in the daily cash movement (§3). */
export const PAYMENT_METHODS = ["cash", "card", "transfer", "online", "gift_card"] as const;
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
