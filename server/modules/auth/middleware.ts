/** Session loading and the admin gate for API routes. */
import type { RequestHandler } from "express";
import type { AdminIdentity } from "#common/auth.ts";
import type { Db } from "#server/db/client.ts";
import { HttpError } from "#server/http.ts";
import { sessionUser } from "./service.ts";

declare global {
  namespace Express {
    interface Request {
      /** The signed-in admin, set by `loadSession`; null when signed out. */
      admin?: AdminIdentity | null;
    }
  }
}

export const SESSION_COOKIE = "glowhaven_session";

/** Reads the session cookie and sets `req.admin` (once per request). */
export function loadSession(db: Db): RequestHandler {
  return (req, _res, next) => {
    if (req.admin !== undefined) return next();
    const token: unknown = req.cookies?.[SESSION_COOKIE];
    if (typeof token !== "string" || token.length === 0 || token.length > 100) {
      req.admin = null;
      return next();
    }
    sessionUser(db, token)
      .then((admin) => {
        req.admin = admin;
        next();
      })
      .catch(next);
  };
}

/**
 * Answers 401 unless someone is signed in. It declares no role: an /api route must use
 * `requireRole(...)` (./roles.ts) instead, or the role sweep (server/roles.test.ts) fails.
 * @deprecated for routes; kept for callers outside the route table.
 */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  next(req.admin ? undefined : new HttpError(401, "Please sign in to continue"));
};
