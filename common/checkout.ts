/**
 * Checkout rules shared by the checkout page and the API: the delivery form's zod schema with the
 * spec's messages, the order payload, payment references and the payment messages
 * (storefront spec §3 "Delivery info", "Order payload", §5 "Checkout delivery form", §7
 * "Payment flow", §8 payment errors).
 */
import { z } from "zod";
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from "./catalog.ts";
import {
  buildOrderPayload,
  DELIVERY_LIVE_FIELDS,
  type DeliveryFields,
  newPaymentReference,
} from "./checkout-payload.ts";
import { emailField, nigerianPhone } from "./contact.ts";
import type { PublicOrderItem } from "./orders.ts";
import { PAYMENT_MESSAGES } from "./payment-messages.ts";
import { isNigerianState } from "./shipping.ts";

/** Every message of spec §5 "Checkout delivery form", word for word. */
export const DELIVERY_MESSAGES = {
  fullNameRequired: "Full name is required",
  fullNameShort: "Full name must be at least 2 characters",
  fullNameChars: "Full name can only contain letters, spaces, hyphens, and apostrophes",
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  phoneRequired: "Phone number is required",
  phoneInvalid: "Please enter a valid phone number (minimum 10 digits)",
  phoneCountry: "Please include country code (+234) or start with 0 for Nigerian numbers",
  addressRequired: "Delivery address is required",
  addressShort: "Please provide a more detailed address (minimum 10 characters)",
  cityRequired: "City is required",
  cityShort: "City name must be at least 2 characters",
  cityChars: "City name can only contain letters, spaces, hyphens, and apostrophes",
  stateRequired: "State is required",
  postalRequired: "Postal code is required",
  postalInvalid: "Postal code must be exactly 6 digits for Nigerian addresses",
} as const;

export { buildOrderPayload, DELIVERY_LIVE_FIELDS, newPaymentReference, PAYMENT_MESSAGES };

// Letters of any script (Yoruba, Igbo and Hausa names carry accents), spaces, hyphens, apostrophes.
const NAME_CHARS = /^[\p{L}\p{M}\s'’-]+$/u;

const fullName = z
  .string({ error: DELIVERY_MESSAGES.fullNameRequired })
  .trim()
  .min(1, DELIVERY_MESSAGES.fullNameRequired)
  .min(2, DELIVERY_MESSAGES.fullNameShort)
  .max(100, "Full name must be at most 100 characters")
  .regex(NAME_CHARS, DELIVERY_MESSAGES.fullNameChars);

const email = emailField({
  required: DELIVERY_MESSAGES.emailRequired,
  invalid: DELIVERY_MESSAGES.emailInvalid,
});

const phone = nigerianPhone({
  required: DELIVERY_MESSAGES.phoneRequired,
  invalid: DELIVERY_MESSAGES.phoneInvalid,
  country: DELIVERY_MESSAGES.phoneCountry,
});

const address = z
  .string({ error: DELIVERY_MESSAGES.addressRequired })
  .trim()
  .min(1, DELIVERY_MESSAGES.addressRequired)
  .min(10, DELIVERY_MESSAGES.addressShort)
  .max(300, "Delivery address must be at most 300 characters");

const city = z
  .string({ error: DELIVERY_MESSAGES.cityRequired })
  .trim()
  .min(1, DELIVERY_MESSAGES.cityRequired)
  .min(2, DELIVERY_MESSAGES.cityShort)
  .max(100, "City name must be at most 100 characters")
  .regex(NAME_CHARS, DELIVERY_MESSAGES.cityChars);

const state = z
  .string({ error: DELIVERY_MESSAGES.stateRequired })
  .trim()
  .refine(isNigerianState, DELIVERY_MESSAGES.stateRequired);

const postalCode = z
  .string({ error: DELIVERY_MESSAGES.postalRequired })
  .trim()
  .min(1, DELIVERY_MESSAGES.postalRequired)
  .regex(/^\d{6}$/, DELIVERY_MESSAGES.postalInvalid);

const instructions = z
  .string()
  .trim()
  .max(500, "Delivery instructions must be at most 500 characters")
  .optional();

/** The checkout's delivery form (spec §3 "Delivery info", §5). Country is always Nigeria. */
export const deliveryInfoSchema = z.object({
  fullName,
  email,
  phone,
  address,
  city,
  state,
  postalCode,
  country: z.literal("Nigeria").default("Nigeria"),
  instructions,
});
export type DeliveryInfo = z.output<typeof deliveryInfoSchema>;
// buildOrderPayload (zod-free, ./checkout-payload.ts) declares the fields it reads; a change to
// the schema that drops or retypes one fails here rather than at the checkout page.
deliveryInfoSchema satisfies z.ZodType<DeliveryFields>;
export type DeliveryInfoInput = z.input<typeof deliveryInfoSchema>;

/**
 * Payment references begin with 'txn_' (spec §7); the rest is letters, digits and '-', '.', '='
 * (Paystack's reference characters; notes/paystack.md).
 */
export const PAYMENT_REFERENCE_RE = /^txn_[A-Za-z0-9.=-]{6,90}$/;

export const paymentReferenceSchema = z
  .string({ error: "A payment reference is required" })
  .regex(PAYMENT_REFERENCE_RE, "Invalid payment reference");

const moneyText = z.union([z.string().max(32), z.number()]).optional();

/** One order line as the browser sends it; `price` is the browser's copy and is not trusted. */
export const orderItemInputSchema = z.object({
  id: z.coerce
    .number({ error: "Invalid product" })
    .int("Invalid product")
    .min(1, "Invalid product")
    .max(2147483647, "Invalid product"),
  quantity: z.coerce
    .number({ error: "Quantity must be a whole number" })
    .int("Quantity must be a whole number")
    .min(1, "Quantity must be at least 1")
    .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`),
  price: moneyText,
});

/**
 * The order payload of spec §3 (POST /api/checkout/start and POST /api/checkout). subtotal,
 * shipping and total are the browser's figures (strings, naira); the server recomputes them from
 * the database and the state and only compares.
 */
export const orderPayloadSchema = z.object({
  customerName: fullName,
  customerEmail: email,
  customerPhone: phone,
  deliveryAddress: address,
  deliveryCity: city,
  deliveryState: state,
  deliveryPostalCode: postalCode,
  deliveryCountry: z.literal("Nigeria", { error: "We deliver within Nigeria only" }).optional(),
  deliveryInstructions: z
    .string()
    .trim()
    .max(500, "Delivery instructions must be at most 500 characters")
    .nullish(),
  subtotal: moneyText,
  shipping: moneyText,
  total: moneyText,
  items: z
    .array(orderItemInputSchema, { error: PAYMENT_MESSAGES.emptyCartText })
    .min(1, PAYMENT_MESSAGES.emptyCartText)
    .max(MAX_ORDER_LINES, `An order may hold at most ${MAX_ORDER_LINES} products`),
  paymentReference: paymentReferenceSchema,
  paymentMethod: z.string().max(40).optional(),
  paymentData: z.unknown().optional(),
});
export type OrderPayload = z.output<typeof orderPayloadSchema>;

/**
 * What POST /api/checkout/start answers: the server's priced 'pending' order (money in naira;
 * `amountKobo` is the stored total in kobo, what the provider charges) and how to pay it.
 */
export type CheckoutStarted = {
  orderId: number;
  reference: string;
  /** The order's status: 'pending', or already paid when a paid reference is started again. */
  status: string;
  items: PublicOrderItem[];
  subtotal: number;
  shipping: number;
  total: number;
  amountKobo: number;
  currency: string;
  /** 'paystack' (resume the transaction with `accessCode`) or 'test' (the in-app dialog). */
  mode: "paystack" | "test";
  /** Paystack's access code of the server-initialised transaction; null in test mode. */
  accessCode: string | null;
};

/**
 * What POST /api/paystack/verify answers (spec §7: `verified` and `data`). When verified, the
 * order is paid and `amount` is its stored total in naira; otherwise `status` is the provider's
 * (e.g. 'failed', 'abandoned', or 'not-found' when it knows no such transaction) and `amount`
 * what it reported, null when nothing.
 */
export type PaymentVerification = {
  verified: boolean;
  data: {
    reference: string;
    status: string;
    amount: number | null;
    currency: string | null;
    orderId: number | null;
    orderStatus: string;
    message: string;
    /**
     * The paid order's status page, a signed path '/order/{id}?exp=&sig=' (issue 33; decision
     * 0284); null while unpaid.
     */
    statusUrl: string | null;
  };
};
