/**
 * Security middleware (ARCHITECTURE.md "Security"): the Origin check on state-changing requests,
 * and the response headers with a per-response CSP nonce for inline scripts.
 */
import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";
import { HttpError } from "./http.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing request whose Origin header names another site (a cross-site form or
 * fetch riding on the admin's cookie). Requests without Origin (server-to-server, curl) pass.
 */
export const originCheck: RequestHandler = (req, _res, next) => {
  const origin = req.get("origin");
  if (SAFE_METHODS.has(req.method) || !origin) return next();
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return next(new HttpError(403, "Cross-site request refused"));
  }
  const host = req.get("x-forwarded-host") ?? req.get("host");
  next(originHost === host ? undefined : new HttpError(403, "Cross-site request refused"));
};

/** Sets `res.locals.nonce` to a fresh random value for this response. */
export const cspNonce: RequestHandler = (_req, res, next) => {
  res.locals.nonce = randomBytes(16).toString("base64");
  next();
};

/** Meta Pixel hosts: the script, and where it sends events (storefront spec §7). */
const META_PIXEL_SCRIPT_HOST = "https://connect.facebook.net";
const META_PIXEL_EVENT_HOST = "https://www.facebook.com";

/**
 * Helmet with a CSP that allows scripts only from this site or with this response's nonce.
 * `dev` relaxes it for Vite's dev client (inline HMR and eval in source maps). `metaPixel` (a
 * pixel id is configured) also allows Meta's script and event hosts; the browser still loads the
 * pixel only after the visitor's consent.
 */
export function securityHeaders({
  production,
  dev,
  metaPixel = false,
}: {
  production: boolean;
  dev: boolean;
  metaPixel?: boolean;
}) {
  const pixelScript = metaPixel ? [META_PIXEL_SCRIPT_HOST] : [];
  const pixelConnect = metaPixel ? [META_PIXEL_EVENT_HOST] : [];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        "script-src": dev
          ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"]
          : [
              "'self'",
              // Paystack Inline, loaded on the checkout's payment step only (storefront issue).
              "https://js.paystack.co",
              ...pixelScript,
              (_req, res) =>
                `'nonce-${(res as unknown as { locals: { nonce: string } }).locals.nonce}'`,
            ],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "https:"],
        "connect-src": [
          "'self'",
          ...(dev ? ["ws:"] : []),
          "https://api.paystack.co",
          ...pixelConnect,
        ],
        "frame-src": [
          "https://www.google.com",
          "https://maps.google.com",
          "https://checkout.paystack.com",
        ],
        "frame-ancestors": ["'self'"],
        "upgrade-insecure-requests": production ? [] : null,
      },
    },
    strictTransportSecurity: production,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
}
