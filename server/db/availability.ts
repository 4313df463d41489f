/**
 * Telling "the database is out of reach" apart from "this query is wrong" (issue 14 "PostgreSQL
 * resilience"): the first is answered 503 and retried by the pool, the second is a bug or bad
 * input. Works on node-postgres, pg-pool and PGlite errors, also when Drizzle wraps them (the
 * original is its `cause`).
 */

/** Socket-level failures: the server is down, restarting, unreachable or not answering. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs that mean the connection or server, not the statement: class 08 (connection
 * exception), 57P01-57P05 (admin/crash shutdown, cannot connect now, idle session timeout),
 * 57014 (statement timeout: the database is too busy to answer in time), 53300 (too many
 * connections), 25P03 (idle-in-transaction timeout).
 */
function isUnavailableSqlState(code: string): boolean {
  return (
    code.startsWith("08") ||
    /^57P0[1-5]$/.test(code) ||
    code === "57014" ||
    code === "53300" ||
    code === "25P03"
  );
}

/** node-postgres and pg-pool report these without a code. */
const MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /query read timeout/i,
  /not queryable/i,
  /connection (?:is )?(?:closed|ended)/i,
  /cannot use a pool after calling end/i,
  /client was closed and is not queryable/i,
];

/** Whether `err` (at any depth of `cause`) says the database could not be reached in time. */
export function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; current && depth < 6; depth++) {
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) {
      return true;
    }
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string") {
      if (NETWORK_CODES.has(code)) return true;
      if (/^[0-9A-Z]{5}$/.test(code) && isUnavailableSqlState(code)) return true;
    }
    if (typeof message === "string" && MESSAGES.some((re) => re.test(message))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Start-up could not reach the database within DB_STARTUP_TIMEOUT_MS, or it refused us for a
 * reason retrying will not fix (wrong password, no such database). The message is for the
 * operator and names the server, never the password.
 */
export class DatabaseStartupError extends Error {}
