/**
 * Stored per-sale totals (issue 29; docs/decisions/0235-stored-per-sale-totals.md): each sale
 * row carries its lines' units and gross by item type, its tips and its payments by method,
 * written once in the sale's transaction. Daily sales and the range reports sum these columns
 * over one index range of `sales` instead of joining every line and payment of the period.
 * Kobo integers.
 */
import type { sales } from "#server/db/schema/sales.ts";

type StoredTotals = Pick<
  typeof sales.$inferInsert,
  "serviceQty" | "serviceKobo" | "productQty" | "productKobo" | "tipsKobo" | "paidByMethod"
>;

/**
 * The stored totals of a sale from its lines (item type, unit price kobo, quantity) and its
 * payments (method, amount and tip kobo). Gross is unit price × quantity, before surcharges and
 * discount, as `sale_lines.line_total_kobo`.
 */
export function storedTotalsOf(
  lines: ReadonlyArray<{ type: string; unitKobo: number; quantity: number }>,
  payments: ReadonlyArray<{ method: string; amountKobo: number; tipKobo: number }>,
): Required<StoredTotals> {
  const of = (type: string) => lines.filter((l) => l.type === type);
  const qty = (ls: typeof lines) => ls.reduce((s, l) => s + l.quantity, 0);
  const gross = (ls: typeof lines) => ls.reduce((s, l) => s + l.unitKobo * l.quantity, 0);
  const paidByMethod: Record<string, { amountKobo: number; tipKobo: number }> = {};
  for (const p of payments) {
    const m = paidByMethod[p.method] ?? { amountKobo: 0, tipKobo: 0 };
    paidByMethod[p.method] = {
      amountKobo: m.amountKobo + p.amountKobo,
      tipKobo: m.tipKobo + p.tipKobo,
    };
  }
  return {
    serviceQty: qty(of("service")),
    serviceKobo: gross(of("service")),
    productQty: qty(of("product")),
    productKobo: gross(of("product")),
    tipsKobo: payments.reduce((s, p) => s + p.tipKobo, 0),
    paidByMethod,
  };
}
