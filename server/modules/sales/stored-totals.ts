/**
 * Stored per-sale totals (issue 29; docs/decisions/0235-stored-per-sale-totals.md): each sale
 * row carries its lines' units and gross by item type, its tips and its payments by method,
 * written once in the sale's transaction. Daily sales and the range reports sum these columns
 * over one index range of `sales` instead of joining every line and payment of the period.
 * Kobo integers.
 */
import { sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { saleDayTenders, saleDayTotals, sales } from "#server/db/schema/sales.ts";

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

/**
 * Adds one sale to its Lagos day's running totals (`sale_day_totals`, `sale_day_tenders`), in the
 * sale's transaction `tx`. Called last in the sale's transaction, after its stock locks, so that
 * concurrent sales take their locks in one order (products by id, then the day, then its tenders
 * by method) and never deadlock; sales of one day wait for each other only at this step.
 */
export async function addSaleToDay(
  tx: Tx,
  businessDate: string,
  sale: Required<StoredTotals> & { surchargesKobo: number; discountKobo: number },
): Promise<void> {
  const row = {
    businessDate,
    saleCount: 1,
    serviceQty: sale.serviceQty,
    serviceKobo: sale.serviceKobo,
    productQty: sale.productQty,
    productKobo: sale.productKobo,
    surchargesKobo: sale.surchargesKobo,
    discountKobo: sale.discountKobo,
    tipsKobo: sale.tipsKobo,
  };
  const plus = (column: keyof typeof row) =>
    sql`${saleDayTotals[column]} + excluded.${sql.identifier(saleDayTotals[column].name)}`;
  await tx
    .insert(saleDayTotals)
    .values(row)
    .onConflictDoUpdate({
      target: saleDayTotals.businessDate,
      set: {
        saleCount: plus("saleCount"),
        serviceQty: plus("serviceQty"),
        serviceKobo: plus("serviceKobo"),
        productQty: plus("productQty"),
        productKobo: plus("productKobo"),
        surchargesKobo: plus("surchargesKobo"),
        discountKobo: plus("discountKobo"),
        tipsKobo: plus("tipsKobo"),
      },
    });
  const methods = Object.keys(sale.paidByMethod).sort();
  for (const method of methods) {
    const paid = sale.paidByMethod[method] ?? { amountKobo: 0, tipKobo: 0 };
    await tx
      .insert(saleDayTenders)
      .values({ businessDate, method, amountKobo: paid.amountKobo, tipKobo: paid.tipKobo })
      .onConflictDoUpdate({
        target: [saleDayTenders.businessDate, saleDayTenders.method],
        set: {
          amountKobo: sql`${saleDayTenders.amountKobo} + excluded.amount_kobo`,
          tipKobo: sql`${saleDayTenders.tipKobo} + excluded.tip_kobo`,
        },
      });
  }
}

/**
 * Rebuilds every day's running totals from the sales' stored totals, in one transaction (the
 * migration does the same in SQL; the pos bench calls it after seeding sales directly).
 */
export async function rebuildDayTotals(db: Db): Promise<void> {
  const day = sql`to_char((${sales.soldAt} at time zone 'UTC') + interval '1 hour', 'YYYY-MM-DD')::date`;
  await db.transaction(async (tx) => {
    await tx.delete(saleDayTenders);
    await tx.delete(saleDayTotals);
    await tx.execute(sql`
      insert into ${saleDayTotals} (business_date, sale_count, service_qty, service_kobo,
        product_qty, product_kobo, surcharges_kobo, discount_kobo, tips_kobo)
      select ${day}, count(*), sum(${sales.serviceQty}), sum(${sales.serviceKobo}),
        sum(${sales.productQty}), sum(${sales.productKobo}), sum(${sales.surchargesKobo}),
        sum(${sales.discountKobo}), sum(${sales.tipsKobo})
      from ${sales} group by 1`);
    await tx.execute(sql`
      insert into ${saleDayTenders} (business_date, method, amount_kobo, tip_kobo)
      select ${day}, part.key, sum((part.value->>'amountKobo')::bigint),
        sum((part.value->>'tipKobo')::bigint)
      from ${sales} cross join lateral jsonb_each(${sales.paidByMethod}) as part group by 1, 2`);
  });
}
