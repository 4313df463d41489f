/**
 * Shipping and delivery rules shared by the cart, the checkout and the server
 * (storefront spec §5 "Checkout delivery form" state list, §9 "Cart shipping", "Checkout delivery
 * cost by state", "Shipping options list"). Amounts are whole naira.
 */

/** The 36 states of Nigeria and the Federal Capital Territory: the 37 delivery destinations. */
export const NIGERIAN_STATES = [
  "Abia",
  "Adamawa",
  "Akwa Ibom",
  "Anambra",
  "Bauchi",
  "Bayelsa",
  "Benue",
  "Borno",
  "Cross River",
  "Delta",
  "Ebonyi",
  "Edo",
  "Ekiti",
  "Enugu",
  "FCT",
  "Gombe",
  "Imo",
  "Jigawa",
  "Kaduna",
  "Kano",
  "Katsina",
  "Kebbi",
  "Kogi",
  "Kwara",
  "Lagos",
  "Nasarawa",
  "Niger",
  "Ogun",
  "Ondo",
  "Osun",
  "Oyo",
  "Plateau",
  "Rivers",
  "Sokoto",
  "Taraba",
  "Yobe",
  "Zamfara",
] as const;
export type NigerianState = (typeof NIGERIAN_STATES)[number];

export function isNigerianState(value: string): value is NigerianState {
  return (NIGERIAN_STATES as readonly string[]).includes(value);
}

/** A delivery option of spec §3 "Shipping option"; price in naira. */
export type ShippingOption = {
  id: string;
  name: string;
  price: number;
  estimatedDays: string;
  description: string;
};

/** The four delivery classes (spec §9 "Shipping options list"). */
export const SHIPPING_OPTIONS = {
  lagos: {
    id: "lagos-express",
    name: "Lagos Express",
    price: 2500,
    estimatedDays: "1-2 business days",
    description: "Delivery within Lagos State",
  },
  abuja: {
    id: "abuja-express",
    name: "Abuja Express",
    price: 3000,
    estimatedDays: "2-3 business days",
    description: "Delivery within the Federal Capital Territory",
  },
  major: {
    id: "major-cities",
    name: "Major Cities",
    price: 3500,
    estimatedDays: "3-5 business days",
    description: "Rivers, Kano, Oyo, Edo and Kaduna",
  },
  nationwide: {
    id: "nationwide",
    name: "Nationwide",
    price: 4000,
    estimatedDays: "5-7 business days",
    description: "Every other state",
  },
} as const satisfies Record<string, ShippingOption>;

export const SHIPPING_OPTION_LIST: readonly ShippingOption[] = Object.values(SHIPPING_OPTIONS);

const MAJOR_CITY_STATES: readonly string[] = ["Rivers", "Kano", "Oyo", "Edo", "Kaduna"];

/**
 * The delivery option for a state (spec §9): Lagos ₦2,500 (1-2 days), FCT ₦3,000 (2-3), Rivers,
 * Kano, Oyo, Edo, Kaduna ₦3,500 (3-5), any other ₦4,000 (5-7). The checkout total always uses
 * this cost, whatever the subtotal.
 */
export function deliveryOptionForState(state: string): ShippingOption {
  if (state === "Lagos") return SHIPPING_OPTIONS.lagos;
  if (state === "FCT") return SHIPPING_OPTIONS.abuja;
  if (MAJOR_CITY_STATES.includes(state)) return SHIPPING_OPTIONS.major;
  return SHIPPING_OPTIONS.nationwide;
}

/** Delivery cost of a state in naira (spec §9). */
export function deliveryCostForState(state: string): number {
  return deliveryOptionForState(state).price;
}

/**
 * The cart's delivery estimate (issue 33, decision 0250): the cart does not know the state, so it
 * shows the range the checkout will charge (the cheapest and dearest state costs, naira) instead
 * of spec §9's flat ₦2,000 that is free above ₦50,000, which no order was ever charged.
 */
export function cartDeliveryRange(): { min: number; max: number } {
  const prices = SHIPPING_OPTION_LIST.map((o) => o.price);
  return { min: Math.min(...prices), max: Math.max(...prices) };
}
