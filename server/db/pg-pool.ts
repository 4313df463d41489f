/**
 * The PostgreSQL connection pool, hardened for outages (issue 14 "PostgreSQL resilience"):
 * - every idle and checked-out connection has an `error` listener, so a dropped connection
 *   (server restart, pg_terminate_backend, network cut) is logged and replaced, never an
 *   uncaught exception that stops the process;
 * - connect, statement and idle-in-transaction timeouts, plus a client-side read timeout a little
 *   longer than the statement timeout for a server that accepts but never answers;
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
  /** Milliseconds a statement may run on the server before it is cancelled (statement_timeout). */
  statementMs: number;
  /** Milliseconds a transaction may sit idle before the server ends its session. */
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
function guard(client: GuardedClient, onError: (err: Error) => void): GuardedClient {
  let state = client[GUARDED];
  if (!state) {
    const own: GuardState = { released: false };
    state = own;
    client[GUARDED] = own;
    client.on("error", onError);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
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

  constructor(config: pg.PoolConfig, onError: (err: Error) => void) {
    super(config);
    this.#onError = onError;
    this.on("error", onError);
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads (promise and callback forms).
  override connect(callback?: any): any {
    if (typeof callback === "function") {
      return super.connect((err, client, done) => {
        callback(err, client ? guard(client, this.#onError) : client, done);
      });
    }
    return super.connect().then((client) => guard(client, this.#onError));
  }
}

/** Pool settings for `url` with `timeouts` (see PoolTimeouts). */
export function poolConfig(url: string, max: number, timeouts: PoolTimeouts): pg.PoolConfig {
  return {
    connectionString: url,
    max,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    // The server cancels a statement at statementMs; no answer well after that means the
    // connection (or a proxy on the way) is dead, so the read gives up too.
    query_timeout: timeouts.statementMs + timeouts.connectMs,
    // Notices a peer that vanished without a FIN (cable pulled, VM frozen).
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}
