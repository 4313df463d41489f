/**
 * Reports over a date range and the back office's CSV exports (issue 29): the query schemas
 * the API and the screens share, and the shapes the reports answer. Dates are Lagos calendar
 * days ('YYYY-MM-DD', both ends included); money in the answers is naira (2 decimals), kobo in
 * the database. docs/decisions/0236-reports-over-a-range-and-csv-exports.md.
 */
import { z } from "zod";
import { isRealDate } from "./lagos-date.ts";
import { plainText } from "./text.ts";

/** The longest range a report or an export covers: a year and a day (a leap year's whole). */
export const MAX_REPORT_DAYS = 366;

export const REPORT_MESSAGES = {
  date: "Enter the date as YYYY-MM-DD",
  order: "The end date must be on or after the start date",
  span: `Choose a range of at most ${MAX_REPORT_DAYS} days`,
} as const;

const lagosDay = z.string().refine(isRealDate, REPORT_MESSAGES.date);

/** The number of days from `from` to `to`, both included ('YYYY-MM-DD'). */
export function daysInRange(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** GET /api/reports/sales(?/export): `from` and `to` Lagos days, in order, at most a year apart. */
export const reportRangeSchema = z
  .object({ from: lagosDay, to: lagosDay })
  .superRefine((r, ctx) => {
    if (r.to < r.from)
      ctx.addIssue({ code: "custom", path: ["to"], message: REPORT_MESSAGES.order });
    else if (daysInRange(r.from, r.to) > MAX_REPORT_DAYS)
      ctx.addIssue({ code: "custom", path: ["to"], message: REPORT_MESSAGES.span });
  });
export type ReportRange = z.infer<typeof reportRangeSchema>;

/**
 * The filters every CSV export takes (all optional): a range of Lagos days on the rows' own
 * date (an order's placing, a client's or subscriber's joining, a booking's request, a pay
 * run's period start), a search text and a status where the list has one. Same rules as the
 * report's range when both ends are given.
 */
export const exportQuerySchema = z
  .object({
    from: lagosDay.optional(),
    to: lagosDay.optional(),
    q: plainText()
      .pipe(z.string().trim().max(100, "Search text is at most 100 characters"))
      .optional(),
    status: plainText().pipe(z.string().trim().max(30)).optional(),
  })
  .superRefine((r, ctx) => {
    if (r.from && r.to && r.to < r.from)
      ctx.addIssue({ code: "custom", path: ["to"], message: REPORT_MESSAGES.order });
  });
export type ExportQuery = z.infer<typeof exportQuerySchema>;

/** The exports (GET /api/exports/{name}.csv) and the file name each downloads as. */
export const EXPORT_NAMES = ["orders", "clients", "bookings", "subscribers", "pay-runs"] as const;
export type ExportName = (typeof EXPORT_NAMES)[number];

/** The range the Reports section opens on: the last 7 Lagos days, today included. */
export function defaultReportRange(today: string): ReportRange {
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - 6 * 86_400_000).toISOString();
  return { from: from.slice(0, 10), to: today };
}

/** The Analytics page's reads (issue 29): the report, or null for a role without revenue.view. */
export type ReportsPages = {
  sales(range: ReportRange): Promise<SalesReport | null>;
};

/** One Lagos day of the till (and the shop's paid orders), naira. */
export type ReportDay = {
  date: string;
  /** Till sales rung up that day, every status (as Daily Sales counts them). */
  sales: number;
  services: number;
  products: number;
  surcharges: number;
  discounts: number;
  /** Till sales' totals (services + products + surcharges − discounts). */
  total: number;
  /** Refunds and voids given that day, whatever day their sale was. */
  refunds: number;
  /** Tips paid with that day's sales (on top of the totals). */
  tips: number;
  /** Paid shop orders that stand (processing, shipped, completed), by the day they were paid. */
  shopOrders: number;
  /** total − refunds + shopOrders. */
  net: number;
};

/** One catalogue item sold at the till in the range (sales not voided count net of refunds). */
export type ReportItem = {
  type: "service" | "product";
  name: string;
  quantity: number;
  refundedQuantity: number;
  /** Unit price × quantity sold, naira. */
  gross: number;
  /** Unit price × units not refunded or voided, naira. */
  net: number;
};

/** One member credited on sale lines, or nobody ('Unassigned', staffId null). */
export type ReportTherapist = {
  staffId: number | null;
  name: string;
  /** Service units not refunded. */
  services: number;
  servicesValue: number;
  productsValue: number;
  /** Each line's fixed rate of its value not refunded, rounded half up per line (0215). */
  commission: number;
  /** Tips named for the member, of sales not voided. */
  tips: number;
};

/** One way of paying: what came in with the range's sales and what went back in the range. */
export type ReportTender = {
  method: string;
  label: string;
  collected: number;
  tips: number;
  refunds: number;
  /** collected + tips − refunds. */
  net: number;
};

export type ReportRefund = {
  id: number;
  /** ISO 8601 UTC. */
  at: string;
  saleNumber: number;
  kind: "refund" | "void";
  method: string;
  amount: number;
  reason: string;
  by: string;
};

/** GET /api/reports/sales: the range's figures, naira. */
export type SalesReport = {
  from: string;
  to: string;
  totals: {
    sales: number;
    total: number;
    refunds: number;
    tips: number;
    commission: number;
    shopOrders: number;
    net: number;
  };
  byDay: ReportDay[];
  byItem: ReportItem[];
  byTherapist: ReportTherapist[];
  byTender: ReportTender[];
  refunds: {
    count: number;
    voids: number;
    /** The latest REPORT_REFUND_ROWS refunds and voids of the range, newest first. */
    rows: ReportRefund[];
  };
};

/** How many refunds the screen lists (the CSV has every one). */
export const REPORT_REFUND_ROWS = 100;
