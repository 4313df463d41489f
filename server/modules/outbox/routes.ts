/** GET /api/admin/outbox (admin): the stored emails, newest first, so staff can read them. */
import { desc } from "drizzle-orm";
import { Router } from "express";
import type { Db } from "#server/db/client.ts";
import { outbox } from "#server/db/schema/content.ts";
import { handler } from "#server/http.ts";
import { requireAdmin } from "#server/modules/auth/middleware.ts";

export function outboxRouter(db: Db): Router {
  const router = Router();
  router.get(
    "/admin/outbox",
    requireAdmin,
    handler(async (_req, res) => {
      const rows = await db.select().from(outbox).orderBy(desc(outbox.id)).limit(200);
      res.json(rows);
    }),
  );
  return router;
}
