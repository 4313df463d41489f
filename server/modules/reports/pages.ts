/**
 * The Analytics page's reads (common/reports.ts `ReportsPages`; issue 29): the sales report the
 * API answers, for a role holding 'revenue.view' only (others see the dashboard and no report).
 */
import type { AdminIdentity } from "#common/auth.ts";
import type { ReportsPages } from "#common/reports.ts";
import { reachOf } from "#common/roles.ts";
import type { Db } from "#server/db/client.ts";
import { salesReport } from "./sales-report.ts";

export function reportsPages(db: Db, identity: AdminIdentity): ReportsPages {
  return {
    async sales(range) {
      if (reachOf(identity.role, "revenue.view") !== "all") return null;
      return salesReport(db, range);
    },
  };
}
