/**
 * GET /api/admin/backup (issue 16 "Backups"): the signed-in manager's 'Download backup', the
 * portable SQL dump (server/backup/sql-dump.ts) streamed as an attachment. Manager only
 * (AREA_ROLES.backup): the dump holds every client's health notes and every account's hash.
 */
import { Router } from "express";
import { AREA_ROLES } from "#common/roles.ts";
import type { Db } from "#server/db/client.ts";
import { handler } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import { currentAdmin } from "#server/modules/auth/current-admin.ts";
import { requireRole } from "#server/modules/auth/roles.ts";
import { sqlDumpChunks } from "./sql-dump.ts";

export function backupRouter(db: Db): Router {
  const router = Router();
  router.get(
    "/admin/backup",
    requireRole(...AREA_ROLES.backup),
    handler(async (req, res) => {
      const now = new Date();
      // The whole dump is read (one snapshot) before the headers: a failing dump answers an
      // error, never a truncated file that looks like a backup.
      const chunks: string[] = [];
      for await (const chunk of sqlDumpChunks(db, now)) chunks.push(chunk);
      await recordAudit(db, currentAdmin(req), { action: "backup.download", entity: "database" });
      res.setHeader("Cache-Control", "no-store");
      res.setHeader("Content-Type", "application/sql; charset=utf-8");
      res.setHeader(
        "Content-Disposition",
        `attachment; filename="glowhaven-backup-${now.toISOString().slice(0, 10)}.sql"`,
      );
      for (const chunk of chunks) res.write(chunk);
      res.end();
    }),
  );
  return router;
}
