/**
 * Fingerprint-validated JSON responses (issue 10: the calendar week with 2,000 appointments in
 * p99 <= 50 ms; ARCHITECTURE.md "Performance budgets"). A reader first asks the database for a
 * cheap fingerprint of every row the answer depends on (MVCC row versions, see the callers); while
 * it matches the cached entry, the stored value, its JSON and its gzip are reused and a client
 * holding the ETag gets a 304. In-process and bounded; nothing is ever served that the current
 * fingerprint does not vouch for, so several server instances need no shared invalidation.
 * docs/decisions/0071-calendar-week-fingerprinted-response-cache.md.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gzip as gzipCallback } from "node:zlib";
import type { Request, Response } from "express";
import { LRUCache } from "lru-cache";

const gzip = promisify(gzipCallback);

/** One cached answer: the value (for page loaders), its JSON and gzip bytes, and a strong ETag. */
export type CachedJson<T> = { value: T; etag: string; json: Buffer; gzip: Buffer };

/**
 * A bounded map from a request key (the resolved query) to its newest answer and the fingerprint
 * it was produced under. Concurrent misses of one key share one production.
 */
export class FingerprintCache<T> {
  // lru-cache keeps the least-recently-used order and the bound (issue 34: no hand-written LRU).
  readonly #entries: LRUCache<string, { fingerprint: string; entry: Promise<CachedJson<T>> }>;

  readonly maxEntries: number;

  /** @param maxEntries how many keys to keep (oldest use evicted first). */
  constructor(maxEntries = 16) {
    this.maxEntries = maxEntries;
    this.#entries = new LRUCache({ max: maxEntries });
  }

  /**
   * The answer for `key` under `fingerprint`: the cached one when the fingerprint matches,
   * otherwise `produce()`'s, encoded once (JSON + gzip off the main thread). A failed production
   * is not kept. Rejects with `produce`'s error.
   */
  get(key: string, fingerprint: string, produce: () => Promise<T>): Promise<CachedJson<T>> {
    const hit = this.#entries.get(key);
    if (hit && hit.fingerprint === fingerprint) return hit.entry;
    const entry = produce().then(encode);
    const slot = { fingerprint, entry };
    this.#entries.set(key, slot);
    entry.catch(() => {
      if (this.#entries.peek(key) === slot) this.#entries.delete(key);
    });
    return entry;
  }
}

/** Encodes `value` once: its JSON, gzip and a strong ETag (a SHA-1 of the JSON). */
export async function encode<T>(value: T): Promise<CachedJson<T>> {
  const json = Buffer.from(JSON.stringify(value));
  const etag = `"${createHash("sha1").update(json).digest("base64url")}"`;
  return { value, etag, json, gzip: await gzip(json) };
}

/**
 * Sends a cached answer: 304 when the request's If-None-Match holds its ETag, otherwise the JSON,
 * pre-compressed when the client accepts gzip (the compression middleware leaves a response that
 * already has a Content-Encoding alone). `Cache-Control: private, no-cache` makes browsers
 * revalidate every time, so a change is never hidden; `scope: "public"` lets a CDN keep it too
 * (the catalogue), and `lastModified` adds that validator.
 */
export function sendCachedJson<T>(
  req: Request,
  res: Response,
  cached: CachedJson<T>,
  options: { scope?: "private" | "public"; lastModified?: Date } = {},
): void {
  res.setHeader("ETag", cached.etag);
  if (options.lastModified) res.setHeader("Last-Modified", options.lastModified.toUTCString());
  res.setHeader("Cache-Control", `${options.scope ?? "private"}, no-cache`);
  res.vary("Accept-Encoding");
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.type("application/json");
  if (req.acceptsEncodings("gzip") === "gzip") {
    res.setHeader("Content-Encoding", "gzip");
    res.send(cached.gzip);
    return;
  }
  res.send(cached.json);
}
