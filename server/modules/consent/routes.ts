/**
 * POST /api/unsubscribe (public, issue 17 "Consent and opt-out"): the unsubscribe page's button,
 * and the one-click POST mail providers send to the List-Unsubscribe address (RFC 8058), which
 * carries email and sig in the query string and 'List-Unsubscribe=One-Click' as a form body.
 */
import { Router } from "express";
import { unsubscribeSchema } from "#common/consent.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { HttpError, handler, parse } from "#server/http.ts";
import { verifyUnsubscribe } from "./links.ts";
import { optOut } from "./service.ts";

export function consentRouter(db: Db, config: Config): Router {
  const router = Router();
  router.post(
    "/unsubscribe",
    handler(async (req, res) => {
      const body = req.body && typeof req.body === "object" && "email" in req.body ? req.body : {};
      const { email, sig } = parse(unsubscribeSchema, { ...req.query, ...body });
      if (!verifyUnsubscribe(config.SESSION_SECRET, email, sig)) {
        throw new HttpError(403, "Invalid unsubscribe link");
      }
      await optOut(db, { channel: "email", recipient: email, source: "email-unsubscribe" });
      res.json({ unsubscribed: true, email });
    }),
  );
  return router;
}
