/**
 * The point of sale's exports: the CSV of a day's figures (GET /api/sales/daily/{date}/export),
 * amounts in naira with 2 decimals.
 */

import type { DailySales } from "#common/sales.ts";

/** The CSV rows of a day: the two tables of the screen, amounts with 2 decimals. */
export function dailyCsvRows(daily: DailySales, dayLabel: string): string[][] {
  const amount = (n: number) => n.toFixed(2);
  const m = daily.cashMovement;
  return [
    ["Daily sales", dayLabel],
    [],
    ["Transaction summary"],
    ["Item type", "Sales qty", "Refund qty", "Gross total"],
    ...daily.transactionSummary.map((r) => [
      r.type,
      String(r.salesQty),
      String(r.refundQty),
      amount(r.grossTotal),
    ]),
    [
      "Total",
      String(daily.totals.salesQty),
      String(daily.totals.refundQty),
      amount(daily.totals.grossTotal),
    ],
    [],
    ["Cash movement summary"],
    ["Payment type", "Payments collected", "Refunds paid"],
    ["Cash", amount(m.cash.collected), amount(m.cash.refunds)],
    ["Other", amount(m.other.collected), amount(m.other.refunds)],
    ["Gift cards", amount(m.giftCards.collected), amount(m.giftCards.refunds)],
    ["Total", amount(m.totalCollected), amount(m.totalRefunds)],
    ["Of which tips", amount(m.tips), ""],
    // Outside the totals: paid online before (issue 32; decision 0296).
    [
      "Deposits credited (paid online before)",
      amount(m.deposits.collected),
      amount(m.deposits.refunds),
    ],
  ];
}
