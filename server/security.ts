/**
 * Security middleware (ARCHITECTURE.md "Security"): the Origin check on state-changing requests,
 * and the response headers with a per-response CSP nonce for inline scripts.
 */
import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";
import type { Config } from "./config.ts";
import { HttpError } from "./http.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing request whose Origin header names another site (a cross-site form or
 * fetch riding on the admin's cookie). Requests without Origin (server-to-server, curl) pass.
 * The site is PUBLIC_URL's origin when configured, else this request's Host header; a client-set
 * X-Forwarded-Host is never trusted (issue 14: it let any site pass the check).
 */
export function originCheck(config: Pick<Config, "PUBLIC_URL">): RequestHandler {
  const publicOrigin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : null;
  return (req, _res, next) => {
    const origin = req.get("origin");
    if (SAFE_METHODS.has(req.method) || !origin) return next();
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      return next(new HttpError(403, "Cross-site request refused"));
    }
    const same = publicOrigin ? parsed.origin === publicOrigin : parsed.host === req.get("host");
    next(same ? undefined : new HttpError(403, "Cross-site request refused"));
  };
}

/**
 * Permissions-Policy (issue 14): the site uses no camera, microphone, location, payment request,
 * USB or similar browser feature, so none may be used by it or anything it frames; only
 * Paystack's checkout frame keeps the Payment Request API (Apple Pay in its inline checkout).
 */
export const PERMISSIONS_POLICY = [
  "camera=()",
  "microphone=()",
  "geolocation=()",
  'payment=(self "https://checkout.paystack.com")',
  "usb=()",
  "serial=()",
  "bluetooth=()",
  "hid=()",
  "magnetometer=()",
  "gyroscope=()",
  "accelerometer=()",
  "browsing-topics=()",
].join(", ");

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
  const headers = helmet({
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
  return ((req, res, next) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    headers(req, res, next);
  }) as RequestHandler;
}
