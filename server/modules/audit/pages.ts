/** The activity log's reads (common/audit.ts `AuditPages`). */
import type { AuditPages } from "#common/audit.ts";
import type { Db } from "#server/db/client.ts";
import { listAuditPage } from "./service.ts";

export function auditPages(db: Db): AuditPages {
  return { page: (query) => listAuditPage(db, query) };
}
