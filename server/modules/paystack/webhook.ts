/**
 * POST /api/paystack/webhook (notes/paystack.md "Webhooks"): Paystack's signed event, so an order
 * whose browser closed after paying is still completed. Mounted BEFORE the JSON parser and the
 * Origin check: the signature is an HMAC-SHA512 of the RAW body with the secret key, compared in
 * constant time; a bad or missing signature answers 401 and changes nothing. `charge.success`
 * runs the same completion routine as verify and checkout; other events are acknowledged.
 */
import express, { Router } from "express";
import type { Logger } from "pino";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { HttpError, handler } from "#server/http.ts";
import type { Mailer } from "#server/integrations/mailer.ts";
import { isValidWebhookSignature } from "#server/integrations/paystack.ts";
import { afterCompletion } from "#server/modules/checkout/routes.ts";
import { completeOrder, orderPaymentState } from "#server/modules/orders/service.ts";

type Deps = { db: Db; config: Config; mailer: Mailer; logger: Logger };

export function paystackWebhookRouter(deps: Deps): Router {
  const router = Router();
  router.post(
    "/paystack/webhook",
    express.raw({ type: () => true, limit: "200kb" }),
    handler(async (req, res) => {
      const secret = deps.config.PAYSTACK_SECRET_KEY;
      if (!secret) throw new HttpError(404, "Paystack is not configured");
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      if (!isValidWebhookSignature(raw, req.get("x-paystack-signature"), secret)) {
        req.log?.warn("webhook refused: bad signature");
        throw new HttpError(401, "Invalid signature");
      }
      let event: { event?: unknown; data?: Record<string, unknown> };
      try {
        event = JSON.parse(raw.toString("utf8"));
      } catch {
        throw new HttpError(400, "Request body is not valid JSON");
      }
      if (event.event !== "charge.success" || !event.data) {
        res.json({ received: true });
        return;
      }
      const data = event.data;
      const reference = String(data.reference ?? "");
      if (!(await orderPaymentState(deps.db, reference))) {
        // Not one of our orders (another integration on the same account): acknowledge.
        req.log?.warn({ reference }, "webhook for an unknown reference");
        res.json({ received: true });
        return;
      }
      const result = await completeOrder(
        deps.db,
        reference,
        {
          status: String(data.status ?? ""),
          reference,
          amountKobo: Number(data.amount),
          currency: String(data.currency ?? ""),
          details: {
            channel: data.channel,
            paidAt: data.paid_at,
            domain: data.domain,
            id: data.id,
          },
        },
        "webhook",
      );
      await afterCompletion(deps, reference, result);
      res.json({ received: true });
    }),
  );
  return router;
}
