import { describe, expect, it } from "vitest";
import {
  bookableServicesFor,
  durationMinutes,
  isConsultationService,
  type PublicService,
  SERVICE_CATEGORIES,
  servicePriceLabel,
} from "./catalog.ts";

const service = (over: Partial<PublicService>): PublicService => ({
  id: 1,
  name: "Classic Facial",
  description: "",
  category: "facial",
  price: 35000,
  duration: "1h",
  ...over,
});

describe("service categories (spec §2 /services)", () => {
  it("lists the 12 tabs in order with #{id}-services anchors", () => {
    expect(SERVICE_CATEGORIES.map((c) => c.id)).toEqual([
      "facial",
      "chemical-peel",
      "microneedling",
      "body",
      "dental",
      "massage",
      "laser",
      "iv-drip",
      "injectable-treatments",
      "body-scrubs",
      "skin-tag-removal",
      "packages",
    ]);
    expect(SERVICE_CATEGORIES[0]?.path).toBe("/services#facial-services");
    expect(SERVICE_CATEGORIES.find((c) => c.id === "body")?.name).toBe(
      "Weightloss & Body Sculpting",
    );
  });
});

describe("consultation-type services (spec §4)", () => {
  it.each([
    [{ price: 0 }, true],
    [{ price: null }, true],
    [{ category: "injectable-treatments" }, true],
    [{ name: "Skin Analysis" }, true],
    [{ name: "Dental Consultation", price: 15000 }, true],
    [{}, false],
  ])("%j → %s", (over, expected) => {
    expect(isConsultationService(service(over))).toBe(expected);
  });
});

describe("servicePriceLabel (spec §4, §9)", () => {
  it("shows whole naira with the ₦ sign", () => {
    expect(servicePriceLabel(service({ price: 180000 }))).toBe("₦180,000");
  });
  it("shows 'Consultation Required', 'From', no price for body scrubs, and the quote text", () => {
    expect(servicePriceLabel(service({ price: null }))).toBe("Consultation Required");
    expect(servicePriceLabel(service({ category: "injectable-treatments", price: 150000 }))).toBe(
      "Consultation Required",
    );
    expect(servicePriceLabel(service({ category: "skin-tag-removal", price: 30000 }))).toBe(
      "From ₦30,000",
    );
    expect(servicePriceLabel(service({ category: "body-scrubs" }))).toBeNull();
    expect(servicePriceLabel(service({ price: "Contact for details" }))).toBe(
      "Contact for details",
    );
  });
});

describe("bookableServicesFor (spec §5)", () => {
  const services = [
    service({ id: 1, name: "Classic Facial", price: 35000 }),
    service({ id: 2, name: "Skin Analysis", price: 0 }),
    service({ id: 3, name: "Tag Removal", category: "skin-tag-removal", price: null }),
    service({ id: 4, name: "Dental Consultation", category: "dental", price: 15000 }),
    service({ id: 5, name: "Scaling & Polishing", category: "dental", price: 45000 }),
  ];

  it("offers positively priced services plus a ₦20,000 consultation entry", () => {
    const offered = bookableServicesFor("facial", services);
    expect(offered.map((s) => s.id)).toEqual(["1", "consultation-facial"]);
    expect(offered[1]).toMatchObject({
      name: "Facial Consultation",
      description: "Professional consultation for facial treatments",
      price: 20000,
      duration: "30m",
    });
  });

  it("offers unpriced skin-tag removal, and no extra entry where a consultation exists", () => {
    expect(bookableServicesFor("skin-tag-removal", services).map((s) => s.id)).toEqual([
      "3",
      "consultation-skin-tag-removal",
    ]);
    expect(bookableServicesFor("dental", services).map((s) => s.id)).toEqual(["4", "5"]);
  });

  it("offers the category's own consultation even when free, and no ₦20,000 entry beside it", () => {
    const laser = [
      service({ id: 6, name: "Laser Consultation", category: "laser", price: 0 }),
      service({ id: 7, name: "Laser Hair Removal", category: "laser", price: 60000 }),
    ];
    const offered = bookableServicesFor("laser", laser);
    expect(offered.map((s) => s.id)).toEqual(["6", "7"]);
  });
});

describe("durationMinutes", () => {
  it.each([
    ["30m", 30],
    ["1h", 60],
    ["1h 30m", 90],
    ["90 mins", 90],
    ["flexible", null],
  ])("%s → %s", (text, minutes) => {
    expect(durationMinutes(text)).toBe(minutes);
  });
});
