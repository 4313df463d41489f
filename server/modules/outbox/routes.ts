/**
 * GET /api/admin/outbox (manager): the stored messages, newest first, so staff can read them.
 * POST /api/admin/outbox/:id/retry (manager, like the Outbox page it is on; issue 17): sends a
 * failed message again now through the messages worker (messages/worker.ts `retryMessage`).
 */
import { Router } from "express";
import { MANAGER_ONLY } from "#common/roles.ts";
import type { Db } from "#server/db/client.ts";
import { handler, parseId } from "#server/http.ts";
import { requireRole } from "#server/modules/auth/roles.ts";
import { retryMessage } from "#server/modules/messages/worker.ts";
import { listOutbox, outboxMessage, retryableMessage } from "./service.ts";

export function outboxRouter(db: Db): Router {
  const router = Router();
  router.get(
    "/admin/outbox",
    requireRole(...MANAGER_ONLY),
    handler(async (_req, res) => {
      res.json(await listOutbox(db));
    }),
  );
  router.post(
    "/admin/outbox/:id/retry",
    requireRole(...MANAGER_ONLY),
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Message");
      await retryableMessage(db, id);
      // Due now, and the messages worker kicked.
      await retryMessage(db, id);
      res.json(await outboxMessage(db, id));
    }),
  );
  return router;
}
