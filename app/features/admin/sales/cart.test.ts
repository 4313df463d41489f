/**
 * The till's arithmetic (admin spec §5, §9): quantities (0 or less removes), stock caps, totals
 * with percentage and fixed surcharges and a discount, cash change floored at 0, and 'Add
 * Payment' adding a card payment for the remaining balance only when it is positive.
 */
import { describe, expect, it } from "vitest";
import { shiftLagosDate } from "#common/lagos-time.ts";
import type { Surcharge } from "#common/sales.ts";
import { longDayLabel } from "#common/sales.ts";
import {
  addLine,
  addSplitPayment,
  creditedDeposits,
  figuresOf,
  readAmount,
  remainingBalance,
  setQuantity,
} from "./cart.ts";

const serum = {
  id: 1,
  type: "product" as const,
  name: "Serum",
  price: 25000,
  isPopular: false,
  stock: 2,
};
const facial = {
  id: 7,
  type: "service" as const,
  name: "Facial",
  price: 45000.5,
  isPopular: true,
  stock: null,
};
const vat: Surcharge = {
  id: 1,
  name: "VAT",
  description: null,
  type: "percentage",
  amount: 7.5,
  isActive: true,
};
const home: Surcharge = {
  id: 2,
  name: "Home",
  description: null,
  type: "fixed",
  amount: 5000,
  isActive: true,
};

describe("cart", () => {
  it("adds, caps at stock, and removes a line at 0 or less", () => {
    let lines = addLine([], serum);
    lines = addLine(lines, serum);
    lines = addLine(lines, serum);
    expect(lines).toEqual([{ ...serum, quantity: 2 }]);
    lines = addLine(lines, facial);
    expect(setQuantity(lines, 0, 0)).toEqual([{ ...facial, quantity: 1 }]);
    expect(setQuantity(lines, 1, -3)).toHaveLength(1);
  });

  it("totals = subtotal + surcharges − discount, change only for cash and never negative", () => {
    const lines = [
      { ...serum, quantity: 2 },
      { ...facial, quantity: 1 },
    ];
    const f = figuresOf(lines, [vat, home], 1000, "cash", 110000);
    expect(f.subtotal).toBe(95000.5);
    expect(f.surcharges).toBe(12125.04);
    expect(f.total).toBe(106125.54);
    expect(f.change).toBe(3874.46);
    expect(figuresOf(lines, [], 0, "cash", 10).change).toBe(0);
    expect(figuresOf(lines, [], 0, "card", 200000).change).toBe(0);
  });

  it("adds a card payment for the remaining balance only when it is positive", () => {
    const one = addSplitPayment(50000, [], 1);
    expect(one).toEqual([{ key: 1, method: "card", amount: "50000.00" }]);
    const part = [{ key: 1, method: "card" as const, amount: "30000" }];
    expect(addSplitPayment(50000, part, 2)[1]).toEqual({
      key: 2,
      method: "card",
      amount: "20000.00",
    });
    const full = [{ key: 1, method: "transfer" as const, amount: "50,000" }];
    expect(addSplitPayment(50000, full, 2)).toBe(full);
    expect(remainingBalance(50000, full)).toBe(0);
    expect(readAmount("₦1,500.50")).toBe(1500.5);
    expect(readAmount("abc")).toBe(0);
  });

  it("labels the day navigator's date and steps days", () => {
    expect(longDayLabel("2026-11-23")).toBe("Monday, 23 Nov 2026");
    expect(shiftLagosDate("2026-03-01", -1)).toBe("2026-02-28");
    expect(shiftLagosDate("2026-12-31", 1)).toBe("2027-01-01");
  });
});

describe("a visit's booking deposit at the till (issue 32)", () => {
  const visitLine = { ...facial, price: 35000.5, quantity: 1, appointmentId: 41 };
  const deposit = { appointmentId: 41, reference: "GHD-abc", amount: 20000 };

  it("credits the deposits of the appointments the sale checks out, and only those", () => {
    const other = { appointmentId: 99, reference: "GHD-other", amount: 20000 };
    expect(creditedDeposits([deposit, other], [visitLine], null)).toEqual([deposit]);
    expect(creditedDeposits([deposit, other], [], "99")).toEqual([other]);
    expect(creditedDeposits([deposit], [{ ...visitLine, appointmentId: null }], null)).toEqual([]);
  });

  it("takes the deposit off what is due, in exact kobo, and gives cash change on the rest", () => {
    const f = figuresOf([visitLine], [vat], 0, "cash", 20000, 0, [deposit]);
    // 35,000.50 + 7.5% (2,625.04) = 37,625.54; less the 20,000 deposit: 17,625.54 due.
    expect(f).toMatchObject({
      total: 37625.54,
      deposit: 20000,
      due: 17625.54,
      depositLines: [{ reference: "GHD-abc", amount: 20000 }],
    });
    expect(f.change).toBe(2374.46);
    expect(remainingBalance(f.due, [])).toBe(17625.54);
  });

  it("credits a deposit above the total only up to the total", () => {
    const cheap = { ...visitLine, price: 15000 };
    const f = figuresOf([cheap], [], 1000, "card", 0, 0, [deposit]);
    expect(f).toMatchObject({ total: 14000, deposit: 14000, due: 0, change: 0 });
    expect(f.depositLines).toEqual([{ reference: "GHD-abc", amount: 14000 }]);
  });
});
