/**
 * HTTP routes of the reports and exports (issue 29; decision 0236), each behind its role
 * capability (common/roles.ts):
 * GET /api/reports/sales?from=&to= (JSON) and GET /api/reports/sales/export?from=&to= (CSV),
 * 'revenue.view'; GET /api/exports/{orders,clients,bookings,subscribers,pay-runs}.csv with
 * optional from, to, q, status, each its 'export.*' capability.
 */
import { stringify } from "csv-stringify/sync";
import { type Request, type Response, Router } from "express";
import { lagosDayRange } from "#common/lagos-time.ts";
import { type ExportName, exportQuerySchema, reportRangeSchema } from "#common/reports.ts";
import type { Capability } from "#common/roles.ts";
import type { Db } from "#server/db/client.ts";
import { handler, parse } from "#server/http.ts";
import { requireCapability } from "#server/modules/auth/roles.ts";
import { streamExport } from "./csv-exports.ts";
import { reportCsvRows } from "./report-csv.ts";
import { refundsOf, salesReport } from "./sales-report.ts";

/** Each export's capability. */
const EXPORT_CAPABILITIES: Record<ExportName, Capability> = {
  orders: "export.orders",
  clients: "export.clients",
  bookings: "export.bookings",
  subscribers: "export.subscribers",
  "pay-runs": "export.payRuns",
};

/** The router of the reports and the CSV exports. */
export function reportsRouter(db: Db): Router {
  const router = Router();
  router.get("/reports/sales", requireCapability("revenue.view"), handler(getSalesReport(db)));
  router.get(
    "/reports/sales/export",
    requireCapability("revenue.view"),
    handler(exportSalesReport(db)),
  );
  for (const [name, capability] of Object.entries(EXPORT_CAPABILITIES) as Array<
    [ExportName, Capability]
  >) {
    router.get(
      `/exports/${name}.csv`,
      requireCapability(capability),
      handler(async (req, res) => {
        await streamExport(res, db, name, parse(exportQuerySchema, req.query));
      }),
    );
  }
  return router;
}

function getSalesReport(db: Db) {
  return async function salesReportHandler(req: Request, res: Response) {
    const range = parse(reportRangeSchema, req.query);
    res.set("Cache-Control", "no-store").json(await salesReport(db, range));
  };
}

function exportSalesReport(db: Db) {
  return async function salesReportCsvHandler(req: Request, res: Response) {
    const range = parse(reportRangeSchema, req.query);
    const report = await salesReport(db, range);
    // The CSV lists every refund of the range; the screen only the latest.
    const refunds = await refundsOf(
      db,
      lagosDayRange(range.from).from,
      lagosDayRange(range.to).to,
      Number.MAX_SAFE_INTEGER,
    );
    res
      .set("Cache-Control", "no-store")
      .type("text/csv; charset=utf-8")
      .attachment(`sales-report-${range.from}-${range.to}.csv`)
      .send(stringify(reportCsvRows(report, refunds)));
  };
}
