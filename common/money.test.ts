import { describe, expect, it } from "vitest";
import {
  formatNaira,
  formatNairaExact,
  formatNairaWithKobo,
  hasAtMostTwoDecimals,
  koboToNairaText,
  nairaToKobo,
} from "./money.ts";

const intl = (fractionDigits: number) =>
  new Intl.NumberFormat("en-NG", {
    style: "currency",
    currency: "NGN",
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });

describe("naira text (storefront spec §9)", () => {
  it("shows whole naira with grouped thousands, and two decimals where asked", () => {
    expect(formatNaira(180000)).toBe("₦180,000");
    expect(formatNaira(2500)).toBe("₦2,500");
    expect(formatNaira(0)).toBe("₦0");
    expect(formatNairaWithKobo(12500.5)).toBe("₦12,500.50");
    expect(formatNairaWithKobo(1234567.891)).toBe("₦1,234,567.89");
    expect(formatNaira(-4500)).toBe("-₦4,500");
  });

  it("shows back-office amounts whole unless they carry kobo (admin spec §9)", () => {
    expect(formatNairaExact(3000)).toBe("₦3,000");
    expect(formatNairaExact(1500.5)).toBe("₦1,500.50");
    expect(formatNairaExact(0)).toBe("₦0");
  });

  it("rounds half away from zero on the number's decimal form, as Intl does", () => {
    expect(formatNaira(2.5)).toBe("₦3");
    expect(formatNaira(-2.5)).toBe("-₦3");
    expect(formatNairaWithKobo(1.005)).toBe("₦1.01");
    expect(formatNairaWithKobo(999.995)).toBe("₦1,000.00");
    expect(formatNaira(999.5)).toBe("₦1,000");
  });

  it("writes the same text as Intl's en-NG naira format for every kind of amount", () => {
    const amounts = [0, -0, 0.004, 0.005, 0.1 + 0.2, -0.4, 1e-7, 1e21, 12.345, 12.355, 999.995];
    // A deterministic sweep: kobo amounts and three-decimal amounts over nine orders of size.
    for (let i = 1; i < 4000; i++) {
      const size = 10 ** (i % 10);
      amounts.push(((i * 7919) % size) / 100, -((i * 104729) % size) / 1000, (i * 31337) % size);
    }
    const differing = amounts.filter(
      (naira) =>
        formatNaira(naira) !== intl(0).format(naira) ||
        formatNairaWithKobo(naira) !== intl(2).format(naira),
    );
    expect(differing).toEqual([]);
  });

  it("leaves NaN and Infinity to Intl", () => {
    expect(formatNaira(Number.NaN)).toBe(intl(0).format(Number.NaN));
    expect(formatNairaWithKobo(Number.POSITIVE_INFINITY)).toBe(
      intl(2).format(Number.POSITIVE_INFINITY),
    );
  });
});

describe("kobo and naira", () => {
  it("converts naira to whole kobo and kobo to the admin API's numeric text", () => {
    expect(nairaToKobo(12.345)).toBe(1235);
    expect(koboToNairaText(18000000)).toBe("180000.00");
  });
});

describe("amounts in whole kobo", () => {
  it("accepts at most 2 decimals despite float error, and refuses a third", () => {
    for (const n of [0, 20000, 0.29, 8500.5, 637.5, 19.99, 1_000_000_000]) {
      expect(hasAtMostTwoDecimals(n), String(n)).toBe(true);
    }
    for (const n of [0.001, 1.005, 20000.125, 1 / 3]) {
      expect(hasAtMostTwoDecimals(n), String(n)).toBe(false);
    }
  });
});
