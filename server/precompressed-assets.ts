/**
 * Serves the Brotli twins that scripts/compress-assets.ts writes next to the hashed client
 * assets (issue 15: the smallest first-load JavaScript and CSS): a GET for /assets/x.js from a
 * browser that accepts br gets x.js.br with `Content-Encoding: br`; anything else falls through
 * to express.static (and the compression middleware, which leaves an encoded response alone).
 * Mounted before the security headers, it sends the two that matter on a script or a style
 * (nosniff and the cross-origin resource policy) and none of a document's. No validators either:
 * the name carries the content hash and the response is immutable, so nothing revalidates it,
 * and ETag, Last-Modified and Accept-Ranges were ~100 bytes on each of a page's scripts, paid
 * by a phone on every first visit (Express's sendFile always adds the ETag, hence `res.end`).
 */
import { existsSync, readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { RequestHandler } from "express";

/**
 * Middleware for the assets directory `dir` (mounted at /assets); files are immutable, so each
 * twin is read once and kept in memory (~0.7 MB for the whole build).
 */
export function precompressedAssets(dir: string): RequestHandler {
  const twins = new Set(
    existsSync(dir)
      ? readdirSync(dir)
          .filter((name) => name.endsWith(".br"))
          .map((name) => name.slice(0, -3))
      : [],
  );
  const bodies = new Map<string, Promise<Buffer>>();
  const body = (name: string) => {
    let loaded = bodies.get(name);
    if (!loaded) {
      loaded = readFile(path.join(dir, `${name}.br`));
      loaded.catch(() => bodies.delete(name));
      bodies.set(name, loaded);
    }
    return loaded;
  };
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    if (!twins.has(name)) return next();
    res.vary("Accept-Encoding");
    if (req.acceptsEncodings("br") !== "br") return next();
    body(name).then((bytes) => {
      res.setHeader("X-Content-Type-Options", "nosniff");
      res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      res.setHeader("Content-Encoding", "br");
      res.type(path.extname(name));
      res.setHeader("Content-Length", bytes.length);
      res.end(req.method === "HEAD" ? undefined : bytes);
    }, next);
  };
}
