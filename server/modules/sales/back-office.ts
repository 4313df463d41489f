/**
 * The point of sale's part of the back office (server/back-office.ts): the tables Clear Admin
 * Data empties (surcharges are till configuration and stay, like services and products) and the
 * sales on the dashboard (admin spec §2 "Dashboard": Recent sales, Appointments activity, Top
 * services). Money is naira; ranges are UTC instants.
 */
import { and, desc, eq, gte, isNull, lt, ne, sql } from "drizzle-orm";
import { formatNairaWithKobo, koboToNaira } from "#common/money.ts";
import { PAYMENT_METHOD_LABELS } from "#common/sales.ts";
import type { ClearableTable, DashboardSource } from "#server/back-office.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import {
  saleCashMovements,
  saleDayCloses,
  saleDayTenders,
  saleDayTotals,
  saleLines,
  salePayments,
  saleRefundLines,
  saleRefunds,
  sales,
  stockOversells,
} from "#server/db/schema/sales.ts";

/** Refunds, payments and lines before their sales. */
export const salesClearable: ClearableTable[] = [
  { name: "stock_oversells", table: stockOversells },
  { name: "sale_refund_lines", table: saleRefundLines },
  { name: "sale_refunds", table: saleRefunds },
  { name: "sale_payments", table: salePayments },
  { name: "sale_lines", table: saleLines },
  { name: "sales", table: sales },
  { name: "sale_day_closes", table: saleDayCloses },
  { name: "sale_cash_movements", table: saleCashMovements },
  { name: "sale_day_tenders", table: saleDayTenders },
  { name: "sale_day_totals", table: saleDayTotals },
];

/**
 * Sales on the dashboard. A sale's revenue is its total less what was refunded; a voided sale
 * earns nothing. A sale that checked out an appointment counts only what it took beyond the
 * appointment's price, because the calendar's source already counts the completed appointment.
 */
export const salesDashboard: DashboardSource = {
  async revenue(db, from, to) {
    const rows = await db
      .select({
        at: sales.soldAt,
        totalKobo: sales.totalKobo,
        refundedKobo:
          sql<number>`coalesce((select sum(${saleRefunds.amountKobo}) from ${saleRefunds} where ${saleRefunds.saleId} = ${sales.id}), 0)`.mapWith(
            Number,
          ),
        appointmentKobo: appointments.priceKobo,
      })
      .from(sales)
      .leftJoin(appointments, eq(appointments.id, sales.appointmentId))
      .where(and(gte(sales.soldAt, from), lt(sales.soldAt, to), ne(sales.status, "voided")));
    return rows.map((r) => ({
      at: r.at,
      kind: "sale" as const,
      value: koboToNaira(
        Math.max(0, r.totalKobo - r.refundedKobo - Number(r.appointmentKobo ?? 0)),
      ),
    }));
  },
  async activity(db, limit) {
    const rows = await db
      .select({
        id: sales.id,
        saleNumber: sales.saleNumber,
        customerName: sales.customerName,
        totalKobo: sales.totalKobo,
        paymentMethod: sales.paymentMethod,
        soldAt: sales.soldAt,
      })
      .from(sales)
      .orderBy(desc(sales.soldAt), desc(sales.id))
      .limit(limit);
    return rows.map((s) => ({
      id: `sale-${s.id}`,
      type: "sale" as const,
      title: `Sale #${s.saleNumber} · ${s.customerName}`,
      detail: `${formatNairaWithKobo(koboToNaira(s.totalKobo))} · ${PAYMENT_METHOD_LABELS[s.paymentMethod] ?? s.paymentMethod}`,
      at: s.soldAt.toISOString(),
    }));
  },
  /** Services rung up at the till without an appointment (the calendar counts those). */
  async serviceCounts(db, from, to) {
    const rows = await db
      .select({
        name: saleLines.itemName,
        count: sql<number>`sum(${saleLines.quantity} - ${saleLines.refundedQuantity})`.mapWith(
          Number,
        ),
      })
      .from(saleLines)
      .innerJoin(sales, eq(sales.id, saleLines.saleId))
      .where(
        and(
          eq(saleLines.itemType, "service"),
          isNull(sales.appointmentId),
          ne(sales.status, "voided"),
          gte(sales.soldAt, from),
          lt(sales.soldAt, to),
        ),
      )
      .groupBy(saleLines.itemName);
    return rows.filter((r) => r.count > 0);
  },
};
