/**
 * The order-success message stored before redirecting to /payment-success (storefront spec §4
 * "Payment", §2 "/payment-success"). Kept in sessionStorage: it belongs to this tab's checkout.
 */
export const SUCCESS_MESSAGE_KEY = "orderSuccessMessage";

export function storeSuccessMessage(message: string) {
  try {
    window.sessionStorage.setItem(SUCCESS_MESSAGE_KEY, message);
  } catch {
    // Storage full or blocked: the success page shows its general text.
  }
}

/** The stored message, or null. */
export function readSuccessMessage(): string | null {
  try {
    return window.sessionStorage.getItem(SUCCESS_MESSAGE_KEY);
  } catch {
    return null;
  }
}
