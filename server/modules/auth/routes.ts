/**
 * POST /api/auth/login, POST /api/auth/logout, GET /api/auth/session (foundation issue,
 * admin spec §6 made real: the check runs on the server), and a staff member's invitation:
 * GET and POST /api/auth/invitations/{token} (issue 13; public, the token is the credential).
 */
import type { CookieOptions } from "express";
import { Router } from "express";
import { rateLimit } from "express-rate-limit";
import { z } from "zod";
import { acceptInvitationSchema, STAFF_MESSAGES } from "#common/staff.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { HttpError, handler, parse } from "#server/http.ts";
import { recordAnonymousAudit, recordAudit } from "#server/modules/audit/service.ts";
import { acceptInvitation, invitationInfo } from "./invitations.ts";
import { SESSION_COOKIE } from "./middleware.ts";
import { authenticate, createSession, deleteSession, sessionUser } from "./service.ts";
import {
  clearAccount,
  recordFailure,
  throttledFor,
  throttleKeys,
  throttleMessage,
} from "./throttle.ts";

export const loginSchema = z.object({
  username: z
    .string({ error: "Username is required" })
    .trim()
    .min(1, "Username is required")
    .max(100),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200),
});

export function authRouter(db: Db, config: Config): Router {
  const router = Router();
  const cookieOptions: CookieOptions = {
    httpOnly: true,
    sameSite: "lax",
    secure: config.isProduction,
    path: "/",
  };

  const loginLimiter = rateLimit({
    windowMs: 15 * 60 * 1000,
    limit: config.LOGIN_RATE_LIMIT,
    skipSuccessfulRequests: true,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json({
        error: { message: "Too many sign-in attempts. Please wait 15 minutes and try again." },
      });
    },
  });

  /**
   * Sign-in (issue 14): throttled per account and per address with exponential backoff
   * (./throttle.ts); the cookie's previous session is deleted (rotation, so a session fixed or
   * stolen before sign-in is worth nothing after it); sign-in, sign-out and failed sign-ins
   * are audited ('auth.sign-in', 'auth.sign-out', 'auth.sign-in-failed').
   */
  router.post(
    "/auth/login",
    handler(async (req, res) => {
      const { username, password } = parse(loginSchema, req.body);
      const keys = throttleKeys(username, req.ip);
      const wait = await throttledFor(db, keys);
      if (wait > 0) throw new HttpError(429, throttleMessage(wait));
      const admin = await authenticate(db, username, password);
      if (!admin) {
        await recordFailure(db, keys, config.LOGIN_RATE_LIMIT);
        await recordAnonymousAudit(db, {
          username: username.slice(0, 100),
          action: "auth.sign-in-failed",
          entity: "session",
          details: { address: req.ip ?? null },
        });
        throw new HttpError(401, "Invalid credentials. Please try again.");
      }
      await clearAccount(db, keys);
      const previous: unknown = req.cookies?.[SESSION_COOKIE];
      if (typeof previous === "string" && previous) await deleteSession(db, previous);
      const { token, expiresAt } = await createSession(db, admin.id);
      await recordAudit(db, admin, {
        action: "auth.sign-in",
        entity: "session",
        details: { address: req.ip ?? null },
      });
      res.cookie(SESSION_COOKIE, token, { ...cookieOptions, expires: expiresAt });
      req.log?.info({ adminId: admin.id }, "admin signed in");
      res.json({ user: admin });
    }),
  );

  router.post(
    "/auth/logout",
    handler(async (req, res) => {
      const token: unknown = req.cookies?.[SESSION_COOKIE];
      if (typeof token === "string" && token) {
        if (req.admin) {
          await recordAudit(db, req.admin, { action: "auth.sign-out", entity: "session" });
        }
        await deleteSession(db, token);
      }
      res.clearCookie(SESSION_COOKIE, cookieOptions);
      res.status(204).end();
    }),
  );

  router.get(
    "/auth/invitations/:token",
    handler(async (req, res) => {
      const info = await invitationInfo(db, String(req.params.token));
      if (!info) throw new HttpError(404, STAFF_MESSAGES.invitationInvalid);
      res.json(info);
    }),
  );

  router.post(
    "/auth/invitations/:token",
    loginLimiter,
    handler(async (req, res) => {
      const { password } = parse(acceptInvitationSchema, req.body);
      const userId = await acceptInvitation(db, String(req.params.token), password);
      const { token, expiresAt } = await createSession(db, userId);
      res.cookie(SESSION_COOKIE, token, { ...cookieOptions, expires: expiresAt });
      res.status(201).json({ user: await sessionUser(db, token) });
    }),
  );

  router.get("/auth/session", (req, res) => {
    if (!req.admin) throw new HttpError(401, "Please sign in to continue");
    res.json({ user: req.admin });
  });

  return router;
}
