/**
 * POST /api/paystack/webhook (notes/paystack.md "Webhooks"): Paystack's signed event, so an order
 * whose browser closed after paying is still completed. Mounted BEFORE the JSON parser and the
 * Origin check: the signature is an HMAC-SHA512 of the RAW body with the secret key, compared in
 * constant time; a bad or missing signature answers 401 and changes nothing, and without a secret
 * key the endpoint does not exist (404). A signed event is parsed and handed to
 * completeFromWebhook (payment.ts); every signed, well-formed event is acknowledged with 200.
 */
import express, { Router } from "express";
import type { Logger } from "pino";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { handler, signedWebhookEvent, siteOrigin } from "#server/http.ts";
import { isValidWebhookSignature, paystackEventSchema } from "#server/integrations/paystack.ts";
import { confirmDepositFromWebhook } from "#server/modules/bookings/deposit-payment.ts";
import { type CheckoutProvider, completeFromWebhook, paymentProviderFor } from "./payment.ts";

/**
 * `depositProvider`: the booking deposits' provider (issue 32); a 'GHD-…' reference is a
 * booking deposit and goes to confirmDepositFromWebhook, any other to the shop's orders.
 */
export function paystackWebhookRouter(deps: {
  db: Db;
  config: Config;
  logger: Logger;
  depositProvider?: CheckoutProvider;
}): Router {
  const depositProvider = deps.depositProvider ?? paymentProviderFor(deps.config, deps.db);
  const router = Router();
  router.post(
    "/paystack/webhook",
    express.raw({ type: () => true, limit: "200kb" }),
    handler(async (req, res) => {
      const event = signedWebhookEvent(req, paystackEventSchema, {
        provider: "Paystack",
        secret: deps.config.PAYSTACK_SECRET_KEY,
        isValid: (raw, secret) =>
          isValidWebhookSignature(raw, req.get("x-paystack-signature"), secret),
      });
      const logger = req.log ?? deps.logger;
      const deposit = await confirmDepositFromWebhook(
        {
          db: deps.db,
          logger,
          provider: depositProvider,
          secret: deps.config.SESSION_SECRET,
          origin: siteOrigin(deps.config, req),
        },
        event,
      );
      if (!deposit) await completeFromWebhook({ db: deps.db, logger }, event);
      res.json({ received: true });
    }),
  );
  return router;
}
