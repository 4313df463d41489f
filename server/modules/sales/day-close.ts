/**
 * The figures of a Lagos day (admin spec §3 "Daily sales response", §9; GET
 * /api/sales/daily/{date}); its close per tender is close-sheet.ts. Money is kobo inside, naira
 * in every answer; a day is a Lagos calendar day (UTC+1).
 */

import { sql } from "drizzle-orm";
import { type DailySales, TRANSACTION_TYPES, type TransactionRow } from "#common/sales.ts";
import type { Db } from "#server/db/client.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { bookingDeposits } from "#server/db/schema/deposits.ts";
import { orderItems, orders } from "#server/db/schema/orders.ts";
import {
  type StoredTender,
  saleDayCloses,
  saleDayTenders,
  saleDayTotals,
  saleRefundLines,
  saleRefunds,
} from "#server/db/schema/sales.ts";
import { dayCloseOf } from "./close-sheet.ts";
import { naira, num, tillDayRange } from "./shared.ts";

/** Shop orders that were paid and stand (admin spec §4 order statuses). */
const PAID_ORDER_STATUSES = ["processing", "shipped", "completed"];

/**
 * GET /api/sales/daily/{date} (admin spec §3 "Daily sales response", §9): the Lagos day's POS
 * sales (every status: a refund or void is its own row on the day it was given) and paid shop
 * orders. Transaction summary: Services and Products (POS lines; products also the shop's order
 * lines), Shipping (orders with shipping), Gift cards, Memberships (not sold yet: 0), Late
 * cancellation fees and No-show fees (booking deposits forfeited that day, by the appointment's
 * status: issue 32, decision 0296), Refund amount (negative); refund qty are units given back
 * that day. Cash movement: collected (payments, tips included) and refunds by cash, other
 * (card, transfer, online, shop orders) and gift cards; booking deposits credited at the till
 * (and returned to them by a void) on a row of their own, outside the totals: that money was
 * taken online before. Naira. One statement (daySums), whatever the number of sales
 * (docs/decisions/0235, 0280).
 * @throws HttpError 404 for a date that is not 'YYYY-MM-DD'.
 */
export async function dailySales(db: Db, date: string): Promise<DailySales> {
  const { pos, refunds, shop, forfeits, close } = await daySums(db, date);
  const { transactionSummary, totals } = summaryOf(pos, refunds, shop, forfeits);
  const movement = cashMovementOf(pos, refunds, shop);
  return {
    date,
    transactionSummary,
    totals,
    cashMovement: movement.cashMovement,
    adjustments: {
      surcharges: naira(pos.sales?.surcharges ?? 0),
      discounts: naira(pos.sales?.discounts ?? 0),
    },
    saleCount: num(pos.sales?.count),
    orderCount: num(shop.order.count),
    expectedCash: movement.expectedCash,
    close,
  };
}

/** A [key, figure] pair of a json_agg, as both drivers parse it (figures are JSON numbers). */
type Pair = [string, number];

/** The one row of the daily statement: each part as JSON, parsed by both drivers. */
type DayRow = {
  totals: {
    count: number;
    serviceQty: number;
    serviceKobo: number;
    productQty: number;
    productKobo: number;
    surcharges: number;
    discounts: number;
  } | null;
  tenders: Array<[string, number, number]>;
  refunds: Pair[];
  refund_units: Pair[];
  shop: [number, number, number, number, number];
  shop_units: number;
  /** Forfeited deposits of the day: ['no-show' | 'late-cancel', count, kobo]. */
  forfeits: Array<[string, number, number]>;
  close: Record<string, unknown> | null;
};

/**
 * Everything Daily Sales reads for the Lagos day `date`, in ONE statement (docs/decisions/0280:
 * PGlite runs a process's queries one after another, so each round trip of 8 concurrent requests
 * queues behind the others; seven small queries cost far more than one): the day's running
 * totals and tenders (stored totals, decision 0235), refunds and voids given that day by method
 * and their units by item type, the shop orders paid that day that stand, and the close row.
 * Kobo.
 */
async function daySums(db: Db, date: string) {
  const { from, to } = tillDayRange(date);
  const refundOnDay = sql`r.created_at >= ${from} and r.created_at < ${to}`;
  const paidOnDay = sql`o.paid_at >= ${from} and o.paid_at < ${to} and o.status in (${sql.join(
    PAID_ORDER_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )})`;
  const result = await db.execute(sql`
    select
      (select json_build_object(
          'count', t.sale_count, 'serviceQty', t.service_qty, 'serviceKobo', t.service_kobo,
          'productQty', t.product_qty, 'productKobo', t.product_kobo,
          'surcharges', t.surcharges_kobo, 'discounts', t.discount_kobo)
        from ${saleDayTotals} t where t.business_date = ${date}) as totals,
      (select coalesce(json_agg(json_build_array(d.method, d.amount_kobo, d.tip_kobo)), '[]'::json)
        from ${saleDayTenders} d where d.business_date = ${date}) as tenders,
      (select coalesce(json_agg(json_build_array(m.method, m.kobo)), '[]'::json)
        from (select r.method, sum(r.amount_kobo) as kobo from ${saleRefunds} r
              where ${refundOnDay} group by r.method) m) as refunds,
      (select coalesce(json_agg(json_build_array(u.item_type, u.qty)), '[]'::json)
        from (select l.item_type, sum(l.quantity) as qty
              from ${saleRefundLines} l join ${saleRefunds} r on r.id = l.refund_id
              where ${refundOnDay} group by l.item_type) u) as refund_units,
      (select json_build_array(count(*), count(*) filter (where o.shipping_kobo > 0),
          coalesce(sum(o.subtotal_kobo), 0), coalesce(sum(o.shipping_kobo), 0),
          coalesce(sum(o.total_kobo), 0))
        from ${orders} o where ${paidOnDay}) as shop,
      (select coalesce(sum(i.quantity), 0)::int
        from ${orderItems} i join ${orders} o on o.id = i.order_id where ${paidOnDay}) as shop_units,
      (select coalesce(json_agg(json_build_array(f.kind, f.qty, f.kobo)), '[]'::json)
        from (select case when a.status = 'no-show' then 'no-show' else 'late-cancel' end as kind,
                count(*) as qty, sum(d.amount_kobo) as kobo
              from ${bookingDeposits} d left join ${appointments} a on a.id = d.appointment_id
              where d.status = 'forfeited' and d.settled_at >= ${from} and d.settled_at < ${to}
              group by 1) f) as forfeits,
      (select row_to_json(c) from ${saleDayCloses} c where c.business_date = ${date}) as close
  `);
  const row = (result as unknown as { rows: DayRow[] }).rows[0];
  if (!row) throw new Error("the daily statement returned no row");
  const t = row.totals;
  const [count, shipped, subtotal, shipping, total] = row.shop.map(Number);
  const refundsByMethod = row.refunds.map(([method, kobo]) => ({ method, amount: Number(kobo) }));
  return {
    pos: {
      lines: [
        { type: "service", qty: Number(t?.serviceQty ?? 0), gross: Number(t?.serviceKobo ?? 0) },
        { type: "product", qty: Number(t?.productQty ?? 0), gross: Number(t?.productKobo ?? 0) },
      ],
      sales: t && {
        count: Number(t.count),
        surcharges: Number(t.surcharges),
        discounts: Number(t.discounts),
      },
      payments: row.tenders.map(([method, amount, tips]) => ({
        method,
        amount: Number(amount),
        tips: Number(tips),
      })),
    },
    refunds: {
      byMethod: refundsByMethod,
      units: row.refund_units.map(([type, qty]) => ({ type, qty: Number(qty) })),
      total: refundsByMethod.reduce((s, r) => s + r.amount, 0),
    },
    shop: {
      order: {
        count: count ?? 0,
        shipped: shipped ?? 0,
        subtotal: subtotal ?? 0,
        shipping: shipping ?? 0,
        total: total ?? 0,
      },
      units: Number(row.shop_units ?? 0),
    },
    forfeits: row.forfeits.map(([kind, qty, kobo]) => ({
      kind,
      qty: Number(qty),
      kobo: Number(kobo),
    })),
    close: row.close ? dayCloseOf(date, closeRowOfJson(row.close)) : null,
  };
}

/** A `sale_day_closes` row as `row_to_json` gives it (snake case, timestamp as text). */
function closeRowOfJson(j: Record<string, unknown>): typeof saleDayCloses.$inferSelect {
  return {
    businessDate: String(j.business_date),
    expectedCashKobo: Number(j.expected_cash_kobo),
    countedCashKobo: Number(j.counted_cash_kobo),
    tenders: (j.tenders ?? []) as StoredTender[],
    cashCount: (j.cash_count ?? null) as (typeof saleDayCloses.$inferSelect)["cashCount"],
    paystack: (j.paystack ?? null) as (typeof saleDayCloses.$inferSelect)["paystack"],
    notes: (j.notes ?? null) as string | null,
    closedBy: (j.closed_by ?? null) as number | null,
    closedByName: String(j.closed_by_name),
    closedAt: new Date(String(j.closed_at)),
  };
}

type DaySums = Awaited<ReturnType<typeof daySums>>;
type PosSums = DaySums["pos"];
type RefundSums = DaySums["refunds"];
type ShopSums = DaySums["shop"];
type ForfeitSums = DaySums["forfeits"];

/** The transaction summary's rows and their totals (units; gross in naira). */
function summaryOf(
  pos: PosSums,
  refunds: RefundSums,
  shop: ShopSums,
  forfeits: ForfeitSums,
): Pick<DailySales, "transactionSummary" | "totals"> {
  const forfeit = (kind: string): [number, number, number] => {
    const f = forfeits.find((x) => x.kind === kind);
    return [f?.qty ?? 0, 0, f?.kobo ?? 0];
  };
  const line = (type: string) => pos.lines.find((l) => l.type === type) ?? { qty: 0, gross: 0 };
  const refunded = (type: string) => refunds.units.find((r) => r.type === type)?.qty ?? 0;
  const kobo: Record<(typeof TRANSACTION_TYPES)[number], [number, number, number]> = {
    Services: [line("service").qty, refunded("service"), line("service").gross],
    Products: [
      line("product").qty + shop.units,
      refunded("product"),
      line("product").gross + shop.order.subtotal,
    ],
    Shipping: [shop.order.shipped, 0, shop.order.shipping],
    "Gift cards": [0, 0, 0],
    Memberships: [0, 0, 0],
    "Late cancellation fees": forfeit("late-cancel"),
    "No-show fees": forfeit("no-show"),
    // Never -0: the page renders it "-₦0.00" on the server and "₦0.00" after JSON (a hydration error).
    "Refund amount": [0, 0, -refunds.total || 0],
  };
  const transactionSummary: TransactionRow[] = TRANSACTION_TYPES.map((type) => ({
    type,
    salesQty: kobo[type][0],
    refundQty: kobo[type][1],
    grossTotal: naira(kobo[type][2]),
  }));
  const totalsKobo = TRANSACTION_TYPES.reduce<[number, number, number]>(
    (t, type) => [t[0] + kobo[type][0], t[1] + kobo[type][1], t[2] + kobo[type][2]],
    [0, 0, 0],
  );
  return {
    transactionSummary,
    totals: { salesQty: totalsKobo[0], refundQty: totalsKobo[1], grossTotal: naira(totalsKobo[2]) },
  };
}

/**
 * The cash movement (collected with tips, and refunds, by cash / other / gift cards) and the cash
 * the drawer should hold, in naira.
 */
function cashMovementOf(
  pos: PosSums,
  refunds: RefundSums,
  shop: ShopSums,
): Pick<DailySales, "cashMovement" | "expectedCash"> {
  const collected = (methods: string[]) =>
    pos.payments
      .filter((p) => methods.includes(p.method))
      .reduce((s, p) => s + p.amount + p.tips, 0);
  const refundsBy = (methods: string[]) =>
    refunds.byMethod.filter((r) => methods.includes(r.method)).reduce((s, r) => s + r.amount, 0);
  const OTHER = ["card", "transfer", "online"];
  const cash = { collected: collected(["cash"]), refunds: refundsBy(["cash"]) };
  const other = { collected: collected(OTHER) + shop.order.total, refunds: refundsBy(OTHER) };
  const giftCards = { collected: collected(["gift_card"]), refunds: refundsBy(["gift_card"]) };
  // Credited at the till, returned by a void: paid online before, so outside the totals.
  const deposits = { collected: collected(["deposit"]), refunds: refundsBy(["deposit"]) };
  const tips = pos.payments.reduce((s, p) => s + p.tips, 0);
  const toNaira = (r: { collected: number; refunds: number }) => ({
    collected: naira(r.collected),
    refunds: naira(r.refunds),
  });
  return {
    cashMovement: {
      cash: toNaira(cash),
      other: toNaira(other),
      giftCards: toNaira(giftCards),
      deposits: toNaira(deposits),
      totalCollected: naira(cash.collected + other.collected + giftCards.collected),
      totalRefunds: naira(refunds.total - deposits.refunds),
      tips: naira(tips),
    },
    expectedCash: naira(cash.collected - cash.refunds),
  };
}
