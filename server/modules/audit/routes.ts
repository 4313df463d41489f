/** GET /api/admin/audit (admin): the latest back-office changes, newest first. */
import { Router } from "express";
import { MANAGER_ONLY } from "#common/roles.ts";
import type { Db } from "#server/db/client.ts";
import { handler } from "#server/http.ts";
import { requireRole } from "#server/modules/auth/roles.ts";
import { listAudit } from "./service.ts";

export function auditRouter(db: Db): Router {
  const router = Router();
  router.get(
    "/admin/audit",
    requireRole(...MANAGER_ONLY),
    handler(async (_req, res) => {
      res.json(await listAudit(db));
    }),
  );
  return router;
}
