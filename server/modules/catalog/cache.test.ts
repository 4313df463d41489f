/**
 * The catalogue cache as an API client sees it (issue 15): validators and 304s, a checkout's
 * reservation shown at once, a reservation's end by time shown without any write, and the
 * public pages' cache rules (which paths, the CSP hashes of inline scripts).
 */
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#server/db/schema/catalog.ts";
import { orders } from "#server/db/schema/orders.ts";
import { inlineScriptHashes, isCacheablePage } from "#server/page-cache.ts";
import { insertProduct } from "#server/testing/builders.ts";
import { orderPayload } from "#server/testing/orders.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "#server/testing/test-app.ts";
import { CatalogueCache, catalogueCache } from "./cache.ts";

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

  it("is emptied by real writes only: a POST to a missing URL, a 400 or a 401 leaves it", async () => {
    const { id } = await insertProduct(t.db, { name: "Quiet Toner", stock: 5 });
    const other = await insertProduct(t.db, { name: "Busy Toner", stock: 5 });
    expect((await request(t.app).get(`/api/products/${id}`).expect(200)).body.stock).toBe(5);
    // Changed behind the app's back (as a script would): the cached answer stands until a write.
    await t.db.update(products).set({ stock: 4 }).where(eq(products.id, id));
    await request(t.app).post("/api/no-such-endpoint").send({ a: 1 }).expect(404);
    await request(t.app).post("/no-such-page").send({ a: 1 }).expect(404);
    await request(t.app).post("/api/bookings").send({ name: "" }).expect(400);
    await request(t.app).patch(`/api/products/${other.id}`).send({ stock: 1 }).expect(401);
    await request(t.app).delete(`/api/products/${other.id}`).expect(401);
    expect((await request(t.app).get(`/api/products/${id}`).expect(200)).body.stock).toBe(5);

    const admin = request.agent(t.app);
    await admin.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    await admin.patch(`/api/products/${other.id}`).send({ stock: 6 }).expect(200);
    expect((await request(t.app).get(`/api/products/${id}`).expect(200)).body.stock).toBe(4);
    expect((await request(t.app).get(`/api/products/${other.id}`).expect(200)).body.stock).toBe(6);
  });

  it("sees another instance's write within 1 s through the shared cache version", async () => {
    // Two processes' caches of one database (as two instances would hold them).
    const one = new CatalogueCache(t.db, 60_000, 10, { shared: true, pollMs: 250 });
    const two = new CatalogueCache(t.db, 60_000, 10, { shared: true, pollMs: 250 });
    let reads = 0;
    const produce = async () => ++reads;
    expect(await two.get("key", produce)).toBe(1);
    expect(await two.get("key", produce)).toBe(1);
    await one.changed();
    const written = Date.now();
    let value = 1;
    while (value === 1 && Date.now() - written < 3_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      value = await two.get("key", produce);
    }
    expect(value).toBe(2);
    expect(Date.now() - written).toBeLessThan(1_000);
    // Without a new version the entry stays: the look at the version is not itself a change.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await two.get("key", produce)).toBe(2);
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
