/**
 * The WhatsApp Business Cloud API webhook (notes/integrations.md, issue 17):
 *
 * - GET /api/webhooks/whatsapp: Meta's verification handshake; answers `hub.challenge` as plain
 *   text when `hub.mode` is 'subscribe' and `hub.verify_token` is WHATSAPP_VERIFY_TOKEN, else 403.
 * - POST /api/webhooks/whatsapp: an event, signed in X-Hub-Signature-256 (HMAC-SHA256 of the RAW
 *   body with WHATSAPP_APP_SECRET, checked in constant time; 401 when missing or wrong, nothing
 *   changed). Delivery statuses go onto the outbox row of the message id; an inbound STOP or
 *   UNSUBSCRIBE opts the number out of reminders and marketing, START opts it back in.
 *
 * Mounted BEFORE the JSON parser and the Origin check (it needs the raw bytes), like the Paystack
 * webhook. Without an app secret the endpoints do not exist (404). The event is processed before
 * the 200 (a few row writes): when processing fails Meta gets a 500 and retries, and every change
 * is idempotent, so a repeated event changes nothing more.
 */
import express, { Router } from "express";
import type { Logger } from "pino";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { HttpError, handler, signedWebhookEvent } from "#server/http.ts";
import {
  isValidWhatsAppSignature,
  type WhatsAppEvent,
  whatsappEventSchema,
} from "#server/integrations/whatsapp-webhook.ts";
import { applyWhatsAppEvent } from "./whatsapp-events.ts";

export function whatsappWebhookRouter(deps: { db: Db; config: Config; logger: Logger }): Router {
  const router = Router();
  router.get("/webhooks/whatsapp", (req, res, next) => {
    const token = deps.config.WHATSAPP_VERIFY_TOKEN;
    if (!token) return next(new HttpError(404, "WhatsApp is not configured"));
    const mode = req.query["hub.mode"];
    const given = req.query["hub.verify_token"];
    const challenge = req.query["hub.challenge"];
    if (mode !== "subscribe" || given !== token || typeof challenge !== "string") {
      return next(new HttpError(403, "Verification refused"));
    }
    // Echo only a plain token-like challenge, never markup.
    if (!/^[\w.-]{1,200}$/.test(challenge)) return next(new HttpError(400, "Invalid challenge"));
    res.type("text/plain").send(challenge);
  });
  router.post(
    "/webhooks/whatsapp",
    express.raw({ type: () => true, limit: "500kb" }),
    handler(async (req, res) => {
      const event: WhatsAppEvent = signedWebhookEvent(req, whatsappEventSchema, {
        provider: "WhatsApp",
        secret: deps.config.WHATSAPP_APP_SECRET,
        isValid: (raw, secret) =>
          isValidWhatsAppSignature(raw, req.get("x-hub-signature-256"), secret),
      });
      const outcome = await applyWhatsAppEvent(deps.db, event);
      (req.log ?? deps.logger).info(outcome, "whatsapp webhook applied");
      res.json({ received: true });
    }),
  );
  return router;
}
