/**
 * The client's order status page (issue 33; docs/decisions/0284): `/order/{id}?exp=&sig=`, a
 * signed link from the confirmation email and /payment-success, no account needed. What the page
 * shows and how each order status reads to the client. Money in naira.
 */
import type { OrderStatus } from "./orders.ts";

/** How long an order's status link opens the page, in days after the order was paid. */
export const ORDER_LINK_VALIDITY_DAYS = 180;

/** The page's headings when the link cannot be used (404 and 410). */
export const ORDER_LINK_MESSAGES = {
  invalid: "Invalid Order Link",
  invalidText:
    "This order link is not valid. Please use the link in your order confirmation email, or contact us with your order number.",
  expired: "Order Link Expired",
  expiredText:
    "This order link has expired. Please contact us with your order number and we will tell you where your order is.",
} as const;

/** The steps of a delivery, in order, as the page draws them. */
export const DELIVERY_STEPS = ["Paid", "Preparing", "On its way", "Delivered"] as const;

/**
 * How an order status reads to the client: a title, a sentence, and how far along the delivery
 * steps it is (-1: off the delivery path, e.g. cancelled or refunded).
 */
export const CLIENT_ORDER_STATUS: Record<
  OrderStatus,
  { title: string; text: string; step: number }
> = {
  pending: {
    title: "Awaiting payment",
    text: "We have not received the payment for this order yet.",
    step: -1,
  },
  expired: {
    title: "Not paid",
    text: "This order was never paid, so nothing will be sent.",
    step: -1,
  },
  processing: {
    title: "Paid: we are preparing your order",
    text: "We have received your payment and are preparing your items. Orders are processed in 1-2 business days.",
    step: 1,
  },
  shipped: {
    title: "On its way",
    text: "Your order has left the clinic and is on its way to you.",
    step: 2,
  },
  completed: {
    title: "Delivered",
    text: "Your order has been delivered. Thank you for shopping with us.",
    step: 3,
  },
  cancelled: {
    title: "Cancelled",
    text: "This order was cancelled. If you did not ask for this, please contact us.",
    step: -1,
  },
  "refund-required": {
    title: "Payment received: your order will be refunded",
    text: "An item in your order sold out while you were paying, so we cannot send this order.",
    step: -1,
  },
  refunded: {
    title: "Refunded",
    text: "Your payment has been returned to the card or account you paid with.",
    step: -1,
  },
};

/** What the order status page shows: no email, phone or street address (a link can be forwarded). */
export type OrderStatusView = {
  id: number;
  status: OrderStatus;
  /** ISO 8601 UTC. */
  createdAt: string;
  paidAt: string | null;
  /** The client's first name, for the greeting. */
  firstName: string;
  deliveryCity: string;
  deliveryState: string;
  trackingNote: string | null;
  items: { name: string; quantity: number; price: number; lineTotal: number }[];
  subtotal: number;
  shipping: number;
  total: number;
};

/** The page's answer: the order, or why the link cannot be used. */
export type OrderStatusPage =
  | { state: "ok"; order: OrderStatusView }
  | { state: "invalid" }
  | { state: "expired" };

/** What the order status page reads (server/modules/orders/status-links.ts). */
export type OrderStatusPages = {
  /**
   * The order behind a signed link: `id` and `exp` (Unix seconds) from the address, `sig` their
   * signature. Invalid when the signature does not match or the order does not exist.
   */
  read(id: string, exp: string, sig: string): Promise<OrderStatusPage>;
};
