/**
 * Admin order routes (admin spec §2 "Orders management", §4, §7): GET /api/orders (paged,
 * issue 14), GET /api/order-items, PATCH /api/orders/:id {status, trackingNote} (audited), POST
 * /api/orders/:id/refund (issue 14: a 'refund-required' order's payment returned through
 * Paystack, audited). All answer 401 without a session; money in naira.
 */
import { Router } from "express";
import type { Logger } from "pino";
import { orderApiQuerySchema, orderStatusUpdateSchema } from "#common/orders.ts";
import { DESK_ROLES, MANAGER_ONLY } from "#common/roles.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { HttpError, handler, parse, parseId } from "#server/http.ts";
import { requireRole } from "#server/modules/auth/roles.ts";
import { listOrderItems, listOrdersPage } from "./lists.ts";
import { paymentProviderFor, refundOrder } from "./payment.ts";
import { updateOrderStatus } from "./status.ts";

export function ordersRouter(deps: { db: Db; config: Config; logger: Logger }): Router {
  const { db } = deps;
  const router = Router();
  const provider = paymentProviderFor(deps.config, db);

  /**
   * The spec's plain array of paid orders, one page of it, newest first: `page`, `pageSize`
   * (default 100, max 500), `status`, `q`, `from`, `to` (common/orders.ts orderApiQuerySchema).
   * Headers say how much there is: X-Total-Count (orders matching the filters), X-Page,
   * X-Page-Size, and a Link rel="next" while more pages follow, so no order is silently cut off.
   */
  router.get(
    "/orders",
    requireRole(...DESK_ROLES),
    handler(async (req, res) => {
      const query = orderApiQuerySchema.parse(req.query);
      const page = await listOrdersPage(db, query);
      res.setHeader("X-Total-Count", String(page.matching));
      res.setHeader("X-Page", String(page.page));
      res.setHeader("X-Page-Size", String(page.pageSize));
      if (page.page * page.pageSize < page.matching) {
        const next = new URLSearchParams(req.query as Record<string, string>);
        next.set("page", String(page.page + 1));
        next.set("pageSize", String(page.pageSize));
        res.setHeader("Link", `</api/orders?${next.toString()}>; rel="next"`);
      }
      res.json(page.rows);
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
      const update = parse(orderStatusUpdateSchema, req.body);
      res.json(await updateOrderStatus(db, req.admin, id, update));
    }),
  );
  router.post(
    "/orders/:id/refund",
    requireRole(...MANAGER_ONLY),
    handler(async (req, res) => {
      if (!req.admin) throw new HttpError(401, "Please sign in to continue");
      const id = parseId(req.params.id, "Order");
      const paymentDeps = { db, provider, logger: req.log ?? deps.logger };
      res.json(await refundOrder(paymentDeps, req.admin, id));
    }),
  );
  return router;
}
