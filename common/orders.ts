/**
 * Shop orders as the admin and the API show them, and the order statuses (storefront spec §3
 * "Order payload"; admin spec §2 "Orders management", §3 "Order", §4 order statuses). Money here
 * is naira: the server stores integer kobo and converts once, when it answers.
 */
import { z } from "zod";
import { lagosDayStart } from "./lagos-time.ts";
import { clampedInt, listQuerySchema, oneOf, type Page } from "./paging.ts";

/** An order line as the API and the admin show it; `price` and `lineTotal` in naira. */
export type PublicOrderItem = {
  id: number;
  orderId: number;
  /** Null once the product was deleted; `name` and `price` keep the record. */
  productId: number | null;
  name: string;
  price: number;
  quantity: number;
  lineTotal: number;
};

/** An order as the API and the admin show it (admin spec §3 "Order"); money in naira. */
export type PublicOrder = {
  id: number;
  /** One of ORDER_STATUSES. */
  status: string;
  /** ISO 8601 UTC. */
  createdAt: string;
  /** ISO 8601 UTC; null while unpaid. */
  paidAt: string | null;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  deliveryAddress: string;
  deliveryCity: string;
  deliveryState: string;
  deliveryPostalCode: string;
  deliveryCountry: string;
  deliveryInstructions: string | null;
  /** Staff's note on the delivery (courier, tracking number), shown to the client; or null. */
  trackingNote: string | null;
  subtotal: number;
  shipping: number;
  total: number;
  currency: string;
  /** 'paystack', or 'test' for test-payment mode. */
  paymentMethod: string;
  paymentReference: string;
  items: PublicOrderItem[];
};

/** Order statuses staff set in the admin (admin spec §4). */
export const ADMIN_ORDER_STATUSES = ["processing", "shipped", "completed", "cancelled"] as const;
export type AdminOrderStatus = (typeof ADMIN_ORDER_STATUSES)[number];

/**
 * Every order status: 'pending' (awaiting payment), the four staff statuses, 'refund-required'
 * (paid, but the stock ran out before it could be filled), 'refunded' (the payment was
 * returned through Paystack's refund API by the admin's Refund action, issue 14) and 'expired'
 * (never paid: the scheduler gave up on it after ORDER_EXPIRY_MINUTES, issue 16; a payment that
 * still arrives completes it like a pending one).
 */
export const ORDER_STATUSES = [
  "pending",
  ...ADMIN_ORDER_STATUSES,
  "refund-required",
  "refunded",
  "expired",
] as const;

/** Statuses of orders that were never paid: not sales, not in the admin's 'All' list. */
export const UNPAID_ORDER_STATUSES = ["pending", "expired"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The longest tracking note staff may write on an order, in characters. */
export const TRACKING_NOTE_MAX = 500;

const STATUS_MESSAGE = `Status must be one of ${ADMIN_ORDER_STATUSES.join(", ")}`;

/**
 * PATCH /api/orders/{id} body (admin spec §7 `{status}`), plus the tracking note the client
 * reads on the order status page (issue 33): either or both; '' or null clears the note. A body
 * with neither is refused with the status message.
 */
export const orderStatusUpdateSchema = z
  .object({
    status: z.enum(ADMIN_ORDER_STATUSES, { error: STATUS_MESSAGE }).optional(),
    trackingNote: z
      .string({ error: "The tracking note must be text" })
      .trim()
      .max(TRACKING_NOTE_MAX, `The tracking note must be at most ${TRACKING_NOTE_MAX} characters`)
      .nullable()
      .optional(),
  })
  .refine((body) => body.status !== undefined || body.trackingNote !== undefined, {
    message: STATUS_MESSAGE,
    path: ["status"],
  });
export type OrderUpdate = z.infer<typeof orderStatusUpdateSchema>;

/**
 * The admin orders list's status filter: every status a paid order can have ('all' means all of
 * those), and 'expired' to look at abandoned checkouts.
 */
export const ORDER_LIST_STATUSES = [
  "all",
  ...ADMIN_ORDER_STATUSES,
  "refund-required",
  "refunded",
  "expired",
] as const;

/** A Lagos date 'YYYY-MM-DD' from a query value, '' when absent or not a real date. */
const lagosDateParam = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === "string" && lagosDayStart(v.trim()) ? v.trim() : ""));

/**
 * The admin orders list's URL params (common/paging.ts): page, pageSize, `q` (order number,
 * customer name, email or phone, payment reference), `status` (default 'all'), and `from` /
 * `to`, Lagos dates 'YYYY-MM-DD' bounding the day the order was placed (both days included).
 */
export const orderListQuerySchema = listQuerySchema.extend({
  status: oneOf(ORDER_LIST_STATUSES, "all"),
  from: lagosDateParam,
  to: lagosDateParam,
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** Orders per page of GET /api/orders when `pageSize` is not given, and the most it allows. */
export const ORDERS_API_PAGE_SIZE = { default: 100, max: 500 } as const;

/**
 * GET /api/orders's query params (issue 14: paged, never silently capped): the admin list's
 * params with a larger page (default 100, at most 500). The body stays the spec's plain array;
 * the paging travels in headers (X-Total-Count, X-Page, X-Page-Size, Link rel="next").
 */
export const orderApiQuerySchema = orderListQuerySchema.extend({
  pageSize: clampedInt(1, ORDERS_API_PAGE_SIZE.max, ORDERS_API_PAGE_SIZE.default),
});

/** What the admin orders screen reads (server/modules/orders/pages.ts). */
export type OrdersPages = {
  /**
   * One page of paid orders (unpaid pending ones never show), newest first, with their lines;
   * `total` counts every paid order ('N Total Orders').
   */
  page(query: OrderListQuery): Promise<Page<PublicOrder>>;
};
