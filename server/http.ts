/**
 * HTTP helpers shared by the API routers: input parsing with zod and the error shape of
 * ARCHITECTURE.md "API rules": `{"error": {"message": "...", "fields": {"field": "message"}}}`.
 */
import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from "express";
import type { z } from "zod";
import { parseDatabaseId } from "#common/ids.ts";
import { CONTROL_CHARACTER_MESSAGE, hasForbiddenControlCharacters } from "#common/text.ts";
import type { Config } from "./config.ts";
import { isDatabaseUnavailable } from "./db/availability.ts";

export class HttpError extends Error {
  readonly status: number;
  readonly fields?: Record<string, string>;
  /** More of the error body beside message and fields (e.g. a health check's `findings`). */
  readonly extra?: Record<string, unknown>;
  constructor(
    status: number,
    message: string,
    fields?: Record<string, string>,
    extra?: Record<string, unknown>,
  ) {
    super(message);
    this.status = status;
    this.fields = fields;
    this.extra = extra;
  }
}

/** A 400 whose `fields` carry one message per bad field (the first issue of each). */
export function validationError(error: z.ZodError, message?: string): HttpError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  return new HttpError(400, message ?? Object.values(fields)[0] ?? "Invalid request", fields);
}

/** Parses `value` with `schema`; throws a 400 HttpError listing the bad fields. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/**
 * The event of a signed webhook (Paystack, WhatsApp) whose raw body `express.raw()` kept: the
 * signature is checked on the raw bytes BEFORE anything is parsed, then the JSON with `schema`.
 * @param options.secret the provider's signing secret; undefined = not configured.
 * @param options.isValid checks the request's signature header against the raw body.
 * @throws HttpError 404 without a secret (the endpoint does not exist), 401 for a missing or
 *   wrong signature, 400 for a body that is not JSON or not an event.
 */
export function signedWebhookEvent<S extends z.ZodType>(
  req: Request,
  schema: S,
  options: {
    provider: string;
    secret: string | undefined;
    isValid: (raw: Buffer, secret: string) => boolean;
  },
): z.output<S> {
  const { provider, secret } = options;
  if (!secret) throw new HttpError(404, `${provider} is not configured`);
  const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  if (!options.isValid(raw, secret)) {
    req.log?.warn({ provider }, "webhook refused: bad signature");
    throw new HttpError(401, "Invalid signature");
  }
  let json: unknown;
  try {
    json = JSON.parse(raw.toString("utf8"));
  } catch {
    throw new HttpError(400, "Request body is not valid JSON");
  }
  return parse(schema, json);
}

/** Parses a positive integer path parameter; throws 404 for anything else (no such record). */
export function parseId(value: unknown, what = "Record"): number {
  const id = parseDatabaseId(value);
  if (id === null) throw new HttpError(404, `${what} not found`);
  return id;
}

/** Wraps an async handler so a rejected promise reaches the error middleware. */
export function handler(
  fn: (req: Request, res: Response, next: NextFunction) => Promise<unknown>,
): RequestHandler {
  return (req, res, next) => {
    fn(req, res, next).catch(next);
  };
}

export const DATABASE_UNAVAILABLE_MESSAGE =
  "The service is briefly unavailable. Please try again in a moment.";

/**
 * Maps errors to the API's JSON shape: a database that cannot be reached becomes a 503 with
 * Retry-After; unknown errors become a logged 500.
 */
export const apiErrorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (err instanceof HttpError) {
    res
      .status(err.status)
      .json({ error: { ...err.extra, message: err.message, fields: err.fields } });
    return;
  }
  // body-parser's errors (malformed JSON, too large) carry a status and `expose`.
  const status = typeof err?.status === "number" ? err.status : 500;
  if (status >= 400 && status < 500) {
    const message =
      err.type === "entity.parse.failed" ? "Request body is not valid JSON" : String(err.message);
    res.status(status).json({ error: { message } });
    return;
  }
  if (isDatabaseUnavailable(err)) {
    // An outage or overload, not a bug: fail fast and say when to come back (issue 14).
    req.log?.warn({ err }, "database unavailable");
    res.set("Retry-After", "5");
    res.status(503).json({ error: { message: DATABASE_UNAVAILABLE_MESSAGE } });
    return;
  }
  req.log?.error({ err }, "request failed");
  res.status(500).json({ error: { message: "Something went wrong. Please try again." } });
};

/**
 * The app's last error handler, for errors outside /api (the session lookup in front of every
 * page, feeds): a database outage is a 503 in the API's JSON shape; anything else goes on to
 * Express's default handler (500).
 */
export const databaseUnavailableHandler: ErrorRequestHandler = (err, req, res, next) => {
  if (!isDatabaseUnavailable(err) || res.headersSent) return next(err);
  req.log?.warn({ err }, "database unavailable");
  res.set("Retry-After", "5");
  res.status(503).json({ error: { message: DATABASE_UNAVAILABLE_MESSAGE } });
};

/**
 * Whether `value` (a parsed query or JSON body) holds a forbidden control character (common/text.ts)
 * in any string or key, at any depth (deeper than 20 levels counts as bad: no form nests so).
 */
function holdsControlCharacters(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return hasForbiddenControlCharacters(value);
  if (value === null || typeof value !== "object") return false;
  if (depth > 20) return true;
  return Object.entries(value).some(
    ([k, v]) => hasForbiddenControlCharacters(k) || holdsControlCharacters(v, depth + 1),
  );
}

/**
 * Refuses, with a 400, a request whose path, query or JSON body carries a control character
 * other than tab, line feed or carriage return (NUL above all: PostgreSQL text cannot store or
 * compare one, so it would otherwise fail deep in a query as a 500). One guard in front of every
 * /api route, so no field of any endpoint can forget it (issue 14 "Text hygiene").
 */
export const rejectControlCharacters: RequestHandler = (req, _res, next) => {
  const bad =
    holdsControlCharacters(req.query) ||
    holdsControlCharacters(req.body) ||
    hasForbiddenControlCharacters(safeDecode(req.path));
  next(bad ? new HttpError(400, CONTROL_CHARACTER_MESSAGE) : undefined);
};

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** A loopback host name: localhost, 127.x.x.x or ::1. */
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1)$/i;

/**
 * The site's origin for links in emails, WhatsApp messages, feeds and pages: PUBLIC_URL when
 * configured (required in production, server/config.ts). Without it (development and tests) the
 * request's host only when it is a loopback address, else http://localhost:PORT: a forged Host
 * header ('evil.example') never ends up in a link (issue 34).
 */
export function siteOrigin(config: Pick<Config, "PUBLIC_URL" | "PORT">, req: Request): string {
  if (config.PUBLIC_URL) return configuredOrigin(config);
  const host = req.get("host") ?? "";
  const hostname = host.replace(/:\d+$/, "").replace(/^\[|\]$/g, "");
  return LOOPBACK.test(hostname) ? `${req.protocol}://${host}` : `http://localhost:${config.PORT}`;
}

/**
 * The site's origin without a request (scheduled jobs' links): PUBLIC_URL without its trailing
 * slash, or `http://localhost:PORT` in development.
 */
export function configuredOrigin(config: Pick<Config, "PUBLIC_URL" | "PORT">): string {
  return config.PUBLIC_URL
    ? config.PUBLIC_URL.replace(/\/$/, "")
    : `http://localhost:${config.PORT}`;
}
