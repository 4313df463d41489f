import { describe, expect, it } from "vitest";
import {
  cartDeliveryRange,
  deliveryCostForState,
  deliveryOptionForState,
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

describe("the cart's delivery estimate (issue 33, decision 0250)", () => {
  it("is the range of the state costs the checkout charges, whatever the subtotal", () => {
    expect(cartDeliveryRange()).toEqual({ min: 2500, max: 4000 });
  });
});
