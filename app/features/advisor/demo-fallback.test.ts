/** The chat's demonstration-mode fallback (storefront spec §8 "Chat answer with no response text"). */
import { describe, expect, it } from "vitest";
import type { PublicService } from "#common/catalog.ts";
import { demoFallbackParts, pickDemoServices } from "./demo-fallback";

const service = (id: number, name: string, category: string): PublicService => ({
  id,
  name,
  category,
  description: `${name} description`,
  price: 50000,
  duration: "1h",
});

const services = [
  service(1, "HydraFacial", "facial"),
  service(2, "Oxygen Facial", "facial"),
  service(3, "Deep Tissue Massage", "massage"),
  service(4, "Salicylic Acne Peel", "chemical-peel"),
  service(5, "Wood Therapy", "body"),
];

describe("demonstration-mode fallback", () => {
  it("picks at most 2 services by the spec's keyword groups", () => {
    expect(pickDemoServices("stress and muscle tension", services).map((s) => s.id)).toEqual([3]);
    expect(pickDemoServices("dry skin and aging", services).map((s) => s.id)).toEqual([1, 2]);
    expect(pickDemoServices("acne", services).map((s) => s.id)).toEqual([4, 1]);
  });

  it("matches service names by their words longer than 3 letters", () => {
    expect(pickDemoServices("is wood therapy good?", services).map((s) => s.id)).toEqual([5]);
  });

  it("says there is no API key and ends with a booking prompt", () => {
    const parts = demoFallbackParts("hello", services);
    expect(parts[0]).toMatchObject({ type: "text", text: expect.stringMatching(/no AI API key/) });
    expect(parts.at(-1)?.type).toBe("booking-prompt");
    expect(parts.some((p) => p.type === "service-recommendation")).toBe(false);
  });
});
