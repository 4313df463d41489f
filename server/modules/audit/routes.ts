/** GET /api/admin/audit (admin): the latest back-office changes, newest first. */
import { Router } from "express";
import type { Db } from "#server/db/client.ts";
import { handler } from "#server/http.ts";
import { requireAdmin } from "#server/modules/auth/middleware.ts";
import { listAudit } from "./service.ts";

export function auditRouter(db: Db): Router {
  const router = Router();
  router.get(
    "/admin/audit",
    requireAdmin,
    handler(async (_req, res) => {
      res.json(await listAudit(db));
    }),
  );
  return router;
}
