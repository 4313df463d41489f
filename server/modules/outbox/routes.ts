/** GET /api/admin/outbox (admin): the stored emails, newest first, so staff can read them. */
import { Router } from "express";
import { MANAGER_ONLY } from "#common/roles.ts";
import type { Db } from "#server/db/client.ts";
import { handler } from "#server/http.ts";
import { requireRole } from "#server/modules/auth/roles.ts";
import { listOutbox } from "./service.ts";

export function outboxRouter(db: Db): Router {
  const router = Router();
  router.get(
    "/admin/outbox",
    requireRole(...MANAGER_ONLY),
    handler(async (_req, res) => {
      res.json(await listOutbox(db));
    }),
  );
  return router;
}
