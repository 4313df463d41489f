import { describe, expect, it } from "vitest";
import type { PublicService } from "./catalog.ts";
import { bookableServicesFor, servicePriceLabel } from "./catalog.ts";
import {
  consultationCharge,
  consultationPriceNote,
  consultationPriceText,
} from "./consultation-price.ts";

function service(fields: Partial<PublicService> & { name: string }): PublicService {
  return { id: 1, description: "", category: "facial", price: 0, duration: "30m", ...fields };
}

const dental = service({ name: "Dental Consultation", category: "dental", price: 15000 });
const laser = service({ name: "Laser Consultation", category: "laser", price: 0 });
const booster = service({
  name: "Skin Booster",
  category: "injectable-treatments",
  price: 220000,
  consultationFirst: true,
});
const hair = service({
  name: "Laser Hair Removal (Underarm)",
  category: "laser",
  price: 40000,
  consultationFirst: true,
});
const facial = service({ name: "Classic Facial", price: 35000 });

describe("one consultation price rule (decision 0283)", () => {
  it("charges a first-time client nothing for a consultation, a returning one its price", () => {
    expect(consultationCharge(dental, true)).toBe(0);
    expect(consultationCharge(dental, false)).toBe(15000);
    expect(consultationCharge(laser, false)).toBe(0);
    const entry = bookableServicesFor("facial", [facial]).at(-1);
    if (!entry) throw new Error("the form adds a facial consultation entry");
    expect(entry.name).toBe("Facial Consultation");
    expect(consultationCharge(entry, true)).toBe(0);
    expect(consultationCharge(entry, false)).toBe(20000);
  });

  it("charges treatments their catalogue price whoever the client is", () => {
    expect(consultationCharge(booster, true)).toBe(220000);
    expect(consultationCharge(facial, true)).toBe(35000);
  });

  it("words the same price for /services, the booking form and the advisor", () => {
    expect(consultationPriceText(dental)).toBe("₦15,000, free for first-time clients");
    expect(consultationPriceText(laser)).toBe("Free");
    expect(consultationPriceText(booster)).toBe("₦220,000");
    expect(consultationPriceNote(dental)).toBe("₦15,000, free for first-time clients");
    expect(consultationPriceNote(laser)).toBe("Free");
    expect(consultationPriceNote(booster)).toBe(
      "Treatment ₦220,000 after a consultation (free for first-time clients)",
    );
    expect(consultationPriceNote(hair)).toBe("After a consultation (free for first-time clients)");
    expect(consultationPriceNote(facial)).toBeNull();
    expect(
      consultationPriceNote(
        service({ name: "Coffee Scrub", category: "body-scrubs", price: null }),
      ),
    ).toBeNull();
  });

  it("keeps the spec's 'Consultation Required' label beside the note", () => {
    expect(servicePriceLabel(dental)).toBe("Consultation Required");
    expect(servicePriceLabel(booster)).toBe("Consultation Required");
    expect(servicePriceLabel(hair)).toBe("₦40,000");
  });
});
