import { describe, expect, it } from "vitest";
import {
  cartShipping,
  deliveryCostForState,
  deliveryOptionForState,
  freeShippingShortfall,
  NIGERIAN_STATES,
} from "./shipping.ts";

describe("delivery destinations (spec §5, notes/nigeria.md)", () => {
  it("lists the 36 states and FCT, once each", () => {
    expect(NIGERIAN_STATES).toHaveLength(37);
    expect(new Set(NIGERIAN_STATES).size).toBe(37);
    expect(NIGERIAN_STATES).toContain("FCT");
    expect(NIGERIAN_STATES).toContain("Lagos");
  });
});

describe("checkout delivery cost by state (spec §9)", () => {
  it.each([
    ["Lagos", 2500, "1-2 business days"],
    ["FCT", 3000, "2-3 business days"],
    ["Rivers", 3500, "3-5 business days"],
    ["Kano", 3500, "3-5 business days"],
    ["Oyo", 3500, "3-5 business days"],
    ["Edo", 3500, "3-5 business days"],
    ["Kaduna", 3500, "3-5 business days"],
    ["Ekiti", 4000, "5-7 business days"],
    ["Borno", 4000, "5-7 business days"],
  ])("%s costs ₦%i (%s)", (state, cost, days) => {
    expect(deliveryCostForState(state)).toBe(cost);
    expect(deliveryOptionForState(state).estimatedDays).toBe(days);
  });
});

describe("cart shipping (spec §9)", () => {
  it("is ₦2,000 up to ₦50,000 and free above it", () => {
    expect(cartShipping(0)).toBe(2000);
    expect(cartShipping(50000)).toBe(2000);
    expect(cartShipping(50000.01)).toBe(0);
    expect(freeShippingShortfall(42000)).toBe(8000);
    expect(freeShippingShortfall(60000)).toBe(0);
  });
});
