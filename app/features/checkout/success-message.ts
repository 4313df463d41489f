/**
 * The order-success message stored before redirecting to /payment-success (storefront spec §4
 * "Payment", §2 "/payment-success"). Kept in sessionStorage: it belongs to this tab's checkout.
 */
import type { PaidOutcome } from "#common/payment-messages.ts";

export const SUCCESS_MESSAGE_KEY = "orderSuccessMessage";
/** The paid order's outcome beside the message (issue 33); absent after the softer message. */
export const SUCCESS_OUTCOME_KEY = "orderSuccessOutcome";
/** The paid order's signed status page path (issue 33), beside the outcome. */
export const SUCCESS_STATUS_URL_KEY = "orderSuccessStatusUrl";

/**
 * Stores the message and, for a verified payment, the order's outcome ('confirmed' or 'refund',
 * from the server's status), which sets the page's heading; null for the softer message.
 * `statusUrl`: the order's signed status page ('/order/{id}?exp=&sig='), or null.
 */
export function storeSuccessMessage(
  message: string,
  outcome: PaidOutcome | null = null,
  statusUrl: string | null = null,
) {
  try {
    window.sessionStorage.setItem(SUCCESS_MESSAGE_KEY, message);
    if (outcome) window.sessionStorage.setItem(SUCCESS_OUTCOME_KEY, outcome);
    else window.sessionStorage.removeItem(SUCCESS_OUTCOME_KEY);
    if (statusUrl) window.sessionStorage.setItem(SUCCESS_STATUS_URL_KEY, statusUrl);
    else window.sessionStorage.removeItem(SUCCESS_STATUS_URL_KEY);
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

/** The stored outcome of the verified order, or null (softer message, or none stored). */
export function readSuccessOutcome(): PaidOutcome | null {
  try {
    const value = window.sessionStorage.getItem(SUCCESS_OUTCOME_KEY);
    return value === "confirmed" || value === "refund" ? value : null;
  } catch {
    return null;
  }
}

/** The stored status page path of the verified order (a same-site '/order/…' path), or null. */
export function readSuccessStatusUrl(): string | null {
  try {
    const value = window.sessionStorage.getItem(SUCCESS_STATUS_URL_KEY);
    return value?.startsWith("/order/") ? value : null;
  } catch {
    return null;
  }
}
