/**
 * Serves the Brotli twins that scripts/compress-assets.ts writes next to the hashed client
 * assets (issue 15: the smallest first-load JavaScript and CSS): a GET for /assets/x.js from a
 * browser that accepts br gets x.js.br with `Content-Encoding: br`; anything else falls through
 * to express.static (and the compression middleware, which leaves an encoded response alone).
 * Mounted before the security headers, it sends the two that matter on a script or a style
 * (nosniff and the cross-origin resource policy) and none of a document's.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

/** Middleware for the assets directory `dir` (mounted at /assets); files are immutable. */
export function precompressedAssets(dir: string): RequestHandler {
  const twins = new Set(
    existsSync(dir)
      ? readdirSync(dir)
          .filter((name) => name.endsWith(".br"))
          .map((name) => name.slice(0, -3))
      : [],
  );
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    if (!twins.has(name)) return next();
    res.vary("Accept-Encoding");
    if (req.acceptsEncodings("br") !== "br") return next();
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    res.setHeader("Content-Encoding", "br");
    res.type(path.extname(name));
    res.sendFile(path.join(dir, `${name}.br`), {
      immutable: true,
      maxAge: "1y",
      // The ETag of the encoded file, not the plain one: a cache must not mix the two.
      etag: true,
    });
  };
}
