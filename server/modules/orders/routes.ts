/**
 * Admin order routes (admin spec §2 "Orders management", §4, §7): GET /api/orders,
 * GET /api/order-items, PATCH /api/orders/:id {status} (audited). All answer 401 without a
 * session; money in naira.
 */
import { Router } from "express";
import { orderStatusUpdateSchema } from "#common/orders.ts";
import { DESK_ROLES } from "#common/roles.ts";
import type { Db } from "#server/db/client.ts";
import { HttpError, handler, parse, parseId } from "#server/http.ts";
import { requireRole } from "#server/modules/auth/roles.ts";
import { listOrderItems, listOrders, updateOrderStatus } from "./service.ts";

export function ordersRouter(db: Db): Router {
  const router = Router();
  router.get(
    "/orders",
    requireRole(...DESK_ROLES),
    handler(async (_req, res) => {
      res.json(await listOrders(db));
    }),
  );
  router.get(
    "/order-items",
    requireRole(...DESK_ROLES),
    handler(async (_req, res) => {
      res.json(await listOrderItems(db));
    }),
  );
  router.patch(
    "/orders/:id",
    requireRole(...DESK_ROLES),
    handler(async (req, res) => {
      // requireRole has set req.admin; checked again for the audit record's author.
      if (!req.admin) throw new HttpError(401, "Please sign in to continue");
      const id = parseId(req.params.id, "Order");
      const { status } = parse(orderStatusUpdateSchema, req.body);
      res.json(await updateOrderStatus(db, req.admin, id, status));
    }),
  );
  return router;
}
