/**
 * HTTP helpers shared by the API routers: input parsing with zod and the error shape of
 * ARCHITECTURE.md "API rules": `{"error": {"message": "...", "fields": {"field": "message"}}}`.
 */
import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from "express";
import type { z } from "zod";
import { parseDatabaseId } from "#common/ids.ts";
import type { Config } from "./config.ts";

export class HttpError extends Error {
  readonly status: number;
  readonly fields?: Record<string, string>;
  constructor(status: number, message: string, fields?: Record<string, string>) {
    super(message);
    this.status = status;
    this.fields = fields;
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

/** Maps errors to the API's JSON shape; unknown errors become a logged 500. */
export const apiErrorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (err instanceof HttpError) {
    res.status(err.status).json({ error: { message: err.message, fields: err.fields } });
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
  req.log?.error({ err }, "request failed");
  res.status(500).json({ error: { message: "Something went wrong. Please try again." } });
};

/** Whether `value` (a parsed query or JSON body) holds a NUL character anywhere. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 20 || value === null || typeof value !== "object") return false;
  return Object.entries(value).some(([k, v]) => k.includes("\u0000") || holdsNul(v, depth + 1));
}

/**
 * Refuses a request whose query or JSON body carries a NUL character, with a 400: PostgreSQL
 * text cannot store or compare one, so it would otherwise fail deep in a query as a 500.
 */
export const rejectNulCharacters: RequestHandler = (req, _res, next) => {
  const bad = holdsNul(req.query) || holdsNul(req.body) || req.path.includes("\u0000");
  next(bad ? new HttpError(400, "Text must not contain NUL characters") : undefined);
};

/**
 * The site's origin for links in emails, feeds and pages: PUBLIC_URL when configured, else this
 * request's protocol and host (development and tests).
 */
export function siteOrigin(config: Pick<Config, "PUBLIC_URL">, req: Request): string {
  return config.PUBLIC_URL ?? `${req.protocol}://${req.get("host")}`;
}
