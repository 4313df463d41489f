/**
 * In-process cache of the catalogue's public reads and pages (issue 15 "Rendering": catalogue
 * pages and APIs cached in the process and invalidated by every catalogue write).
 *
 * Everything is tied to a generation: any state-changing request (POST/PUT/PATCH/DELETE anywhere
 * in the app: admin edits, stock changes, checkout start and completion, the Paystack webhook, POS
 * sales, reviews) starts a new one before its response is written (`invalidateOnWrite`), so a
 * client that saw its write answered never reads the old catalogue. Entries also expire by time:
 * no later than the earliest `reserved_until` of a live reservation (server/db/stock.ts: the stock
 * shown rises by itself when a reservation's time passes, with no write), and at most
 * `maxAgeMs` after they were read, which bounds how long a write by another process (a second
 * server on the same PostgreSQL database, a script) stays unseen.
 * docs/decisions/0126-catalogue-cache-and-cacheable-public-pages.md.
 */
import { sql } from "drizzle-orm";
import type { RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import type { Db } from "#server/db/client.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Default bound (ms) on an entry's age: how long another process's write may stay unseen. */
export const CATALOGUE_MAX_AGE_MS = 10_000;

type Entry = { generation: number; expires: number; value: Promise<unknown> };

export class CatalogueCache {
  readonly #db: Db;
  readonly #maxAgeMs: number;
  // lru-cache keeps the least-recently-used order and the bound (issue 34: no hand-written LRU);
  // validity (generation, expiry) stays ours: an entry's expiry is known only once it is read.
  readonly #entries: LRUCache<string, Entry>;
  #generation = 0;
  #horizon: { generation: number; until: number; read: Promise<number> } | null = null;

  /**
   * @param db the database whose catalogue is cached
   * @param maxAgeMs the longest an entry is served (ms)
   * @param maxEntries keys kept (least recently used evicted first; pages are keyed by URL)
   */
  constructor(db: Db, maxAgeMs = CATALOGUE_MAX_AGE_MS, maxEntries = 500) {
    this.#db = db;
    this.#maxAgeMs = maxAgeMs;
    this.#entries = new LRUCache({ max: maxEntries });
  }

  /** Forgets every entry: the next read of anything goes to the database. */
  invalidate(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#horizon = null;
  }

  /**
   * `produce()`'s value for `key`, from the cache while it is valid (same generation, not
   * expired). Concurrent misses share one production; a failed one is not kept.
   * Rejects with `produce`'s error.
   */
  get<T>(key: string, produce: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.#entries.get(key);
    if (hit && hit.generation === this.#generation && now < hit.expires) {
      return hit.value as Promise<T>;
    }
    const generation = this.#generation;
    const entry: Entry = { generation, expires: now + this.#maxAgeMs, value: Promise.resolve() };
    // The horizon is read before the catalogue, so a reservation made in between is a write
    // (a new generation), never a missed expiry.
    entry.value = this.#until(now).then((until) => {
      entry.expires = Math.min(entry.expires, until);
      return produce();
    });
    this.#entries.set(key, entry);
    entry.value.catch(() => {
      if (this.#entries.peek(key) === entry) this.#entries.delete(key);
    });
    return entry.value as Promise<T>;
  }

  /** When the first live reservation ends (epoch ms), or +Infinity; read once per generation. */
  #until(now: number): Promise<number> {
    const known = this.#horizon;
    if (known && known.generation === this.#generation && now < known.until) return known.read;
    const generation = this.#generation;
    const slot = { generation, until: Number.POSITIVE_INFINITY, read: Promise.resolve(0) };
    slot.read = earliestReservationEnd(this.#db, new Date(now)).then((until) => {
      slot.until = until;
      return until;
    });
    slot.read.catch(() => {
      if (this.#horizon === slot) this.#horizon = null;
    });
    this.#horizon = slot;
    return slot.read;
  }
}

/** The earliest `reserved_until` (epoch ms) of a pending order after `now`, or +Infinity. */
async function earliestReservationEnd(db: Db, now: Date): Promise<number> {
  const result = await db.execute<{ until: string | Date | null }>(
    sql`select min(reserved_until) as until from orders where status = 'pending' and reserved_until > ${now.toISOString()}::timestamptz`,
  );
  const { rows } = result as unknown as { rows: Array<{ until: string | Date | null }> };
  const until = rows[0]?.until;
  return until ? new Date(until).getTime() : Number.POSITIVE_INFINITY;
}

const caches = new WeakMap<Db, CatalogueCache>();

/** The one cache of `db`'s catalogue in this process (API, page loaders and pages share it). */
export function catalogueCache(db: Db): CatalogueCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new CatalogueCache(db);
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Middleware: every state-changing request invalidates `db`'s catalogue cache when it starts,
 * when its response headers are written (before the client can see the answer) and when it
 * ends, so no read that overlapped the write is kept.
 */
export function invalidateOnWrite(db: Db): RequestHandler {
  const cache = catalogueCache(db);
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    cache.invalidate();
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: unknown[]) {
      cache.invalidate();
      return (writeHead as (...a: unknown[]) => typeof res).apply(this, args);
    } as typeof res.writeHead;
    res.once("close", () => cache.invalidate());
    next();
  };
}
