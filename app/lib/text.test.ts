import { describe, expect, it } from "vitest";
import { PRODUCT_CARD_DESCRIPTION_LENGTH, truncate } from "./text.ts";

describe("truncate (storefront spec §2 product card, §9 Truncation)", () => {
  it("cuts a longer text to exactly the first 50 characters plus an ellipsis", () => {
    const text = "A lightweight serum with 10% niacinamide and zinc to balance oil.";
    const card = truncate(text, PRODUCT_CARD_DESCRIPTION_LENGTH);
    // The 50th character is a space: it stays, so the text starts with the first 50 characters.
    expect(text[49]).toBe(" ");
    expect(card).toBe(`${text.slice(0, 50)}...`);
  });

  it("keeps a text of at most the limit as it is", () => {
    expect(truncate("Gentle cleanser.", 50)).toBe("Gentle cleanser.");
    expect(truncate("x".repeat(50), 50)).toBe("x".repeat(50));
  });
});
