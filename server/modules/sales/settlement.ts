/**
 * How a till sale is paid (admin spec §4, §9): cash with change, card or transfer, or split
 * payments that must add up to the total. Kobo in and out.
 */

import { nairaToKobo } from "#common/money.ts";
import type { ParsedSaleInput, PaymentMethod, SalePaymentMethod } from "#common/sales.ts";
import { HttpError } from "#server/http.ts";
import { money } from "./shared.ts";

/** One payment as stored: its tender, kobo, and the tender's reference and payer (issue 29). */
export type SettledPayment = {
  method: PaymentMethod;
  amountKobo: number;
  tipKobo: number;
  reference: string | null;
  payerName: string | null;
};

export type Settlement = {
  payments: SettledPayment[];
  cashReceivedKobo: number | null;
  changeKobo: number;
  paymentMethod: SalePaymentMethod;
};

/**
 * How the sale is paid (admin spec §4, §9). Cash: cash received ≥ total + tip, the rest is
 * change. Card or transfer: one payment of the total. Split: the parts must add up to the total;
 * only cash parts may exceed it (change), and only when cash is still due after the other parts.
 * Each card, transfer or online payment keeps its reference (terminal, transfer, Paystack) and a
 * transfer its payer; cash carries none (decision 0230).
 * @param totalKobo what the till's payments must cover: the sale's total, less the booking
 *   deposits credited first (`creditKobo`, only named in the messages; decision 0296).
 * @throws HttpError 400 for payments that do not add up.
 */
export function settle(input: ParsedSaleInput, totalKobo: number, creditKobo = 0): Settlement {
  // With a deposit credited, the messages name what is due after it, not the sale's total.
  const dueWords = (kobo: number) =>
    creditKobo > 0
      ? `the ${money(kobo)} due after the ${money(creditKobo)} deposit`
      : `the total (${money(kobo)})`;
  const tipKobo = nairaToKobo(input.tipAmount);
  const single = (method: PaymentMethod): SettledPayment[] =>
    totalKobo + tipKobo > 0 && totalKobo > 0
      ? [
          {
            method,
            amountKobo: totalKobo,
            tipKobo,
            reference: method === "cash" ? null : (input.paymentReference ?? null),
            payerName: method === "transfer" ? (input.payerName ?? null) : null,
          },
        ]
      : [];
  if (input.paymentMethod === "cash") {
    if (input.cashReceived === null || input.cashReceived === undefined) {
      throw new HttpError(400, "Enter the cash received", {
        cashReceived: "Enter the cash received",
      });
    }
    const received = nairaToKobo(input.cashReceived);
    const due = totalKobo + tipKobo;
    if (received < due) {
      const message = `Cash received (${money(received)}) is less than ${dueWords(due)}`;
      throw new HttpError(400, message, { cashReceived: message });
    }
    return {
      payments: single("cash"),
      cashReceivedKobo: received,
      changeKobo: received - due,
      paymentMethod: "cash",
    };
  }
  if (input.paymentMethod !== "split") {
    return {
      payments: single(input.paymentMethod),
      cashReceivedKobo: null,
      changeKobo: 0,
      paymentMethod: input.paymentMethod,
    };
  }
  const parts = input.splitPayments.map((p, i) => ({
    method: p.method,
    amountKobo: nairaToKobo(p.amount),
    tipKobo: nairaToKobo(p.tip ?? 0) + (i === 0 ? tipKobo : 0),
    reference: p.method === "cash" ? null : (p.reference ?? null),
    payerName: p.method === "transfer" ? (p.payer ?? null) : null,
  }));
  if (parts.length === 0) {
    throw new HttpError(400, "Add at least one payment", {
      splitPayments: "Add at least one payment",
    });
  }
  const cashIn = parts.filter((p) => p.method === "cash").reduce((s, p) => s + p.amountKobo, 0);
  const other = parts.filter((p) => p.method !== "cash").reduce((s, p) => s + p.amountKobo, 0);
  const sum = cashIn + other;
  const cashDue = totalKobo - other;
  const addsUp = cashIn === 0 ? other === totalKobo : cashDue > 0 && cashIn >= cashDue;
  if (!addsUp) {
    const message =
      creditKobo > 0
        ? `Payments add up to ${money(sum)} but ${money(totalKobo)} is due after the ${money(creditKobo)} deposit`
        : `Payments add up to ${money(sum)} but the total is ${money(totalKobo)}`;
    throw new HttpError(400, message, { splitPayments: message });
  }
  const cashTips = parts.filter((p) => p.method === "cash").reduce((s, p) => s + p.tipKobo, 0);
  const payments: Settlement["payments"] = parts
    .filter((p) => p.method !== "cash")
    .map((p) => ({ ...p, method: p.method as PaymentMethod }));
  if (cashIn > 0) {
    // Cash tips are handed over on top of the cash part; change is what is left after both.
    if (cashIn < cashDue + cashTips) {
      const message = `Cash received (${money(cashIn)}) is less than the cash due (${money(cashDue + cashTips)})`;
      throw new HttpError(400, message, { splitPayments: message });
    }
    payments.unshift({
      method: "cash",
      amountKobo: cashDue,
      tipKobo: cashTips,
      reference: null,
      payerName: null,
    });
  }
  return {
    payments,
    cashReceivedKobo: cashIn > 0 ? cashIn : null,
    changeKobo: cashIn > 0 ? cashIn - cashDue - cashTips : 0,
    paymentMethod: "split",
  };
}
