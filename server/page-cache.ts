/**
 * Cached public pages (issue 15 "Rendering"): the storefront pages whose HTML is the same for
 * every visitor (/, /services, /shop, /product/:id, /contact and the policy pages, and their
 * React Router `.data` twins) are rendered once per catalogue generation (server/modules/catalog/
 * cache.ts: every write and every reservation's end starts a new one) and served from memory with
 * ETag, Last-Modified, 304s and a Cache-Control a CDN may follow (s-maxage, stale-while-revalidate).
 *
 * A cached page carries no per-request CSP nonce: it is rendered without one, and its response's
 * Content-Security-Policy allows its inline scripts by their SHA-256 hashes instead, so the same
 * bytes are valid for every visitor and for a CDN. Visitors signed in to the back office, other
 * methods and every other path (cart, checkout, wishlist, admin, review links) go to the normal
 * per-request render. docs/decisions/0126-catalogue-cache-and-cacheable-public-pages.md.
 */
import { createHash, randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { gzip as gzipCallback } from "node:zlib";
import type { Request, RequestHandler, Response } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import type { Db } from "./db/client.ts";
import { catalogueCache } from "./modules/catalog/cache.ts";

const gzip = promisify(gzipCallback);

/** Cache-Control of a cached page: browsers revalidate; a CDN may serve it 60 s, stale 5 min more. */
export const PUBLIC_PAGE_CACHE_CONTROL =
  "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

/** The pages that are the same for everyone (storefront spec §2), with or without `.data`. */
const CACHEABLE =
  /^\/(?:_root|services|shop|product\/\d{1,12}|contact|about|privacy|privacy-policy|terms|terms-of-service|cookie-policy)?(?:\.data)?$/;

type CachedPage = {
  status: number;
  headers: [string, string][];
  body: Buffer;
  gzip: Buffer;
  etag: string;
  lastModified: string;
  /** CSP sources allowing this page's inline scripts, e.g. 'sha256-…'. */
  scriptHashes: string[];
  /** False when the answer must not be shared (a cookie set, an error): served uncached. */
  shareable: boolean;
};

/** Whether `path` is one of the cached public pages. */
export function isCacheablePage(path: string): boolean {
  return path !== "/_root" && CACHEABLE.test(path);
}

/** The 'sha256-…' CSP sources of every inline `<script>` (one without src) in `html`. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = "", content = ""] = match;
    if (/\bsrc\s*=/i.test(attributes) || content === "") continue;
    hashes.add(`'sha256-${createHash("sha256").update(content).digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * Middleware serving the cached public pages of `build`. `loadContext(origin)` gives the load
 * context of an anonymous visitor without a nonce; `origin(req)` the site origin of a request.
 */
export function publicPageCache({
  db,
  build,
  mode,
  origin,
  loadContext,
}: {
  db: Db;
  build: ServerBuild;
  mode: string;
  origin: (req: Request) => string;
  loadContext: (origin: string) => RouterContextProvider;
}): RequestHandler {
  const cache = catalogueCache(db);
  const render = createRequestHandler(build, mode);
  // Keys of this build only: in development a code change makes a new app (and build), whose
  // pages must not be answered from the previous one's entries.
  const buildKey = randomBytes(4).toString("hex");

  async function produce(url: string, siteOrigin: string): Promise<CachedPage> {
    // Only what every visitor shares goes in: no cookie, no user agent, no language.
    const response = await render(new Request(url), loadContext(siteOrigin));
    const body = Buffer.from(await response.arrayBuffer());
    const headers = [...response.headers.entries()].filter(
      ([name]) => !["content-length", "content-encoding", "set-cookie"].includes(name),
    );
    const html = (response.headers.get("content-type") ?? "").startsWith("text/html");
    return {
      status: response.status,
      headers,
      body,
      gzip: await gzip(body),
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      lastModified: new Date().toUTCString(),
      scriptHashes: html ? inlineScriptHashes(body.toString("utf8")) : [],
      shareable: response.status === 200 && !response.headers.has("set-cookie"),
    };
  }

  return async (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.admin) return next();
    if (!isCacheablePage(req.path)) return next();
    try {
      const siteOrigin = origin(req);
      const url = new URL(req.originalUrl, siteOrigin).href;
      const page = await cache.get(`page:${buildKey}:${url}`, () => produce(url, siteOrigin));
      if (!page.shareable) return next();
      send(req, res, page);
    } catch (err) {
      next(err);
    }
  };
}

function send(req: Request, res: Response, page: CachedPage): void {
  res.status(page.status);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  const csp = res.getHeader("Content-Security-Policy");
  if (typeof csp === "string") {
    const sources = page.scriptHashes.join(" ");
    res.setHeader("Content-Security-Policy", csp.replace(/'nonce-[^']*'/g, sources));
  }
  res.setHeader("ETag", page.etag);
  res.setHeader("Last-Modified", page.lastModified);
  res.setHeader("Cache-Control", PUBLIC_PAGE_CACHE_CONTROL);
  res.vary("Accept-Encoding");
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  if (req.acceptsEncodings("gzip") === "gzip") {
    res.setHeader("Content-Encoding", "gzip");
    res.end(req.method === "HEAD" ? undefined : page.gzip);
    return;
  }
  res.end(req.method === "HEAD" ? undefined : page.body);
}
