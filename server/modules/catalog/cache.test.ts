/**
 * The catalogue cache as an API client sees it (issue 15): validators and 304s, a checkout's
 * reservation shown at once, a reservation's end by time shown without any write, and the
 * public pages' cache rules (which paths, the CSP hashes of inline scripts).
 */
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "#server/db/schema/orders.ts";
import { inlineScriptHashes, isCacheablePage } from "#server/page-cache.ts";
import { insertProduct } from "#server/testing/builders.ts";
import { orderPayload } from "#server/testing/orders.ts";
import { createTestApp, dbKinds } from "#server/testing/test-app.ts";
import { catalogueCache } from "./cache.ts";

describe.each(dbKinds)("catalogue cache on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers GET /api/products with ETag and Last-Modified, and 304 to either validator", async () => {
    await insertProduct(t.db, { name: "Validator Serum", stock: 4 });
    const first = await request(t.app).get("/api/products").expect(200);
    expect(first.headers.etag).toMatch(/^"/);
    expect(first.headers["last-modified"]).toBeTruthy();
    await request(t.app)
      .get("/api/products")
      .set("If-None-Match", first.headers.etag as string)
      .expect(304);
    await request(t.app)
      .get("/api/products")
      .set("If-Modified-Since", first.headers["last-modified"] as string)
      .expect(304);
  });

  it("shows a checkout's reservation at once, and its end by time without any write", async () => {
    const { id } = await insertProduct(t.db, { name: "Last Cleanser", stock: 1 });
    const before = await request(t.app).get(`/api/products/${id}`).expect(200);
    expect(before.body.stock).toBe(1);
    const payload = orderPayload([{ id, quantity: 1 }]);
    await request(t.app).post("/api/checkout/start").send(payload).expect(201);
    const held = await request(t.app)
      .get(`/api/products/${id}`)
      .set("If-None-Match", before.headers.etag as string)
      .expect(200);
    expect(held.body.stock).toBe(0);
    expect(
      (await request(t.app).get("/api/products")).body.find((p: { id: number }) => p.id === id)
        .stock,
    ).toBe(0);

    // The reservation now ends in 1.5 s (as if its 30 minutes were nearly over): the cached
    // answer read now must not outlive it.
    await t.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() + 1500) })
      .where(eq(orders.paymentReference, payload.paymentReference));
    catalogueCache(t.db).invalidate(); // moving the time is not a write the app saw
    expect((await request(t.app).get(`/api/products/${id}`)).body.stock).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect((await request(t.app).get(`/api/products/${id}`)).body.stock).toBe(1);
  });
});

describe("public page cache rules", () => {
  it("caches the shared storefront pages only, never cart, checkout, admin or review links", () => {
    for (const path of ["/", "/services", "/shop", "/product/12", "/contact", "/shop.data"]) {
      expect(isCacheablePage(path), path).toBe(true);
    }
    for (const path of ["/cart", "/checkout", "/wishlist", "/admin", "/review/3", "/_root"]) {
      expect(isCacheablePage(path), path).toBe(false);
    }
  });

  it("hashes every inline script and no external one", () => {
    const html =
      '<script src="/a.js"></script><script type="module">import("/b.js");</script><script>x=1</script>';
    expect(inlineScriptHashes(html)).toEqual([
      "'sha256-8Nk/swdgAbSk3v9jLNheXOM3ufL8+4jxDPwfvf5KNEg='",
      "'sha256-HyBrEcI+KMwlDe1/wAmNOCOoRnpUNA8axOU1y4VEST8='",
    ]);
  });
});
