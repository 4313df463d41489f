/**
 * GET /api/admin/outbox (manager): the stored messages, newest first, so staff can read them.
 * POST /api/admin/outbox/:id/retry (manager, front desk; issue 17): sends a failed message again
 * now through the messages worker.
 */
import { Router } from "express";
import { DESK_ROLES, MANAGER_ONLY } from "#common/roles.ts";
import type { Db } from "#server/db/client.ts";
import { handler, parseId } from "#server/http.ts";
import { requireRole } from "#server/modules/auth/roles.ts";
import { kickMessages } from "#server/modules/messages/worker.ts";
import { listOutbox, retryMessage } from "./service.ts";

/**
 * `kick` starts a pass of the messages worker without waiting for the scheduler's next tick
 * (default: the worker installed for `db`).
 */
export function outboxRouter(db: Db, kick: () => void = () => kickMessages(db)): Router {
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
    requireRole(...DESK_ROLES),
    handler(async (req, res) => {
      const message = await retryMessage(db, parseId(req.params.id, "Message"));
      kick();
      res.json(message);
    }),
  );
  return router;
}
