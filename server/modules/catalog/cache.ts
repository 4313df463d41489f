/**
 * In-process cache of the catalogue's public reads and pages (issue 15 "Rendering": catalogue
 * pages and APIs cached in the process and invalidated by every catalogue write).
 *
 * Everything is tied to a generation. A real write (a state-changing request answered with
 * anything but a refusal that writes nothing, see `WRITES_NOTHING`; or a job that changed stock)
 * starts a new one before its response is written (`invalidateOnWrite`), so a client that saw
 * its write answered never reads the old catalogue from this process. A POST to a missing URL, a
 * 400, 401 or 429 leaves the cache alone (issue 34: any anonymous POST used to empty it).
 *
 * Several instances (issue 34): on PostgreSQL a real write also takes the next value of the
 * `cache_version` sequence, and every instance reads that sequence before serving from its cache
 * when its last look is older than `CACHE_VERSION_POLL_MS`; when it moved, the instance starts a
 * new generation. So another instance's write is seen within that interval plus one query (well
 * under 1 s), through a pooler in transaction mode too (one plain statement, no LISTEN).
 * docs/decisions/0287-cache-invalidation-across-instances-by-a-polled-sequence.md.
 *
 * Entries also expire by time: no later than the earliest `reserved_until` of a live
 * reservation (server/db/stock.ts: the stock shown rises by itself when a reservation's time
 * passes, with no write), and at most `maxAgeMs` after they were read, which bounds how long a
 * write that took no version (a script, a manual SQL edit) stays unseen.
 * docs/decisions/0126-catalogue-cache-and-cacheable-public-pages.md.
 */
import { sql } from "drizzle-orm";
import type { RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import { type Db, isSharedDatabase } from "#server/db/client.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Default bound (ms) on an entry's age: how long a write that took no version may stay unseen. */
export const CATALOGUE_MAX_AGE_MS = 10_000;

/**
 * How old (ms) an instance's last look at `cache_version` may be before it serves from its cache:
 * the bound on how long another instance's write stays unseen (plus one query's time).
 */
export const CACHE_VERSION_POLL_MS = 250;

/**
 * Answers that refuse a request before it writes anything (bad input, no session, no right, no
 * such route or record, a method or body the route does not take, a rate limit): they leave the
 * cache as it is. Every other answer to a state-changing request counts as a write, the
 * conflicts and 402s included (POST /api/checkout may store a reservation and then answer 402).
 */
const WRITES_NOTHING = new Set([400, 401, 403, 404, 405, 413, 415, 429]);

/** Whether a state-changing request answered `status` may have written (see WRITES_NOTHING). */
export function isRealWrite(method: string, status: number): boolean {
  return !SAFE_METHODS.has(method) && !WRITES_NOTHING.has(status);
}

type Entry = { generation: number; expires: number; value: Promise<unknown> };

export class CatalogueCache {
  readonly #db: Db;
  readonly #maxAgeMs: number;
  // lru-cache keeps the least-recently-used order and the bound (issue 34: no hand-written LRU);
  // validity (generation, expiry) stays ours: an entry's expiry is known only once it is read.
  readonly #entries: LRUCache<string, Entry>;
  #generation = 0;
  #horizon: { generation: number; until: number; read: Promise<number> } | null = null;
  /** Whether other processes may write (PostgreSQL): then the shared version is read and taken. */
  readonly #shared: boolean;
  readonly #pollMs: number;
  /** The `cache_version` last seen ('last_value:is_called'), null before the first look. */
  #seenVersion: string | null = null;
  /** When the last finished look at the version was sent (epoch ms). */
  #checkedAt = Number.NEGATIVE_INFINITY;
  #checking: Promise<void> | null = null;

  /**
   * @param db the database whose catalogue is cached
   * @param maxAgeMs the longest an entry is served (ms)
   * @param maxEntries keys kept (least recently used evicted first; pages are keyed by URL)
   * @param options.shared whether other processes share the database (default: it is
   *   PostgreSQL; PGlite is one process's own); options.pollMs see CACHE_VERSION_POLL_MS
   */
  constructor(
    db: Db,
    maxAgeMs = CATALOGUE_MAX_AGE_MS,
    maxEntries = 500,
    options: { shared?: boolean; pollMs?: number } = {},
  ) {
    this.#db = db;
    this.#maxAgeMs = maxAgeMs;
    this.#entries = new LRUCache({ max: maxEntries });
    this.#shared = options.shared ?? isSharedDatabase(db);
    this.#pollMs = options.pollMs ?? CACHE_VERSION_POLL_MS;
  }

  /** Forgets every entry in this process: the next read of anything goes to the database. */
  invalidate(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#horizon = null;
  }

  /**
   * A real write happened in this process: forgets every entry here and, on a shared database,
   * takes the next `cache_version` so the other instances forget theirs. Resolves once the
   * version is taken; never rejects (a database that cannot answer leaves the others to their
   * `maxAgeMs` bound).
   */
  async changed(): Promise<void> {
    this.invalidate();
    if (!this.#shared) return;
    try {
      await this.#db.execute(sql`select nextval('cache_version')`);
    } catch {
      // Not fatal: the write itself is done; other instances see it within maxAgeMs.
    }
  }

  /**
   * `produce()`'s value for `key`, from the cache while it is valid (same generation, not
   * expired, and on a shared database no newer `cache_version` than the one seen at most
   * `pollMs` ago). Concurrent misses share one production; a failed one is not kept.
   * Rejects with `produce`'s error.
   */
  get<T>(key: string, produce: () => Promise<T>): Promise<T> {
    const sync = this.#syncVersion();
    return sync ? sync.then(() => this.#lookup(key, produce)) : this.#lookup(key, produce);
  }

  /**
   * Null when this process's view is recent enough (or not shared); else the look at
   * `cache_version` in progress (one at a time), which starts a new generation when it moved.
   */
  #syncVersion(): Promise<void> | null {
    if (!this.#shared) return null;
    const sentAt = Date.now();
    if (sentAt - this.#checkedAt < this.#pollMs) return null;
    if (this.#checking) return this.#checking;
    const check = readCacheVersion(this.#db)
      .then((version) => {
        if (version !== this.#seenVersion) {
          this.#seenVersion = version;
          this.invalidate();
        }
      })
      // The database cannot answer: serve what is cached (bounded by maxAgeMs) and look again
      // after pollMs; a read of the catalogue itself reports the outage.
      .catch(() => {})
      .finally(() => {
        this.#checkedAt = sentAt;
        if (this.#checking === check) this.#checking = null;
      });
    this.#checking = check;
    return check;
  }

  #lookup<T>(key: string, produce: () => Promise<T>): Promise<T> {
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

/** `cache_version` as 'last_value:is_called' (a sequence read: no lock, no transaction state). */
async function readCacheVersion(db: Db): Promise<string> {
  const result = await db.execute(
    sql`select last_value::text || ':' || is_called::text as version from cache_version`,
  );
  const { rows } = result as unknown as { rows: Array<{ version: string }> };
  return rows[0]?.version ?? "";
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
 * Middleware: a state-changing request that really wrote (`isRealWrite` of its answer's status)
 * empties `db`'s catalogue cache when its response headers are written (before the client can
 * see the answer; the handler has committed by then) and takes a new shared version there, so
 * the other instances follow; and empties this process's cache again when it ends, so no read
 * that overlapped the write is kept. Refusals (400, 401, 404, 429, …) change nothing.
 */
export function invalidateOnWrite(db: Db): RequestHandler {
  const cache = catalogueCache(db);
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    let announced = false;
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: unknown[]) {
      const status = typeof args[0] === "number" ? args[0] : res.statusCode;
      if (isRealWrite(req.method, status)) {
        announced = true;
        void cache.changed();
      }
      return (writeHead as (...a: unknown[]) => typeof res).apply(this, args);
    } as typeof res.writeHead;
    res.once("close", () => {
      if (!isRealWrite(req.method, res.statusCode)) return;
      // Headers never written (the client left first): the write may still have happened.
      if (announced) cache.invalidate();
      else void cache.changed();
    });
    next();
  };
}
