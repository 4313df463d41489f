/**
 * HTTP routes of the point of sale (admin spec §7; issue 11), all behind an admin session:
 * GET /api/popular-items; GET, POST /api/surcharges, PATCH /api/surcharges/{id};
 * GET /api/pos/clients?q=&page=, GET /api/pos/checkout/{appointmentId}, POST /api/pos/process-sale; GET, POST /api/sales; GET /api/sales/daily/{date},
 * GET /api/sales/daily/{date}/export (CSV), GET, POST /api/sales/daily/{date}/close,
 * POST /api/sales/daily/{date}/reopen, POST /api/sales/daily/{date}/cash-movements;
 * GET /api/sales/{id}, POST /api/sales/{id}/refund, /void, /email-receipt; GET
 * /api/sales/oversells, POST /api/sales/oversells/{id}/settle (issue 35).
 */

import { stringify } from "csv-stringify/sync";
import { Router } from "express";
import { isRealDate } from "#common/lagos-time.ts";
import { DESK_ROLES, MANAGER_ONLY } from "#common/roles.ts";
import {
  cashMovementInputSchema,
  dayCloseInputSchema,
  dayReopenInputSchema,
  emailReceiptSchema,
  IDEMPOTENCY_KEY_PATTERN,
  longDayLabel,
  POS_MESSAGES,
  posClientQuerySchema,
  recordSaleSchema,
  refundInputSchema,
  saleInputSchema,
  saleListQuerySchema,
  surchargeInputSchema,
  surchargePatchSchema,
  voidInputSchema,
} from "#common/sales.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { HttpError, handler, parse, parseId } from "#server/http.ts";
import { createPaystackLedger, type PaystackLedger } from "#server/integrations/paystack.ts";
import { currentAdmin } from "#server/modules/auth/current-admin.ts";
import { requireCapability, requireRole } from "#server/modules/auth/roles.ts";
import { closeDay, closeSheet, recordCashMovement, reopenDay } from "./close-sheet.ts";
import { dailySales } from "./day-close.ts";
import { dailyCsvRows } from "./exports.ts";
import { listOpenOversells, settleOversell } from "./oversells.ts";
import { emailReceipt } from "./receipts.ts";
import { listSaleRecords } from "./records.ts";
import { refundSale } from "./refunds.ts";
import { processSale, recordCustomerSale } from "./sale.ts";
import { getSale } from "./sale-detail.ts";
import { createSurcharge, listSurcharges, updateSurcharge } from "./surcharges.ts";
import { popularItems, searchPosClients } from "./till-catalog.ts";
import { visitCheckout } from "./visit-checkout.ts";

/** A path date: 'YYYY-MM-DD' naming a real day, else 404 (no such day). */
function pathDate(value: unknown): string {
  const text = String(value);
  if (!isRealDate(text)) throw new HttpError(404, POS_MESSAGES.date);
  return text;
}

/** Paystack's transaction and settlement listings with keys; null in test-payment mode. */
function paystackLedgerFor(config: Config): PaystackLedger | null {
  if (!config.PAYSTACK_SECRET_KEY) return null;
  return createPaystackLedger({
    secretKey: config.PAYSTACK_SECRET_KEY,
    baseUrl: config.PAYSTACK_BASE_URL,
  });
}

/** The router of the point of sale's API, every route behind an admin session and its roles. */
export function salesRouter(db: Db, config: Config): Router {
  const router = Router();
  tillRoutes(router, db);
  surchargeRoutes(router, db);
  oversellRoutes(router, db);
  saleRoutes(router, db);
  dayRoutes(router, db);
  closeRoutes(router, db, paystackLedgerFor(config));
  return router;
}

/** The till: popular items, customer search and ringing up a sale. */
function tillRoutes(router: Router, db: Db): void {
  router.get(
    "/popular-items",
    requireRole(...DESK_ROLES),
    handler(async (_req, res) => {
      res.json(await popularItems(db));
    }),
  );
  router.get(
    "/pos/clients",
    requireRole(...DESK_ROLES),
    handler(async (req, res) => {
      const { q, page } = parse(posClientQuerySchema, req.query);
      res.json(await searchPosClients(db, q, page));
    }),
  );
  router.get(
    "/pos/checkout/:appointmentId",
    requireRole(...DESK_ROLES),
    handler(async (req, res) => {
      const visit = await visitCheckout(db, parseId(req.params.appointmentId, "Appointment"));
      if (!visit) throw new HttpError(404, "Appointment not found");
      res.json(visit);
    }),
  );
  router.post(
    "/pos/process-sale",
    requireRole(...DESK_ROLES),
    handler(async (req, res) => {
      const header = req.get("idempotency-key");
      if (header !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(header)) {
        throw new HttpError(400, POS_MESSAGES.idempotencyKey, {
          idempotencyKey: POS_MESSAGES.idempotencyKey,
        });
      }
      const input = parse(saleInputSchema, req.body);
      const sale = await processSale(db, currentAdmin(req), input, header);
      res.status(sale.replayed ? 200 : 201).json(sale);
    }),
  );
}

/** Surcharges: the desk reads them, a manager changes them. */
function surchargeRoutes(router: Router, db: Db): void {
  router.get(
    "/surcharges",
    requireRole(...DESK_ROLES),
    handler(async (req, res) => {
      res.json(await listSurcharges(db, req.query.active === "true"));
    }),
  );
  router.post(
    "/surcharges",
    requireRole(...MANAGER_ONLY),
    handler(async (req, res) => {
      const input = parse(surchargeInputSchema, req.body);
      res.status(201).json(await createSurcharge(db, currentAdmin(req), input));
    }),
  );
  router.patch(
    "/surcharges/:id",
    requireRole(...MANAGER_ONLY),
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Surcharge");
      const patch = parse(surchargePatchSchema, req.body);
      res.json(await updateSurcharge(db, currentAdmin(req), id, patch));
    }),
  );
}

/**
 * Oversells of sales taken offline (decision 0314): the desk sees them, a manager settles them.
 * Before saleRoutes: '/sales/oversells' is not a sale id.
 */
function oversellRoutes(router: Router, db: Db): void {
  router.get(
    "/sales/oversells",
    requireRole(...DESK_ROLES),
    handler(async (_req, res) => {
      res.set("Cache-Control", "no-store");
      res.json(await listOpenOversells(db));
    }),
  );
  router.post(
    "/sales/oversells/:id/settle",
    requireCapability("oversell.settle"),
    handler(async (req, res) => {
      await settleOversell(db, currentAdmin(req), parseId(req.params.id, "Oversell"));
      res.json({ settled: true });
    }),
  );
}

/** Sales: records, the customer dialog's sale, one sale, refund, void and emailed receipt. */
function saleRoutes(router: Router, db: Db): void {
  router.get(
    "/sales",
    requireRole(...DESK_ROLES),
    handler(async (req, res) => {
      res.json(await listSaleRecords(db, parse(saleListQuerySchema, req.query)));
    }),
  );
  router.post(
    "/sales",
    requireRole(...DESK_ROLES),
    handler(async (req, res) => {
      const input = parse(recordSaleSchema, req.body);
      res.status(201).json(await recordCustomerSale(db, currentAdmin(req), input));
    }),
  );
  router.get(
    "/sales/:id",
    requireRole(...DESK_ROLES),
    handler(async (req, res) => {
      const sale = await getSale(db, parseId(req.params.id, "Sale"));
      if (!sale) throw new HttpError(404, "Sale not found");
      res.json(sale);
    }),
  );
  router.post(
    "/sales/:id/refund",
    requireRole(...DESK_ROLES),
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Sale");
      const input = parse(refundInputSchema, req.body);
      res.json(await refundSale(db, currentAdmin(req), id, "refund", input));
    }),
  );
  router.post(
    "/sales/:id/void",
    requireRole(...DESK_ROLES),
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Sale");
      const input = parse(voidInputSchema, req.body);
      res.json(await refundSale(db, currentAdmin(req), id, "void", input));
    }),
  );
  router.post(
    "/sales/:id/email-receipt",
    requireRole(...DESK_ROLES),
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Sale");
      const input = parse(emailReceiptSchema, req.body ?? {});
      res.json(await emailReceipt({ db, logger: req.log }, currentAdmin(req), id, input.email));
    }),
  );
}

/** A Lagos day: its figures, their CSV and the day close. */
function dayRoutes(router: Router, db: Db): void {
  router.get(
    "/sales/daily/:date",
    requireRole(...DESK_ROLES),
    handler(async (req, res) => {
      res.set("Cache-Control", "no-store");
      res.json(await dailySales(db, pathDate(req.params.date)));
    }),
  );
  router.get(
    "/sales/daily/:date/export",
    requireRole(...DESK_ROLES),
    handler(async (req, res) => {
      const date = pathDate(req.params.date);
      const csv = stringify(dailyCsvRows(await dailySales(db, date), longDayLabel(date)));
      res
        .set("Cache-Control", "no-store")
        .type("text/csv; charset=utf-8")
        .attachment(`daily-sales-${date}.csv`)
        .send(csv);
    }),
  );
}

/**
 * The day close per tender (issue 29): the close sheet, closing (desk), reopening (a manager's
 * capability) and the drawer's float, pay-ins and pay-outs.
 */
function closeRoutes(router: Router, db: Db, ledger: PaystackLedger | null): void {
  router.get(
    "/sales/daily/:date/close",
    requireCapability("day.close"),
    handler(async (req, res) => {
      res.set("Cache-Control", "no-store");
      res.json(await closeSheet(db, ledger, pathDate(req.params.date)));
    }),
  );
  router.post(
    "/sales/daily/:date/close",
    requireCapability("day.close"),
    handler(async (req, res) => {
      const date = pathDate(req.params.date);
      const input = parse(dayCloseInputSchema, req.body);
      res.status(201).json(await closeDay(db, ledger, currentAdmin(req), date, input));
    }),
  );
  router.post(
    "/sales/daily/:date/reopen",
    requireCapability("day.reopen"),
    handler(async (req, res) => {
      const date = pathDate(req.params.date);
      const { reason } = parse(dayReopenInputSchema, req.body);
      await reopenDay(db, currentAdmin(req), date, reason);
      res.json(await closeSheet(db, ledger, date));
    }),
  );
  router.post(
    "/sales/daily/:date/cash-movements",
    requireCapability("day.close"),
    handler(async (req, res) => {
      const date = pathDate(req.params.date);
      const input = parse(cashMovementInputSchema, req.body);
      res.status(201).json(await recordCashMovement(db, currentAdmin(req), date, input));
    }),
  );
}
