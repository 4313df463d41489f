/**
 * POST /api/auth/login, POST /api/auth/logout, GET /api/auth/session (foundation issue,
 * admin spec §6 made real: the check runs on the server), and a staff member's invitation:
 * GET and POST /api/auth/invitations/{token} (issue 13; public, the token is the credential).
 * Two-step sign-in (issue 14): POST /api/auth/login/code (public: the challenge is the
 * credential) and the signed-in account's own GET /api/auth/totp, POST /api/auth/totp/setup,
 * /confirm and /disable (./totp.ts).
 */
import type { CookieOptions, Request, Response } from "express";
import { Router } from "express";
import { rateLimit } from "express-rate-limit";
import { z } from "zod";
import {
  ACCOUNT_SECURITY_MESSAGES,
  loginCodeSchema,
  totpConfirmSchema,
  totpDisableSchema,
} from "#common/account-security.ts";
import type { AdminIdentity } from "#common/auth.ts";
import { ANY_ROLE } from "#common/roles.ts";
import { acceptInvitationSchema, STAFF_MESSAGES } from "#common/staff.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { HttpError, handler, parse } from "#server/http.ts";
import { recordAnonymousAudit, recordAudit } from "#server/modules/audit/service.ts";
import { currentAdmin } from "./current-admin.ts";
import { acceptInvitation, invitationInfo } from "./invitations.ts";
import { SESSION_COOKIE } from "./middleware.ts";
import { requireRole } from "./roles.ts";
import {
  accountIdentity,
  authenticate,
  checkAccountPassword,
  createSession,
  deleteSession,
  sessionUser,
} from "./service.ts";
import {
  clearAccount,
  recordFailure,
  throttledFor,
  throttleKeys,
  throttleMessage,
} from "./throttle.ts";
import {
  accountSecurity,
  beginTotpSetup,
  checkSecondFactor,
  confirmTotpSetup,
  disableTotp,
  issueChallenge,
  readChallenge,
  totpEnabled,
  totpKeys,
} from "./totp.ts";

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
  const keys2fa = totpKeys(config.SESSION_SECRET);
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
      // Two-step sign-in: no session and no cleared count until the code is right too.
      if (await totpEnabled(db, admin.id)) {
        res.json(issueChallenge(keys2fa, admin.id, admin.username));
        return;
      }
      await clearAccount(db, keys);
      await signIn(req, res, admin, { address: req.ip ?? null });
    }),
  );

  /**
   * The second sign-in step (issue 14): the password step's challenge and a 6-digit code or a
   * recovery code. A wrong code counts toward the same per-account and per-address throttle
   * as a wrong password and is audited ('auth.totp-code-failed'); a recovery code used is
   * audited too ('auth.recovery-code-used').
   */
  router.post(
    "/auth/login/code",
    handler(async (req, res) => {
      const { challenge, code } = parse(loginCodeSchema, req.body);
      const account = readChallenge(keys2fa, challenge);
      if (!account) throw new HttpError(401, ACCOUNT_SECURITY_MESSAGES.challengeExpired);
      const keys = throttleKeys(account.username, req.ip);
      const wait = await throttledFor(db, keys);
      if (wait > 0) throw new HttpError(429, throttleMessage(wait));
      const admin = await accountIdentity(db, account.userId);
      if (!admin) throw new HttpError(401, ACCOUNT_SECURITY_MESSAGES.challengeExpired);
      const proof = await checkSecondFactor(db, keys2fa, admin.id, code);
      if (!proof) {
        await recordFailure(db, keys, config.LOGIN_RATE_LIMIT);
        await recordAudit(db, admin, {
          action: "auth.totp-code-failed",
          entity: "session",
          details: { step: "sign-in", address: req.ip ?? null },
        });
        throw new HttpError(401, ACCOUNT_SECURITY_MESSAGES.invalidCode);
      }
      await clearAccount(db, keys);
      if (proof === "recovery-code") {
        await recordAudit(db, admin, {
          action: "auth.recovery-code-used",
          entity: "account",
          entityId: admin.id,
          details: { address: req.ip ?? null },
        });
      }
      await signIn(req, res, admin, { address: req.ip ?? null, secondFactor: proof });
    }),
  );

  /** Ends the cookie's previous session, starts a new one, audits 'auth.sign-in'. */
  async function signIn(
    req: Request,
    res: Response,
    admin: AdminIdentity,
    details: Record<string, unknown>,
  ) {
    const previous: unknown = req.cookies?.[SESSION_COOKIE];
    if (typeof previous === "string" && previous) await deleteSession(db, previous);
    const { token, expiresAt } = await createSession(db, admin.id);
    await recordAudit(db, admin, { action: "auth.sign-in", entity: "session", details });
    res.cookie(SESSION_COOKIE, token, { ...cookieOptions, expires: expiresAt });
    req.log?.info({ adminId: admin.id }, "admin signed in");
    res.json({ user: admin });
  }

  /** The signed-in account's two-step sign-in: on or off, since when, recovery codes left. */
  router.get(
    "/auth/totp",
    requireRole(...ANY_ROLE),
    handler(async (req, res) => {
      res.json(await accountSecurity(db, currentAdmin(req).id));
    }),
  );

  /** Starts set-up: a new secret, shown this once as URI, QR code (SVG) and text. */
  router.post(
    "/auth/totp/setup",
    requireRole(...ANY_ROLE),
    handler(async (req, res) => {
      res.set("Cache-Control", "no-store");
      res.status(201).json(await beginTotpSetup(db, keys2fa, currentAdmin(req)));
    }),
  );

  /** Confirms set-up with a first code; answers the recovery codes, shown this once. */
  router.post(
    "/auth/totp/confirm",
    requireRole(...ANY_ROLE),
    handler(async (req, res) => {
      const { code } = parse(totpConfirmSchema, req.body);
      const recoveryCodes = await confirmTotpSetup(db, keys2fa, currentAdmin(req), code);
      res.set("Cache-Control", "no-store");
      res.json({ recoveryCodes });
    }),
  );

  /**
   * Turns two-step sign-in off, proven with the account's password or a current code (a
   * stolen session alone cannot). A wrong proof counts toward the account's sign-in throttle.
   */
  router.post(
    "/auth/totp/disable",
    requireRole(...ANY_ROLE),
    handler(async (req, res) => {
      const { password, code } = parse(totpDisableSchema, req.body);
      const admin = currentAdmin(req);
      const keys = throttleKeys(admin.username, req.ip);
      const wait = await throttledFor(db, keys);
      if (wait > 0) throw new HttpError(429, throttleMessage(wait));
      if (!(await totpEnabled(db, admin.id))) {
        throw new HttpError(409, ACCOUNT_SECURITY_MESSAGES.notOn);
      }
      const proof =
        password && (await checkAccountPassword(db, admin.id, password))
          ? "password"
          : code
            ? await checkSecondFactor(db, keys2fa, admin.id, code)
            : null;
      if (!proof) {
        await recordFailure(db, keys, config.LOGIN_RATE_LIMIT);
        await recordAudit(db, admin, {
          action: "auth.totp-code-failed",
          entity: "account",
          entityId: admin.id,
          details: { step: "turn-off", address: req.ip ?? null },
        });
        throw new HttpError(401, ACCOUNT_SECURITY_MESSAGES.disableRefused);
      }
      await disableTotp(db, admin, proof);
      res.json(await accountSecurity(db, admin.id));
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
