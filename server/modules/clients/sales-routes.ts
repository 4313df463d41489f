/**
 * GET /api/sales (optionally `?customerEmail=`) and POST /api/sales: the customer detail
 * dialog's sales (admin spec §2 "Sales", §7). Admin only. The till's POST /api/pos/process-sale
 * is the sales module's.
 */
import { Router } from "express";
import { recordSaleSchema, salesQuerySchema } from "#common/clients.ts";
import type { Db } from "#server/db/client.ts";
import { handler, parse } from "#server/http.ts";
import { currentAdmin } from "#server/modules/auth/current-admin.ts";
import { requireAdmin } from "#server/modules/auth/middleware.ts";
import { listSales, recordSale } from "./sales.ts";

export function clientSalesRouter(db: Db): Router {
  const router = Router();
  router.get(
    "/sales",
    requireAdmin,
    handler(async (req, res) => {
      const { customerEmail } = parse(salesQuerySchema, req.query);
      res.json(await listSales(db, customerEmail || undefined));
    }),
  );
  router.post(
    "/sales",
    requireAdmin,
    handler(async (req, res) => {
      const input = parse(recordSaleSchema, req.body);
      res.status(201).json(await recordSale(db, currentAdmin(req), input));
    }),
  );
  return router;
}
