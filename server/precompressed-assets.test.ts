/** The Brotli twins of the client assets (issue 15): who gets them and with which headers. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import express from "express";
import request from "supertest";
import { afterAll, describe, expect, it } from "vitest";
import { precompressedAssets } from "./precompressed-assets.ts";

const dir = mkdtempSync(path.join(tmpdir(), "clinic-assets-"));
mkdirSync(dir, { recursive: true });
const script = "console.log('hydrate');".repeat(50);
writeFileSync(path.join(dir, "entry-abc.js"), script);
writeFileSync(path.join(dir, "entry-abc.js.br"), brotliCompressSync(script));
writeFileSync(path.join(dir, "plain-def.js"), "plain");

const app = express();
app.use("/assets", precompressedAssets(dir));
app.use("/assets", express.static(dir));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("precompressedAssets", () => {
  it("sends the .br twin to a browser that accepts br, as JavaScript, immutable", async () => {
    const res = await request(app)
      .get("/assets/entry-abc.js")
      .set("Accept-Encoding", "gzip, deflate, br, zstd");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(res.headers["cache-control"]).toContain("immutable");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers.vary).toContain("Accept-Encoding");
    // A hashed immutable file is never revalidated: no validators to send on every script.
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers["last-modified"]).toBeUndefined();
    expect(res.headers["accept-ranges"]).toBeUndefined();
    // On the wire: the twin's bytes (the client decodes them back to the script).
    expect(Number(res.headers["content-length"])).toBe(brotliCompressSync(script).length);
    expect(res.text).toBe(script);
  });

  it("leaves a client without br, and a file without a twin, to the static files", async () => {
    const gzipOnly = await request(app).get("/assets/entry-abc.js").set("Accept-Encoding", "gzip");
    expect(gzipOnly.headers["content-encoding"]).toBeUndefined();
    expect(gzipOnly.text).toBe(script);
    const plain = await request(app).get("/assets/plain-def.js").set("Accept-Encoding", "br");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.text).toBe("plain");
  });
});
