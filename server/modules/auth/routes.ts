/**
 * POST /api/auth/login, POST /api/auth/logout, GET /api/auth/session (foundation issue,
 * admin spec §6 made real: the check runs on the server).
 */
import type { CookieOptions } from "express";
import { Router } from "express";
import { rateLimit } from "express-rate-limit";
import { z } from "zod";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { HttpError, handler, parse } from "#server/http.ts";
import { SESSION_COOKIE } from "./middleware.ts";
import { authenticate, createSession, deleteSession } from "./service.ts";

const loginSchema = z.object({
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

  router.post(
    "/auth/login",
    loginLimiter,
    handler(async (req, res) => {
      const { username, password } = parse(loginSchema, req.body);
      const admin = await authenticate(db, username, password);
      if (!admin) throw new HttpError(401, "Invalid credentials. Please try again.");
      const { token, expiresAt } = await createSession(db, admin.id);
      res.cookie(SESSION_COOKIE, token, { ...cookieOptions, expires: expiresAt });
      req.log?.info({ adminId: admin.id }, "admin signed in");
      res.json({ user: admin });
    }),
  );

  router.post(
    "/auth/logout",
    handler(async (req, res) => {
      const token: unknown = req.cookies?.[SESSION_COOKIE];
      if (typeof token === "string" && token) await deleteSession(db, token);
      res.clearCookie(SESSION_COOKIE, cookieOptions);
      res.status(204).end();
    }),
  );

  router.get("/auth/session", (req, res) => {
    if (!req.admin) throw new HttpError(401, "Please sign in to continue");
    res.json({ user: req.admin });
  });

  return router;
}
