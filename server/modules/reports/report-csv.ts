/**
 * The CSV of a sales report (GET /api/reports/sales/export; issue 29): the screen's sections one
 * after another, as the daily sales CSV lays out its two tables (sales/exports.ts). Amounts in
 * naira with 2 decimals; instants in Lagos time.
 */
import type { SalesReport } from "#common/reports.ts";
import { lagosStamp } from "./csv-exports.ts";

const amount = (n: number) => n.toFixed(2);

/** The CSV rows of `report`: totals, by day, by service, by therapist, by tender, refunds. */
export function reportCsvRows(report: SalesReport, refunds: SalesReport["refunds"]): string[][] {
  const t = report.totals;
  return [
    ["Sales report", `${report.from} to ${report.to}`],
    [],
    ["Totals"],
    ["Till sales", "Till total", "Refunds", "Shop orders", "Net", "Tips", "Commission"],
    [
      String(t.sales),
      amount(t.total),
      amount(t.refunds),
      amount(t.shopOrders),
      amount(t.net),
      amount(t.tips),
      amount(t.commission),
    ],
    [],
    ["By day"],
    [
      "Date",
      "Sales",
      "Services",
      "Products",
      "Service charges",
      "Discounts",
      "Till total",
      "Refunds",
      "Shop orders",
      "Net",
      "Tips",
    ],
    ...report.byDay.map((d) => [
      d.date,
      String(d.sales),
      amount(d.services),
      amount(d.products),
      amount(d.surcharges),
      amount(d.discounts),
      amount(d.total),
      amount(d.refunds),
      amount(d.shopOrders),
      amount(d.net),
      amount(d.tips),
    ]),
    [],
    ["By service"],
    ["Type", "Item", "Sold", "Refunded", "Gross", "Net"],
    ...report.byItem.map((i) => [
      i.type,
      i.name,
      String(i.quantity),
      String(i.refundedQuantity),
      amount(i.gross),
      amount(i.net),
    ]),
    [],
    ["By therapist"],
    ["Member", "Services", "Services value", "Products value", "Commission", "Tips"],
    ...report.byTherapist.map((m) => [
      m.name,
      String(m.services),
      amount(m.servicesValue),
      amount(m.productsValue),
      amount(m.commission),
      amount(m.tips),
    ]),
    [],
    ["By tender"],
    ["Tender", "Collected", "Tips", "Refunds", "Net"],
    ...report.byTender.map((p) => [
      p.label,
      amount(p.collected),
      amount(p.tips),
      amount(p.refunds),
      amount(p.net),
    ]),
    [],
    ["Refunds"],
    ["When", "Sale", "Kind", "Method", "Amount", "Reason", "By"],
    ...refunds.rows.map((r) => [
      lagosStamp(r.at) ?? "",
      `#${r.saleNumber}`,
      r.kind,
      r.method,
      amount(r.amount),
      r.reason,
      r.by,
    ]),
  ];
}
