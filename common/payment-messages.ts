/**
 * Payment and checkout messages (storefront spec §8), in a module of their own without zod so
 * the cart page can show them without loading the checkout schemas (issue 15: first-load
 * JavaScript); common/checkout.ts re-exports them.
 */

/** Payment and checkout messages of spec §8, word for word. */
export const PAYMENT_MESSAGES = {
  errorTitle: "Payment Error",
  deliveryMissing: "Please provide delivery information",
  configFailed: "Failed to load payment configuration",
  initFailed: (reason: string) => `Failed to initialize payment: ${reason}`,
  verificationFailed: "Payment verification failed. Please contact support.",
  cancelledTitle: "Payment Cancelled",
  cancelledText: "You cancelled the payment process.",
  softerSuccess:
    "Your payment was processed. If you don't receive an email confirmation within 24 hours, please contact us.",
  emptyCartTitle: "Empty cart",
  emptyCartText: "Please add items to your cart before proceeding to checkout.",
} as const;

/**
 * What a paid order turned out to be (issue 33 "the success page and the emails say what
 * happened"): 'confirmed' (status 'processing' or later), or 'refund' when the last units sold out
 * while the client paid (status 'refund-required', or already 'refunded').
 */
export type PaidOutcome = "confirmed" | "refund";

/** The outcome of a paid order from its status on the server (common/orders.ts ORDER_STATUSES). */
export function paidOutcome(orderStatus: string): PaidOutcome {
  return orderStatus === "refund-required" || orderStatus === "refunded" ? "refund" : "confirmed";
}

/**
 * What happens next for an order paid after its stock ran out, told alike on /payment-success
 * and in the client's email: `amount` is the paid total as shown (e.g. '₦21,500').
 */
export function refundNextSteps(amount: string): string {
  return `We will refund the full ${amount} to the card or account you paid with; you do not need to do anything. Our team will contact you to confirm the refund, and you are welcome to order again once the item is back in stock.`;
}

/**
 * The /payment-success message of a verified payment, from the order's status as the server
 * answered it (POST /api/paystack/verify `data.orderStatus`). The confirmed wording is the one
 * the checkout has always stored; the refund wording says what happened and what happens next.
 * `amount` is the paid total as shown (e.g. '₦21,500').
 */
export function paidOrderMessage(order: {
  orderStatus: string;
  orderId: number;
  amount: string;
  fullName: string;
  email: string;
}): string {
  const { orderId, amount, fullName, email } = order;
  if (paidOutcome(order.orderStatus) === "refund") {
    return `Thank you, ${fullName}. We received your payment of ${amount}, but an item in order #${orderId} sold out while you were paying, so we cannot send this order. ${refundNextSteps(amount)} An email with these details is on its way to ${email}.`;
  }
  return `Thank you, ${fullName}! Your payment of ${amount} was successful and your order #${orderId} is confirmed. A confirmation email is on its way to ${email}.`;
}
