/** The refund arithmetic of issue 29 (docs/decisions/0216): kobo, half up, shares add up. */
import { describe, expect, it } from "vitest";
import { lineShares, roundHalfUp, unitsShare } from "./sale-shares.ts";

describe("sale shares", () => {
  it("gives one ₦8,500 item of a 7.5% VAT sale back with ₦637.50 VAT", () => {
    // Two lines, ₦8,500 and ₦10,000: VAT 7.5% of ₦18,500 = ₦1,387.50.
    const vat = lineShares([850_000, 1_000_000], 138_750);
    expect(vat).toEqual([63_750, 75_000]);
    expect(850_000 + unitsShare(vat[0] as number, 1, 0, 1)).toBe(913_750);
  });

  it("rounds half up on the running sum, the last line taking the remainder", () => {
    expect(roundHalfUp(1, 2)).toBe(1);
    expect(roundHalfUp(3, 2)).toBe(2);
    expect(lineShares([1, 1, 1], 100)).toEqual([33, 34, 33]);
    expect(lineShares([1, 1, 0], 1)).toEqual([1, 0, 0]);
    expect(lineShares([0, 0], 500)).toEqual([0, 500]);
    const shares = lineShares([333_333, 250_050, 7], 99_999);
    expect(shares.reduce((s, v) => s + v, 0)).toBe(99_999);
  });

  it("gives a line's share back unit by unit, exactly once every unit is back", () => {
    const share = 1_001; // 3 units
    const parts = [
      unitsShare(share, 3, 0, 1),
      unitsShare(share, 3, 1, 1),
      unitsShare(share, 3, 2, 1),
    ];
    expect(parts).toEqual([334, 333, 334]);
    expect(parts.reduce((s, v) => s + v, 0)).toBe(share);
    expect(unitsShare(share, 3, 1, 2)).toBe(667);
  });
});
