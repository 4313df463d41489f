/**
 * Rate limits on public writes (issue 14 "Rate limits", row 11): bookings, newsletter, checkout
 * start and reviews, per client address (`req.ip`, see TRUST_PROXY_HOPS), PUBLIC_WRITE_RATE_LIMIT
 * per minute; 429 with a clear message. And the store every express-rate-limit limiter of the app
 * uses (public writes, the advisor, invitations): on PostgreSQL the counters live in the
 * database (table rate_limits), so N instances allow what one does (issue 34 "every limit
 * shared"); on PGlite (one process) in memory.
 */

import { sql } from "drizzle-orm";
import type { RequestHandler } from "express";
import { type Options, rateLimit, type Store } from "express-rate-limit";
import type { Logger } from "pino";
import { type Db, isSharedDatabase } from "./db/client.ts";
import { rateLimits } from "./db/schema/access.ts";

/**
 * An express-rate-limit store over the `rate_limits` table: one atomic upsert per hit (a window
 * that has ended starts again at 1), so concurrent instances never lose a count.
 */
export class PostgresRateLimitStore implements Store {
  readonly #db: Db;
  readonly prefix: string;
  #windowMs = 60_000;
  /** Counts are shared between instances: express-rate-limit must not assume otherwise. */
  readonly localKeys = false;

  constructor(db: Db, prefix: string) {
    this.#db = db;
    this.prefix = prefix;
  }

  init(options: Options): void {
    this.#windowMs = options.windowMs;
  }

  async increment(key: string) {
    const now = new Date();
    const resetAt = new Date(now.getTime() + this.#windowMs);
    const ended = sql`${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz`;
    const [row] = await this.#db
      .insert(rateLimits)
      .values({ key: this.prefix + key, hits: 1, resetAt })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`CASE WHEN ${ended} THEN 1 ELSE ${rateLimits.hits} + 1 END`,
          resetAt: sql`CASE WHEN ${ended} THEN excluded.reset_at ELSE ${rateLimits.resetAt} END`,
        },
      })
      .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt });
    // Housekeeping, now and then: windows that ended long ago.
    if (Math.random() < 0.01) {
      await this.#db
        .delete(rateLimits)
        .where(
          sql`${rateLimits.resetAt} < ${new Date(now.getTime() - 3_600_000).toISOString()}::timestamptz`,
        );
    }
    return { totalHits: row?.hits ?? 1, resetTime: row?.resetAt ?? resetAt };
  }

  async decrement(key: string) {
    await this.#db
      .update(rateLimits)
      .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
      .where(sql`${rateLimits.key} = ${this.prefix + key}`);
  }

  async resetKey(key: string) {
    await this.#db.delete(rateLimits).where(sql`${rateLimits.key} = ${this.prefix + key}`);
  }
}

/**
 * The store for a limiter of the app keyed under `prefix` (e.g. 'advisor:'): the shared
 * PostgreSQL store when other instances may use `db` (isSharedDatabase), else undefined
 * (express-rate-limit's memory store, right for a single PGlite process).
 */
export function limiterStore(db: Db, prefix: string): Store | undefined {
  return isSharedDatabase(db) ? new PostgresRateLimitStore(db, prefix) : undefined;
}

/** The public write endpoints (method POST, path under /api) the limit applies to. */
export const PUBLIC_WRITE_PATHS = new Set([
  "/bookings",
  // Holding a time takes it from everyone else for minutes: limited like a request (issue 32).
  "/bookings/hold",
  "/newsletter",
  "/checkout/start",
  "/reviews",
  "/unsubscribe",
]);

export const PUBLIC_WRITE_LIMIT_MESSAGE =
  "Too many requests from your connection. Please wait a minute and try again.";

/**
 * The /api middleware limiting public writes per client address: `limit` per minute, shared in
 * PostgreSQL (limiterStore), else in memory. Signed-in staff are not limited (they add bookings
 * from the back office). A store error (the database not answering) lets the request through and
 * is logged on `options.logger`, not the console.
 */
export function publicWriteLimiter(
  db: Db,
  options: { limit: number; logger: Logger },
): RequestHandler {
  const limiter = rateLimit({
    windowMs: 60_000,
    limit: options.limit,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    store: limiterStore(db, "public-write:"),
    // A store that cannot answer must not take the site down: the request goes through.
    passOnStoreError: true,
    logger: options.logger,
    handler: (_req, res) => {
      res.status(429).json({ error: { message: PUBLIC_WRITE_LIMIT_MESSAGE } });
    },
  });
  return (req, res, next) => {
    if (req.method !== "POST" || !PUBLIC_WRITE_PATHS.has(req.path) || req.admin) return next();
    limiter(req, res, next);
  };
}
