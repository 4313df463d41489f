/**
 * The PostgreSQL connection pool, hardened for outages (issue 14 "PostgreSQL resilience"):
 * - every idle and checked-out connection has an `error` listener, so a dropped connection
 *   (server restart, pg_terminate_backend, network cut) is logged and replaced, never an
 *   uncaught exception that stops the process;
 * - connect, statement and idle-in-transaction timeouts, plus a client-side read timeout a little
 *   longer than the statement timeout for a server that accepts but never answers. The server
 *   timeouts are set with SET LOCAL in the round trip of every BEGIN, never as startup
 *   parameters or session SETs: PgBouncer in transaction mode refuses the first and would hand
 *   the second to whichever client gets that server connection next (issue 34; decision 0260).
 *   Statements outside a transaction get the client-side read timeout, and the role's
 *   statement_timeout when the operator sets one (docs/deployment.md);
 * - a checked-out connection that failed at connection level goes back with its error, so the
 *   pool discards it instead of lending a dead or stuck one to the next request;
 * - Drizzle (0.45) neither releases the connection when `BEGIN` fails nor passes the error on
 *   release: the first would leak one pool slot per failed transaction during an outage until
 *   every request waits for a slot that never comes back. The guard releases it itself.
 */
import pg from "pg";
import { isDatabaseUnavailable } from "./availability.ts";

export type PoolTimeouts = {
  /** Milliseconds to open a connection, or to wait for a free one in the pool. */
  connectMs: number;
  /**
   * Milliseconds a statement inside a transaction may run on the server before it is cancelled
   * (SET LOCAL statement_timeout); every statement's client-side read timeout is this plus
   * connectMs.
   */
  statementMs: number;
  /** Milliseconds a transaction may sit idle before the server ends it (SET LOCAL). */
  idleInTransactionMs: number;
};

export const DEFAULT_POOL_TIMEOUTS: PoolTimeouts = {
  connectMs: 5_000,
  statementMs: 20_000,
  idleInTransactionMs: 60_000,
};

const GUARDED = Symbol("guarded");
type GuardState = { broken?: Error; released: boolean };
type GuardedClient = pg.PoolClient & { [GUARDED]?: GuardState };

const BEGIN = /^\s*begin\b/i;

/**
 * The SET LOCAL statements every transaction starts with: the server timeouts, per transaction
 * so that they hold behind a transaction-mode pooler too (see the file comment).
 */
export function transactionSettings(timeouts: PoolTimeouts): string {
  const ms = (n: number) => String(Math.max(0, Math.trunc(n)));
  return (
    `SET LOCAL statement_timeout = ${ms(timeouts.statementMs)}; ` +
    `SET LOCAL idle_in_transaction_session_timeout = ${ms(timeouts.idleInTransactionMs)}`
  );
}

/**
 * `args` with a parameterless BEGIN followed by `settings` in the same simple-protocol query
 * (one round trip; PostgreSQL runs the statements in order and stops at the first error).
 */
function withSettings(args: unknown[], settings: string): unknown[] {
  const first = args[0];
  const hasValues = (v: unknown) => Array.isArray(v) && v.length > 0;
  if (typeof first === "string") {
    if (!BEGIN.test(first) || hasValues(args[1])) return args;
    return [`${first}; ${settings}`, ...args.slice(1)];
  }
  if (first && typeof first === "object") {
    const config = first as { text?: unknown; values?: unknown; name?: unknown };
    if (typeof config.text !== "string" || !BEGIN.test(config.text)) return args;
    if (config.name || hasValues(config.values) || hasValues(args[1])) return args;
    return [{ ...config, text: `${config.text}; ${settings}` }, ...args.slice(1)];
  }
  return args;
}

function queryText(args: unknown[]): string {
  const first = args[0];
  if (typeof first === "string") return first;
  if (first && typeof (first as { text?: unknown }).text === "string") {
    return (first as { text: string }).text;
  }
  return "";
}

/**
 * Wraps `query` once per connection and `release` at every checkout (pg-pool hands each checkout
 * a fresh `release`); `state` is reset at each checkout.
 */
function guard(
  client: GuardedClient,
  onError: (err: Error) => void,
  settings: string,
): GuardedClient {
  let state = client[GUARDED];
  if (!state) {
    const own: GuardState = { released: false };
    state = own;
    client[GUARDED] = own;
    client.on("error", onError);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...given: unknown[]) => {
      const args = withSettings(given, settings);
      const result = query(...args);
      if (result && typeof (result as Promise<unknown>).then === "function") {
        const text = queryText(args);
        (result as Promise<unknown>).catch((err: Error) => {
          if (isDatabaseUnavailable(err)) own.broken ??= err;
          // Drizzle will not release after a failed BEGIN (its `finally` is not reached).
          if (BEGIN.test(text)) client.release(err);
        });
      }
      return result;
    };
  }
  const checkout = state;
  checkout.broken = undefined;
  checkout.released = false;
  const release = client.release;
  client.release = (err?: Error | boolean) => {
    if (checkout.released) return;
    checkout.released = true;
    release.call(client, err || checkout.broken);
  };
  return client;
}

/**
 * A pg.Pool whose connections are guarded as above. Drizzle recognises it as a pool (it is one),
 * so transactions check out a connection of their own.
 */
export class GuardedPool extends pg.Pool {
  readonly #onError: (err: Error) => void;
  readonly #settings: string;

  /** `timeouts`: the server timeouts every transaction sets (see transactionSettings). */
  constructor(config: pg.PoolConfig, onError: (err: Error) => void, timeouts: PoolTimeouts) {
    super(config);
    this.#onError = onError;
    this.#settings = transactionSettings(timeouts);
    this.on("error", onError);
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads (promise and callback forms).
  override connect(callback?: any): any {
    if (typeof callback === "function") {
      return super.connect((err, client, done) => {
        callback(err, client ? guard(client, this.#onError, this.#settings) : client, done);
      });
    }
    return super.connect().then((client) => guard(client, this.#onError, this.#settings));
  }
}

/**
 * Pool settings for `url` with `timeouts` (see PoolTimeouts). No startup parameters beyond the
 * user and database: a transaction-mode pooler refuses them (the server timeouts are SET LOCAL).
 */
export function poolConfig(url: string, max: number, timeouts: PoolTimeouts): pg.PoolConfig {
  return {
    connectionString: url,
    max,
    connectionTimeoutMillis: timeouts.connectMs,
    // The server cancels a transaction's statement at statementMs; no answer well after that means the
    // connection (or a proxy on the way) is dead, so the read gives up too.
    query_timeout: timeouts.statementMs + timeouts.connectMs,
    // Notices a peer that vanished without a FIN (cable pulled, VM frozen).
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}
