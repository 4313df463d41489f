/**
 * Logs without personal data (issue 14 "Logs without personal data"; ARCHITECTURE.md
 * "Security"). Three leaks are closed here, for every log line the app writes:
 * - Errors: a failed query's SQL parameters (drizzle puts them in `message`, `params` and the
 *   stack) and PostgreSQL's `detail` ('Key (email)=(ada@…) already exists') never reach the log;
 *   an error keeps its type, SQL state, constraint, the parameterised SQL text and its stack
 *   frames. Quoted values in a database message ('invalid input syntax … "abc"') are masked.
 * - URLs: query values (review signatures, admin search terms, e-mails) are replaced with '~'
 *   (the names stay), and path segments that are tokens or e-mail addresses are masked.
 * - Request bodies and headers are never serialized (cookies carry session tokens).
 * Pino `redact` also drops well-known fields (`password`, `token`, `params`, `body`, …) wherever
 * a caller passes them by mistake.
 */
import { type Logger, type LoggerOptions, pino } from "pino";

/** Field paths pino removes from every line (one level deep and under `err`). */
export const REDACTED_PATHS = [
  "password",
  "token",
  "params",
  "body",
  "query",
  "userQuery",
  "req.body",
  "req.headers",
  "req.query",
  "err.params",
  "err.detail",
  "*.password",
  "*.token",
  "*.params",
  "*.body",
  "*.userQuery",
];

type ErrorLike = Error & Record<string, unknown>;

/** The message of `err` without data: drizzle's 'params:' line cut, quoted values masked. */
function safeMessage(err: ErrorLike): string {
  let message = String(err.message ?? "");
  const params = message.indexOf("\nparams:");
  if (params >= 0) message = message.slice(0, params);
  // A PostgreSQL message quotes the offending value ('… for type integer: "abc"').
  if (typeof err.code === "string" || /^Failed query/.test(message)) {
    message = message.replace(/: "[^"]*"/g, ': "~"');
  }
  return message;
}

/** The stack's frames only: its first lines repeat the message (with the parameters). */
function safeStack(err: ErrorLike): string | undefined {
  if (typeof err.stack !== "string") return undefined;
  const frames = err.stack.split("\n").filter((line) => /^\s+at /.test(line));
  return [`${err.name}: ${safeMessage(err)}`, ...frames].join("\n");
}

/**
 * Pino's `err` serializer without personal data: type, safe message and stack, SQL state
 * (`code`), `constraint`, `table`, `column`, `status`, and the same for its `cause` chain.
 */
export function safeErrorSerializer(value: unknown, depth = 0): unknown {
  // pino-http hands over pino's own serialization; its `raw` is the error itself.
  const raw = (value as { raw?: unknown } | null)?.raw;
  if (!(value instanceof Error) && raw instanceof Error) return safeErrorSerializer(raw, depth);
  if (!(value instanceof Error)) {
    return typeof value === "string" ? value : { type: typeof value };
  }
  const err = value as ErrorLike;
  const out: Record<string, unknown> = {
    type: err.constructor?.name ?? "Error",
    message: safeMessage(err),
    stack: safeStack(err),
  };
  for (const key of ["code", "constraint", "table", "column", "status", "routine"]) {
    const v = err[key];
    if (typeof v === "string" || typeof v === "number") out[key] = v;
  }
  if (typeof err.query === "string") out.sql = err.query;
  if (err.cause && depth < 3) out.cause = safeErrorSerializer(err.cause, depth + 1);
  return out;
}

// Dots too: the forms' and aftercare's signed tokens are '{id}.{expiry}.{signature}' (issue 31).
const TOKEN_SEGMENT = /^[A-Za-z0-9_.-]{20,}$/;

/**
 * `url` (path and query) for a log line: each query value replaced with '~', path segments that
 * are tokens (20+ URL-safe characters or dots: invitations, calendar feeds, form and aftercare
 * links) or hold an '@' (e-mail
 * addresses: /api/customer-notes/{email}) replaced with ':token' / ':email'.
 */
export function safeUrl(url: string | undefined): string {
  if (!url) return "";
  const q = url.indexOf("?");
  const pathPart = q >= 0 ? url.slice(0, q) : url;
  const path = pathPart
    .split("/")
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {}
      if (decoded.includes("@")) return ":email";
      return TOKEN_SEGMENT.test(decoded) ? ":token" : segment;
    })
    .join("/");
  if (q < 0) return path;
  const names = url
    .slice(q + 1)
    .split("&")
    .filter(Boolean)
    .map((pair) => `${pair.split("=")[0]}=~`);
  return `${path}?${names.join("&")}`;
}

/** The options every logger of the app uses: redaction and the safe `err` serializer. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    base: { service: "clinic" },
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    serializers: { err: safeErrorSerializer, error: safeErrorSerializer },
  };
}

/** The process logger (server/main.ts, scripts): pino with loggerOptions, to stdout. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));
}

/**
 * A child of `logger` (however it was made, e.g. a test's) that serializes errors safely and
 * redacts the same fields: createApp logs through it so no caller can bypass the rules.
 */
export function safeChild(logger: Logger): Logger {
  return logger.child(
    {},
    {
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
      serializers: { err: safeErrorSerializer, error: safeErrorSerializer },
    },
  );
}
