/**
 * POST /api/auth/login, POST /api/auth/logout, GET /api/auth/session (foundation issue,
 * admin spec §6 made real: the check runs on the server), and a staff member's invitation:
 * GET and POST /api/auth/invitations/{token} (issue 13; public, the token is the credential).
 * Two-step sign-in (issue 14): POST /api/auth/login/code (public: the challenge is the
 * credential) and the signed-in account's own GET /api/auth/totp, POST /api/auth/totp/setup,
 * /confirm and /disable (./totp.ts).
 */
import type { CookieOptions, Request, RequestHandler, Response } from "express";
import { Router } from "express";
import { rateLimit } from "express-rate-limit";
import {
  ACCOUNT_SECURITY_MESSAGES,
  loginCodeSchema,
  totpConfirmSchema,
  totpDisableSchema,
} from "#common/account-security.ts";
import { type AdminIdentity, loginSchema } from "#common/auth.ts";
import { ANY_ROLE } from "#common/roles.ts";
import { acceptInvitationSchema, STAFF_MESSAGES } from "#common/staff.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { HttpError, handler, parse } from "#server/http.ts";
import { recordAnonymousAudit, recordAudit } from "#server/modules/audit/service.ts";
import { limiterStore } from "#server/rate-limit.ts";
import { currentAdmin } from "./current-admin.ts";
import { acceptInvitation, invitationInfo } from "./invitations.ts";
import { SESSION_COOKIE } from "./middleware.ts";
import { offlineKey } from "./offline-key.ts";
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
  attemptPassedFirstStep,
  attemptSucceeded,
  beginAttempt,
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_MS,
  deviceKey,
  newDeviceCookie,
  type ThrottleKeys,
  throttleKeys,
  throttleMessage,
  trustedDevice,
} from "./throttle.ts";
import {
  accountSecurity,
  beginTotpSetup,
  checkSecondFactor,
  confirmTotpSetup,
  disableTotp,
  issueChallenge,
  readChallenge,
  type TotpKeys,
  totpEnabled,
  totpKeys,
} from "./totp.ts";

/**
 * The /api/auth routes. Each handler is built by a named factory below, grouped by concern
 * (sign-in and session, two-step sign-in for the signed-in account, invitations); this list
 * keeps the routes, their order and their middleware in one place.
 */
export function authRouter(db: Db, config: Config): Router {
  const auth = authContext(db, config);
  const router = Router();
  router.post("/auth/login", handler(passwordStep(auth)));
  router.post("/auth/login/code", handler(codeStep(auth)));
  router.get("/auth/totp", requireRole(...ANY_ROLE), handler(totpStatus(auth)));
  router.post("/auth/totp/setup", requireRole(...ANY_ROLE), handler(totpSetup(auth)));
  router.post("/auth/totp/confirm", requireRole(...ANY_ROLE), handler(totpConfirm(auth)));
  router.post("/auth/totp/disable", requireRole(...ANY_ROLE), handler(totpDisable(auth)));
  router.post("/auth/logout", handler(signOut(auth)));
  router.get("/auth/invitations/:token", handler(invitationDetails(auth)));
  router.post(
    "/auth/invitations/:token",
    invitationLimiter(db, config),
    handler(invitationAccept(auth)),
  );
  router.get("/auth/session", currentSession);
  router.get("/auth/offline-key", requireRole(...ANY_ROLE), handler(offlineKeyOfSession(auth)));
  return router;
}

/** What every auth handler shares: the db, the config, the 2FA keys and the cookie's options. */
type AuthContext = {
  db: Db;
  config: Config;
  keys2fa: TotpKeys;
  /** Signs the device cookie (./throttle.ts). */
  deviceKey: Buffer;
  cookieOptions: CookieOptions;
};

type AsyncHandler = (req: Request, res: Response) => Promise<void>;

function authContext(db: Db, config: Config): AuthContext {
  return {
    db,
    config,
    keys2fa: totpKeys(config.SESSION_SECRET),
    deviceKey: deviceKey(config.SESSION_SECRET),
    cookieOptions: { httpOnly: true, sameSite: "lax", secure: config.isProduction, path: "/" },
  };
}

/**
 * Accepting an invitation sets a password, so it is limited like sign-in: LOGIN_RATE_LIMIT
 * failed attempts per address per 15 minutes, then a 429; counted in the database on PostgreSQL.
 */
function invitationLimiter(db: Db, config: Config): RequestHandler {
  return rateLimit({
    windowMs: 15 * 60 * 1000,
    limit: config.LOGIN_RATE_LIMIT,
    // Shared by every instance on PostgreSQL (issue 34), like the sign-in throttle.
    store: limiterStore(db, "invitation:"),
    skipSuccessfulRequests: true,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json({
        error: { message: "Too many sign-in attempts. Please wait 15 minutes and try again." },
      });
    },
  });
}

/**
 * The throttle's counters for `username` from this request (its address, and the device cookie
 * when this browser signed in to that account before), counted at once: throws the 429 with the
 * wait in words while one of them is waiting.
 */
async function countAttempt(
  { db, config, deviceKey: key }: AuthContext,
  req: Request,
  username: string,
): Promise<ThrottleKeys> {
  const device = trustedDevice(key, username, req.cookies?.[DEVICE_COOKIE]);
  const keys = throttleKeys(username, req.ip, device);
  const wait = await beginAttempt(db, keys, config.LOGIN_RATE_LIMIT);
  if (wait > 0) throw new HttpError(429, throttleMessage(wait));
  return keys;
}

/**
 * After a successful sign-in the counters start again; answers the device cookie that makes
 * this browser a trusted device of the account (signIn sets it after the session cookie).
 */
async function trustDevice(auth: AuthContext, keys: ThrottleKeys, username: string) {
  await attemptSucceeded(auth.db, keys, auth.config.LOGIN_RATE_LIMIT);
  return newDeviceCookie(auth.deviceKey, username);
}

// Sign-in and session

/**
 * POST /auth/login. Sign-in (issue 14): throttled per account and per address with exponential
 * backoff (./throttle.ts); the cookie's previous session is deleted (rotation, so a session
 * fixed or stolen before sign-in is worth nothing after it); sign-in, sign-out and failed
 * sign-ins are audited ('auth.sign-in', 'auth.sign-out', 'auth.sign-in-failed'). With two-step
 * sign-in on, answers the challenge for the code step instead of a session.
 */
function passwordStep(auth: AuthContext): AsyncHandler {
  const { db, keys2fa, cookieOptions } = auth;
  return async (req, res) => {
    const { username, password } = parse(loginSchema, req.body);
    const keys = await countAttempt(auth, req, username);
    const admin = await authenticate(db, username, password);
    if (!admin) {
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
      await attemptPassedFirstStep(db, keys, auth.config.LOGIN_RATE_LIMIT);
      res.json(issueChallenge(keys2fa, admin.id, admin.username));
      return;
    }
    const device = await trustDevice(auth, keys, username);
    await signIn(db, cookieOptions, req, res, admin, { address: req.ip ?? null }, device);
  };
}

/**
 * POST /auth/login/code. The second sign-in step (issue 14): the password step's challenge and
 * a 6-digit code or a recovery code. A wrong code counts toward the same per-account and
 * per-address throttle as a wrong password and is audited ('auth.totp-code-failed'); a
 * recovery code used is audited too ('auth.recovery-code-used').
 */
function codeStep(auth: AuthContext): AsyncHandler {
  const { db, keys2fa, cookieOptions } = auth;
  return async (req, res) => {
    const { challenge, code } = parse(loginCodeSchema, req.body);
    const account = readChallenge(keys2fa, challenge);
    if (!account) throw new HttpError(401, ACCOUNT_SECURITY_MESSAGES.challengeExpired);
    const keys = await countAttempt(auth, req, account.username);
    const admin = await accountIdentity(db, account.userId);
    if (!admin) throw new HttpError(401, ACCOUNT_SECURITY_MESSAGES.challengeExpired);
    const proof = await checkSecondFactor(db, keys2fa, admin.id, code);
    if (!proof) {
      await recordAudit(db, admin, {
        action: "auth.totp-code-failed",
        entity: "session",
        details: { step: "sign-in", address: req.ip ?? null },
      });
      throw new HttpError(401, ACCOUNT_SECURITY_MESSAGES.invalidCode);
    }
    const device = await trustDevice(auth, keys, account.username);
    if (proof === "recovery-code") {
      await recordAudit(db, admin, {
        action: "auth.recovery-code-used",
        entity: "account",
        entityId: admin.id,
        details: { address: req.ip ?? null },
      });
    }
    await signIn(
      db,
      cookieOptions,
      req,
      res,
      admin,
      { address: req.ip ?? null, secondFactor: proof },
      device,
    );
  };
}

/** Ends the cookie's previous session, starts a new one, audits 'auth.sign-in'. */
async function signIn(
  db: Db,
  cookieOptions: CookieOptions,
  req: Request,
  res: Response,
  admin: AdminIdentity,
  details: Record<string, unknown>,
  deviceCookie: string,
) {
  const previous: unknown = req.cookies?.[SESSION_COOKIE];
  if (typeof previous === "string" && previous) await deleteSession(db, previous);
  const { token, expiresAt } = await createSession(db, admin.id);
  await recordAudit(db, admin, { action: "auth.sign-in", entity: "session", details });
  res.cookie(SESSION_COOKIE, token, { ...cookieOptions, expires: expiresAt });
  res.cookie(DEVICE_COOKIE, deviceCookie, { ...cookieOptions, maxAge: DEVICE_COOKIE_MAX_AGE_MS });
  req.log?.info({ adminId: admin.id }, "admin signed in");
  res.json({ user: admin });
}

/** POST /auth/logout: deletes the cookie's session (audited 'auth.sign-out'), 204. */
function signOut({ db, cookieOptions }: AuthContext): AsyncHandler {
  return async (req, res) => {
    const token: unknown = req.cookies?.[SESSION_COOKIE];
    if (typeof token === "string" && token) {
      if (req.admin) {
        await recordAudit(db, req.admin, { action: "auth.sign-out", entity: "session" });
      }
      await deleteSession(db, token);
    }
    res.clearCookie(SESSION_COOKIE, cookieOptions);
    res.status(204).end();
  };
}

/** GET /auth/session: the signed-in account, or 401. */
function currentSession(req: Request, res: Response) {
  if (!req.admin) throw new HttpError(401, "Please sign in to continue");
  res.json({ user: req.admin });
}

/**
 * GET /auth/offline-key: the key that seals this session's offline data on the device (issue 35,
 * ./offline-key.ts); never cached.
 */
function offlineKeyOfSession({ db, config }: AuthContext): AsyncHandler {
  return async (req, res) => {
    const token = String(req.cookies?.[SESSION_COOKIE] ?? "");
    const key = await offlineKey(db, config.SESSION_SECRET, token);
    if (!key) throw new HttpError(401, "Please sign in to continue");
    res.set("Cache-Control", "no-store");
    res.json(key);
  };
}

// The signed-in account's two-step sign-in (./totp.ts)

/** GET /auth/totp: on or off, since when, recovery codes left. */
function totpStatus({ db }: AuthContext): AsyncHandler {
  return async (req, res) => {
    res.json(await accountSecurity(db, currentAdmin(req).id));
  };
}

/** POST /auth/totp/setup: starts set-up; a new secret, shown this once as URI, QR code (SVG) and text. */
function totpSetup({ db, keys2fa }: AuthContext): AsyncHandler {
  return async (req, res) => {
    res.set("Cache-Control", "no-store");
    res.status(201).json(await beginTotpSetup(db, keys2fa, currentAdmin(req)));
  };
}

/** POST /auth/totp/confirm: confirms set-up with a first code; answers the recovery codes, shown this once. */
function totpConfirm({ db, keys2fa }: AuthContext): AsyncHandler {
  return async (req, res) => {
    const { code } = parse(totpConfirmSchema, req.body);
    const recoveryCodes = await confirmTotpSetup(db, keys2fa, currentAdmin(req), code);
    res.set("Cache-Control", "no-store");
    res.json({ recoveryCodes });
  };
}

/**
 * POST /auth/totp/disable: turns two-step sign-in off, proven with the account's password or a
 * current code (a stolen session alone cannot). A wrong proof counts toward the account's
 * sign-in throttle.
 */
function totpDisable(auth: AuthContext): AsyncHandler {
  const { db, config, keys2fa } = auth;
  return async (req, res) => {
    const { password, code } = parse(totpDisableSchema, req.body);
    const admin = currentAdmin(req);
    const keys = await countAttempt(auth, req, admin.username);
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
      await recordAudit(db, admin, {
        action: "auth.totp-code-failed",
        entity: "account",
        entityId: admin.id,
        details: { step: "turn-off", address: req.ip ?? null },
      });
      throw new HttpError(401, ACCOUNT_SECURITY_MESSAGES.disableRefused);
    }
    await attemptSucceeded(db, keys, config.LOGIN_RATE_LIMIT);
    await disableTotp(db, admin, proof);
    res.json(await accountSecurity(db, admin.id));
  };
}

// A staff member's invitation (issue 13; public, the token is the credential; ./invitations.ts)

/** GET /auth/invitations/{token}: the invitation's details, or 404. */
function invitationDetails({ db }: AuthContext): AsyncHandler {
  return async (req, res) => {
    const info = await invitationInfo(db, String(req.params.token));
    if (!info) throw new HttpError(404, STAFF_MESSAGES.invitationInvalid);
    res.json(info);
  };
}

/** POST /auth/invitations/{token}: sets the password and signs the new account in, 201. */
function invitationAccept({ db, cookieOptions }: AuthContext): AsyncHandler {
  return async (req, res) => {
    const { password } = parse(acceptInvitationSchema, req.body);
    const userId = await acceptInvitation(db, String(req.params.token), password);
    const { token, expiresAt } = await createSession(db, userId);
    res.cookie(SESSION_COOKIE, token, { ...cookieOptions, expires: expiresAt });
    res.status(201).json({ user: await sessionUser(db, token) });
  };
}
