/**
 * The checkout's order payload as the storefront sends it (POST /api/checkout/start and
 * /api/checkout), for API tests: a Lagos delivery, a fresh payment reference, and client-side
 * prices and totals that the server must ignore ("1" and "0" naira).
 */
import { newPaymentReference } from "#common/checkout.ts";

export function orderPayload(
  items: { id: number; quantity: number; price?: string }[],
  over: Record<string, unknown> = {},
) {
  return {
    customerName: "Adaeze Okafor",
    customerEmail: "adaeze@example.com",
    customerPhone: "0803 123 4567",
    deliveryAddress: "12 Admiralty Way, Lekki Phase 1",
    deliveryCity: "Lekki",
    deliveryState: "Lagos",
    deliveryPostalCode: "105102",
    deliveryCountry: "Nigeria",
    deliveryInstructions: "Call on arrival",
    subtotal: "0",
    shipping: "0",
    total: "0",
    items: items.map((i) => ({ price: "1", ...i })),
    paymentReference: newPaymentReference(),
    paymentMethod: "paystack",
    ...over,
  };
}
