/**
 * The checkout's order payload, payment reference and live-checked delivery fields (storefront
 * spec §3, §5, §7), without zod, so the checkout page renders without loading the validation
 * schemas (issue 15: first-load JavaScript). common/checkout.ts re-exports them.
 */

/**
 * The delivery form's checked values that the payload reads (spec §3 "Delivery info"). Declared
 * here rather than taken from the schema in ./checkout.ts, so this file imports nothing (no zod,
 * no import cycle); ./checkout.ts checks at compile time that its schema's output has this shape.
 */
export type DeliveryFields = {
  fullName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  instructions?: string | undefined;
};

/** Fields checked while typing (spec §5: email, phone, postal code, full name, city). */
export const DELIVERY_LIVE_FIELDS = ["email", "phone", "postalCode", "fullName", "city"] as const;

/** A new, unguessable payment reference: 'txn_' + time + 16 random hex characters. */
export function newPaymentReference(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  const random = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `txn_${Date.now().toString(36)}-${random}`;
}

/** The order payload of spec §3 from the delivery form, the cart lines and the reference. */
export function buildOrderPayload(
  delivery: DeliveryFields,
  items: readonly { id: number; quantity: number; price: number }[],
  totals: { subtotal: number; shipping: number; total: number },
  paymentReference: string,
  paymentMethod = "paystack",
  paymentData?: unknown,
) {
  return {
    customerName: delivery.fullName,
    customerEmail: delivery.email,
    customerPhone: delivery.phone,
    deliveryAddress: delivery.address,
    deliveryCity: delivery.city,
    deliveryState: delivery.state,
    deliveryPostalCode: delivery.postalCode,
    deliveryCountry: "Nigeria" as const,
    deliveryInstructions: delivery.instructions ?? "",
    subtotal: totals.subtotal.toFixed(2),
    shipping: totals.shipping.toFixed(2),
    total: totals.total.toFixed(2),
    items: items.map((i) => ({ id: i.id, quantity: i.quantity, price: i.price.toFixed(2) })),
    paymentReference,
    paymentMethod,
    paymentData,
  };
}
