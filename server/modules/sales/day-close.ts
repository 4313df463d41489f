/**
 * The figures of a Lagos day (admin spec §3 "Daily sales response", §9; GET
 * /api/sales/daily/{date}); its close per tender is close-sheet.ts. Money is kobo inside, naira
 * in every answer; a day is a Lagos calendar day (UTC+1).
 */

import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { type DailySales, TRANSACTION_TYPES, type TransactionRow } from "#common/sales.ts";
import type { Db } from "#server/db/client.ts";
import { orderItems, orders } from "#server/db/schema/orders.ts";
import {
  saleDayTenders,
  saleDayTotals,
  saleRefundLines,
  saleRefunds,
} from "#server/db/schema/sales.ts";
import { getDayClose } from "./close-sheet.ts";
import { naira, num, tillDayRange } from "./shared.ts";

/** Shop orders that were paid and stand (admin spec §4 order statuses). */
const PAID_ORDER_STATUSES = ["processing", "shipped", "completed"];

/**
 * GET /api/sales/daily/{date} (admin spec §3 "Daily sales response", §9): the Lagos day's POS
 * sales (every status: a refund or void is its own row on the day it was given) and paid shop
 * orders. Transaction summary: Services and Products (POS lines; products also the shop's order
 * lines), Shipping (orders with shipping), Gift cards, Memberships, Late cancellation fees and
 * No-show fees (not sold yet: 0), Refund amount (negative); refund qty are units given back that
 * day. Cash movement: collected (payments, tips included) and refunds by cash, other (card,
 * transfer, online, shop orders) and gift cards. Naira.
 * @throws HttpError 404 for a date that is not 'YYYY-MM-DD'.
 */
export async function dailySales(db: Db, date: string): Promise<DailySales> {
  const { from, to } = tillDayRange(date);
  const [pos, refunds, shop, close] = await Promise.all([
    posSums(db, date),
    refundSums(db, from, to),
    shopSums(db, from, to),
    getDayClose(db, date),
  ]);
  const { transactionSummary, totals } = summaryOf(pos, refunds, shop);
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

/**
 * The till's sums of the sales rung up on the Lagos day `date`: units and gross by item type,
 * adjustments, payments by method (kobo). Read from the day's running totals (docs/decisions/0235):
 * two small reads, whatever the number of sales.
 */
async function posSums(db: Db, date: string) {
  const [totals, tenders] = await Promise.all([
    db.select().from(saleDayTotals).where(eq(saleDayTotals.businessDate, date)),
    db
      .select({
        method: saleDayTenders.method,
        amount: saleDayTenders.amountKobo,
        tips: saleDayTenders.tipKobo,
      })
      .from(saleDayTenders)
      .where(eq(saleDayTenders.businessDate, date)),
  ]);
  const row = totals[0];
  const lines = [
    { type: "service", qty: row?.serviceQty ?? 0, gross: row?.serviceKobo ?? 0 },
    { type: "product", qty: row?.productQty ?? 0, gross: row?.productKobo ?? 0 },
  ];
  const sums = row && {
    count: row.saleCount,
    surcharges: row.surchargesKobo,
    discounts: row.discountKobo,
  };
  return { lines, sales: sums, payments: tenders };
}

/**
 * Refunds and voids given in [from, to), whatever day their sale was: kobo by method, units by item
 * type.
 */
async function refundSums(db: Db, from: Date, to: Date) {
  const refundOnDay = and(gte(saleRefunds.createdAt, from), lt(saleRefunds.createdAt, to));
  const [byMethod, units] = await Promise.all([
    db
      .select({
        method: saleRefunds.method,
        amount: sql<number>`coalesce(sum(${saleRefunds.amountKobo}), 0)`.mapWith(Number),
      })
      .from(saleRefunds)
      .where(refundOnDay)
      .groupBy(saleRefunds.method),
    db
      .select({
        type: saleRefundLines.itemType,
        qty: sql<number>`coalesce(sum(${saleRefundLines.quantity}), 0)`.mapWith(Number),
      })
      .from(saleRefundLines)
      .innerJoin(saleRefunds, eq(saleRefunds.id, saleRefundLines.refundId))
      .where(refundOnDay)
      .groupBy(saleRefundLines.itemType),
  ]);
  return { byMethod, units, total: byMethod.reduce((s, r) => s + r.amount, 0) };
}

/** Shop orders paid in [from, to) that stand: count, shipped count, kobo sums, units sold. */
async function shopSums(db: Db, from: Date, to: Date) {
  const paidOnDay = and(
    gte(orders.paidAt, from),
    lt(orders.paidAt, to),
    inArray(orders.status, PAID_ORDER_STATUSES),
  );
  const [orderRows, unitRows] = await Promise.all([
    db
      .select({
        count: sql<number>`count(*)`.mapWith(Number),
        shipped: sql<number>`count(*) filter (where ${orders.shippingKobo} > 0)`.mapWith(Number),
        subtotal: sql<number>`coalesce(sum(${orders.subtotalKobo}), 0)`.mapWith(Number),
        shipping: sql<number>`coalesce(sum(${orders.shippingKobo}), 0)`.mapWith(Number),
        total: sql<number>`coalesce(sum(${orders.totalKobo}), 0)`.mapWith(Number),
      })
      .from(orders)
      .where(paidOnDay),
    db
      .select({
        qty: sql<number>`coalesce(sum(${orderItems.quantity}), 0)`.mapWith(Number),
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(paidOnDay),
  ]);
  return {
    order: orderRows[0] ?? { count: 0, shipped: 0, subtotal: 0, shipping: 0, total: 0 },
    units: unitRows[0]?.qty ?? 0,
  };
}

type PosSums = Awaited<ReturnType<typeof posSums>>;
type RefundSums = Awaited<ReturnType<typeof refundSums>>;
type ShopSums = Awaited<ReturnType<typeof shopSums>>;

/** The transaction summary's rows and their totals (units; gross in naira). */
function summaryOf(
  pos: PosSums,
  refunds: RefundSums,
  shop: ShopSums,
): Pick<DailySales, "transactionSummary" | "totals"> {
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
    "Late cancellation fees": [0, 0, 0],
    "No-show fees": [0, 0, 0],
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
      totalCollected: naira(cash.collected + other.collected + giftCards.collected),
      totalRefunds: naira(refunds.total),
      tips: naira(tips),
    },
    expectedCash: naira(cash.collected - cash.refunds),
  };
}
