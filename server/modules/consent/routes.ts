/**
 * POST /api/unsubscribe (public, issue 17 "Consent and opt-out"): the unsubscribe page's button,
 * and the one-click POST mail providers send to the List-Unsubscribe address (RFC 8058), which
 * carries email and sig in the query string and 'List-Unsubscribe=One-Click' as a form body.
 * POST /api/cookie-consent (public, no capability; issue 33): the cookie banner's native form,
 * which works before the page's scripts run: sets the `cookie-consent` cookie ('accepted' or
 * 'declined', a year) and answers 303 to the page it came from (a same-site path only). It
 * stores only the choice, so it needs no consent itself (decision 0033).
 */
import express, { Router } from "express";
import { COOKIE_CONSENT_NAME, cookieConsentSchema, unsubscribeSchema } from "#common/consent.ts";
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
  router.post(
    "/cookie-consent",
    express.urlencoded({ extended: false, limit: "4kb" }),
    handler(async (req, res) => {
      const { choice, returnTo } = parse(cookieConsentSchema, req.body ?? {});
      // Not HttpOnly: the page's head script and consent store read it (consent-store.ts).
      res.cookie(COOKIE_CONSENT_NAME, choice, {
        path: "/",
        maxAge: 365 * 24 * 60 * 60 * 1000,
        sameSite: "lax",
        secure: req.secure,
      });
      res.redirect(303, returnTo ?? "/");
    }),
  );
  return router;
}
