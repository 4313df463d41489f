/**
 * The shop's public payment routes (storefront spec §7 "Payment flow"; ARCHITECTURE.md "API
 * rules": public); each parses its input with zod, calls one function of payment.ts and answers
 * in naira:
 * - POST /api/checkout/start (order payload) → 201 the priced pending order, which holds its
 *   units for CHECKOUT_RESERVATION_MINUTES; 200 the same order when the reference was started
 *   before (a retry); 409 '{product} is currently out of stock.' when nothing is left
 *   (startCheckout).
 * - POST /api/paystack/verify {reference} → `{verified, data}` (verifyPayment).
 * - POST /api/checkout (order payload) → 201 newly paid / 200 already paid order (checkoutOrder).
 * - POST /api/paystack/test-payment {reference, outcome} → test-payment mode only
 *   (recordTestPayment).
 */
import type { Request } from "express";
import { Router } from "express";
import type { Logger } from "pino";
import { z } from "zod";
import { orderPayloadSchema, paymentReferenceSchema } from "#common/checkout.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { handler, parse } from "#server/http.ts";
import {
  checkoutOrder,
  type PaymentDeps,
  paymentProviderFor,
  recordTestPayment,
  startCheckout,
  verifyPayment,
} from "./payment.ts";

export const verifyBody = z.object({ reference: paymentReferenceSchema });
export const testPaymentBody = z.object({
  reference: paymentReferenceSchema,
  outcome: z.enum(["approve", "decline"], { error: "outcome must be approve or decline" }),
});

export function checkoutRouter(deps: { db: Db; config: Config; logger: Logger }): Router {
  const router = Router();
  // One provider per app; the test provider keeps the dialog's outcomes in the database.
  const provider = paymentProviderFor(deps.config, deps.db);
  const forRequest = (req: Request): PaymentDeps => ({
    db: deps.db,
    provider,
    logger: req.log ?? deps.logger,
    reservationMs: deps.config.CHECKOUT_RESERVATION_MINUTES * 60_000,
  });

  router.post(
    "/checkout/start",
    handler(async (req, res) => {
      const payload = parse(orderPayloadSchema, req.body);
      const { created, ...started } = await startCheckout(forRequest(req), payload);
      res.status(created ? 201 : 200).json(started);
    }),
  );

  router.post(
    "/paystack/verify",
    handler(async (req, res) => {
      const { reference } = parse(verifyBody, req.body);
      res.json(await verifyPayment(forRequest(req), reference));
    }),
  );

  router.post(
    "/checkout",
    handler(async (req, res) => {
      const payload = parse(orderPayloadSchema, req.body);
      const { order, newlyPaid } = await checkoutOrder(forRequest(req), payload);
      res.status(newlyPaid ? 201 : 200).json(order);
    }),
  );

  router.post(
    "/paystack/test-payment",
    handler(async (req, res) => {
      const { reference, outcome } = parse(testPaymentBody, req.body);
      res.json(await recordTestPayment(forRequest(req), reference, outcome));
    }),
  );

  return router;
}
