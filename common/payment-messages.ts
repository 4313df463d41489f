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
