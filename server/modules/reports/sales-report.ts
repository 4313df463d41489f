/**
 * The till's figures over a range of Lagos days (issue 29; GET /api/reports/sales and its CSV;
 * docs/decisions/0236-reports-over-a-range-and-csv-exports.md). Read only. Money is kobo inside
 * and naira in the answer.
 *
 * The rules are the ones the rest of the back office already uses, so that figures agree:
 * - by day and by tender follow Daily Sales: every sale counts on the Lagos day it was rung up,
 *   whatever its status, and a refund or void counts on the day it was given;
 * - by service and by therapist follow pay runs (decision 0215): lines of sales not voided, net
 *   of refunded units; commission is each line's fixed rate of that value, rounded half up per
 *   line; tips go to the member named on the payment.
 */
import {
  type AnyColumn,
  and,
  desc,
  eq,
  gte,
  inArray,
  lt,
  lte,
  ne,
  type SQL,
  sql,
} from "drizzle-orm";
import { lagosDayRange } from "#common/lagos-time.ts";
import type {
  ReportDay,
  ReportItem,
  ReportRange,
  ReportRefund,
  ReportTender,
  ReportTherapist,
  SalesReport,
} from "#common/reports.ts";
import { REPORT_REFUND_ROWS } from "#common/reports.ts";
import { PAYMENT_METHOD_LABELS } from "#common/sales.ts";
import type { Db } from "#server/db/client.ts";
import { orders } from "#server/db/schema/orders.ts";
import {
  saleDayTenders,
  saleDayTotals,
  saleLines,
  salePayments,
  saleRefunds,
  sales,
} from "#server/db/schema/sales.ts";
import { staff } from "#server/db/schema/staff.ts";
import { naira } from "#server/modules/sales/shared.ts";

/** Shop orders that were paid and stand (as Daily Sales counts them). */
const PAID_ORDER_STATUSES = ["processing", "shipped", "completed"];

/**
 * The Lagos calendar day of an instant column, 'YYYY-MM-DD': its UTC time an hour later (Lagos
 * is UTC+1 all year, common/lagos-date.ts LAGOS_UTC_OFFSET_MS), whatever the session's zone.
 */
const lagosDay = (column: AnyColumn) =>
  sql<string>`to_char((${column} at time zone 'UTC') + interval '1 hour', 'YYYY-MM-DD')`;

const sumOf = (value: SQL | AnyColumn) => sql<number>`coalesce(sum(${value}), 0)`.mapWith(Number);

/** The sum of `value` over the rows of one item type (kobo or units). */
const sumForType = (value: SQL, type: "service" | "product") =>
  sql<number>`coalesce(sum(${value}) filter (where ${saleLines.itemType} = ${type}), 0)`.mapWith(
    Number,
  );

/** Units of a line not refunded or voided. */
const netUnits = sql`(${saleLines.quantity} - ${saleLines.refundedQuantity})`;

/**
 * The report of the Lagos days `from`..`to` (both included; the range is checked by
 * `reportRangeSchema`): totals, by day, by service or product, by therapist, by tender, and the
 * refunds given (the latest REPORT_REFUND_ROWS listed). Naira.
 */
export async function salesReport(db: Db, range: ReportRange): Promise<SalesReport> {
  const from = lagosDayRange(range.from).from;
  const to = lagosDayRange(range.to).to;
  const [byDay, byItem, byTherapist, byTender, refunds] = await Promise.all([
    daysOf(db, range, from, to),
    itemsOf(db, from, to),
    therapistsOf(db, from, to),
    tendersOf(db, range, from, to),
    refundsOf(db, from, to),
  ]);
  const sum = (f: (d: ReportDay) => number) => round2(byDay.reduce((s, d) => s + f(d), 0));
  return {
    from: range.from,
    to: range.to,
    totals: {
      sales: byDay.reduce((s, d) => s + d.sales, 0),
      total: sum((d) => d.total),
      refunds: sum((d) => d.refunds),
      tips: sum((d) => d.tips),
      commission: round2(byTherapist.reduce((s, t) => s + t.commission, 0)),
      shopOrders: sum((d) => d.shopOrders),
      net: sum((d) => d.net),
    },
    byDay,
    byItem,
    byTherapist,
    byTender,
    refunds,
  };
}

/** Naira sums rounded to the kobo (adding naira floats drifts by fractions of a kobo). */
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Every day of the range that had a sale, a refund or a paid order, in date order. */
async function daysOf(db: Db, range: ReportRange, from: Date, to: Date): Promise<ReportDay[]> {
  const refundDay = lagosDay(saleRefunds.createdAt);
  const orderDay = lagosDay(orders.paidAt);
  const [dayRows, refundRows, orderRows] = await Promise.all([
    // The days' running totals (decision 0235): one row a day, whatever the number of sales.
    db
      .select()
      .from(saleDayTotals)
      .where(
        and(gte(saleDayTotals.businessDate, range.from), lte(saleDayTotals.businessDate, range.to)),
      ),
    db
      .select({ date: refundDay, amount: sumOf(saleRefunds.amountKobo) })
      .from(saleRefunds)
      .where(and(gte(saleRefunds.createdAt, from), lt(saleRefunds.createdAt, to)))
      .groupBy(refundDay),
    db
      .select({ date: orderDay, total: sumOf(orders.totalKobo) })
      .from(orders)
      .where(
        and(
          gte(orders.paidAt, from),
          lt(orders.paidAt, to),
          inArray(orders.status, PAID_ORDER_STATUSES),
        ),
      )
      .groupBy(orderDay),
  ]);
  const saleRows = dayRows.map((d) => ({
    date: String(d.businessDate),
    sales: d.saleCount,
    services: d.serviceKobo,
    products: d.productKobo,
    surcharges: d.surchargesKobo,
    discounts: d.discountKobo,
    // A sale's total is its lines' gross + surcharges − discount (sales_total_is_sum).
    total: d.serviceKobo + d.productKobo + d.surchargesKobo - d.discountKobo,
    tips: d.tipsKobo,
  }));
  const dates = [...new Set([...saleRows, ...refundRows, ...orderRows].map((r) => r.date))].sort();
  return dates.map((date) => {
    const s = saleRows.find((r) => r.date === date);
    const refunds = refundRows.find((r) => r.date === date)?.amount ?? 0;
    const shop = orderRows.find((r) => r.date === date)?.total ?? 0;
    const total = s?.total ?? 0;
    return {
      date,
      sales: s?.sales ?? 0,
      services: naira(s?.services),
      products: naira(s?.products),
      surcharges: naira(s?.surcharges),
      discounts: naira(s?.discounts),
      total: naira(total),
      refunds: naira(refunds),
      tips: naira(s?.tips),
      shopOrders: naira(shop),
      net: naira(total - refunds + shop),
    };
  });
}

/** Lines of sales not voided in the range, by item, net value first. */
async function itemsOf(db: Db, from: Date, to: Date): Promise<ReportItem[]> {
  const net = sumOf(sql`${saleLines.unitPriceKobo} * ${netUnits}`);
  const rows = await db
    .select({
      type: saleLines.itemType,
      name: saleLines.itemName,
      quantity: sumOf(saleLines.quantity),
      refunded: sumOf(saleLines.refundedQuantity),
      gross: sumOf(saleLines.lineTotalKobo),
      net,
    })
    .from(saleLines)
    .innerJoin(sales, eq(sales.id, saleLines.saleId))
    .where(and(ne(sales.status, "voided"), gte(sales.soldAt, from), lt(sales.soldAt, to)))
    .groupBy(saleLines.itemType, saleLines.itemName)
    .orderBy(desc(net), saleLines.itemName);
  return rows.map((r) => ({
    type: r.type === "product" ? "product" : "service",
    name: r.name,
    quantity: r.quantity,
    refundedQuantity: r.refunded,
    gross: naira(r.gross),
    net: naira(r.net),
  }));
}

/** Members credited on lines or tips of sales not voided in the range; nobody last. */
async function therapistsOf(db: Db, from: Date, to: Date): Promise<ReportTherapist[]> {
  const standing = and(ne(sales.status, "voided"), gte(sales.soldAt, from), lt(sales.soldAt, to));
  const value = sql`${saleLines.unitPriceKobo} * ${netUnits}`;
  const [lines, tips, members] = await Promise.all([
    db
      .select({
        staffId: saleLines.staffId,
        services: sumForType(netUnits, "service"),
        servicesValue: sumForType(value, "service"),
        productsValue: sumForType(value, "product"),
        commission: sumOf(
          sql`round((${value})::numeric * coalesce(${saleLines.commissionRateBp}, 0) / 10000)`,
        ),
      })
      .from(saleLines)
      .innerJoin(sales, eq(sales.id, saleLines.saleId))
      .where(standing)
      .groupBy(saleLines.staffId),
    db
      .select({ staffId: salePayments.tipStaffId, tips: sumOf(salePayments.tipKobo) })
      .from(salePayments)
      .innerJoin(sales, eq(sales.id, salePayments.saleId))
      .where(and(standing, sql`${salePayments.tipKobo} > 0`))
      .groupBy(salePayments.tipStaffId),
    db.select({ id: staff.id, firstName: staff.firstName, lastName: staff.lastName }).from(staff),
  ]);
  const ids = [...new Set([...lines, ...tips].map((r) => r.staffId))];
  const rows = ids.map((staffId) => {
    const l = lines.find((r) => r.staffId === staffId);
    const m = members.find((r) => r.id === staffId);
    return {
      staffId,
      name: m ? `${m.firstName} ${m.lastName}`.trim() : "Unassigned",
      services: l?.services ?? 0,
      servicesKobo: l?.servicesValue ?? 0,
      productsKobo: l?.productsValue ?? 0,
      commission: naira(l?.commission),
      tips: naira(tips.find((r) => r.staffId === staffId)?.tips),
    };
  });
  rows.sort(
    (a, b) =>
      Number(a.staffId === null) - Number(b.staffId === null) ||
      b.servicesKobo + b.productsKobo - (a.servicesKobo + a.productsKobo) ||
      a.name.localeCompare(b.name),
  );
  return rows.map(({ servicesKobo, productsKobo, ...r }) => ({
    ...r,
    servicesValue: naira(servicesKobo),
    productsValue: naira(productsKobo),
  }));
}

/** Payments by method of the range's sales (the days' running totals, 0235) and refunds given. */
async function tendersOf(
  db: Db,
  range: ReportRange,
  from: Date,
  to: Date,
): Promise<ReportTender[]> {
  const [paid, refunded] = await Promise.all([
    db
      .select({
        method: saleDayTenders.method,
        amount: sumOf(saleDayTenders.amountKobo),
        tips: sumOf(saleDayTenders.tipKobo),
      })
      .from(saleDayTenders)
      .where(
        and(
          gte(saleDayTenders.businessDate, range.from),
          lte(saleDayTenders.businessDate, range.to),
        ),
      )
      .groupBy(saleDayTenders.method),
    db
      .select({ method: saleRefunds.method, amount: sumOf(saleRefunds.amountKobo) })
      .from(saleRefunds)
      .where(and(gte(saleRefunds.createdAt, from), lt(saleRefunds.createdAt, to)))
      .groupBy(saleRefunds.method),
  ]);
  const methods = [...new Set([...paid, ...refunded].map((r) => r.method))].sort();
  return methods.map((method) => {
    const p = paid.find((r) => r.method === method);
    const refunds = refunded.find((r) => r.method === method)?.amount ?? 0;
    const collected = p?.amount ?? 0;
    const tips = p?.tips ?? 0;
    return {
      method,
      label: PAYMENT_METHOD_LABELS[method] ?? method,
      collected: naira(collected),
      tips: naira(tips),
      refunds: naira(refunds),
      net: naira(collected + tips - refunds),
    };
  });
}

/** The refunds and voids given in the range: counts, and the latest `limit`, newest first. */
export async function refundsOf(
  db: Db,
  from: Date,
  to: Date,
  limit: number = REPORT_REFUND_ROWS,
): Promise<SalesReport["refunds"]> {
  const inRange = and(gte(saleRefunds.createdAt, from), lt(saleRefunds.createdAt, to));
  const [counts, rows] = await Promise.all([
    db
      .select({
        count: sql<number>`count(*)`.mapWith(Number),
        voids: sql<number>`count(*) filter (where ${saleRefunds.kind} = 'void')`.mapWith(Number),
      })
      .from(saleRefunds)
      .where(inRange),
    db
      .select({
        id: saleRefunds.id,
        at: saleRefunds.createdAt,
        saleNumber: sales.saleNumber,
        kind: saleRefunds.kind,
        method: saleRefunds.method,
        amount: saleRefunds.amountKobo,
        reason: saleRefunds.reason,
        by: saleRefunds.createdByName,
      })
      .from(saleRefunds)
      .innerJoin(sales, eq(sales.id, saleRefunds.saleId))
      .where(inRange)
      .orderBy(desc(saleRefunds.createdAt), desc(saleRefunds.id))
      .limit(limit),
  ]);
  return {
    count: counts[0]?.count ?? 0,
    voids: counts[0]?.voids ?? 0,
    rows: rows.map(
      (r): ReportRefund => ({
        ...r,
        at: new Date(r.at).toISOString(),
        kind: r.kind === "void" ? "void" : "refund",
        amount: naira(r.amount),
      }),
    ),
  };
}
