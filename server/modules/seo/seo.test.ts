/**
 * sitemap.xml and robots.txt from the live catalogue (storefront issue "Findability"), and the
 * newsletter's repeat subscription, through the real app on each database kind.
 */
import { count } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscribers } from "#server/db/schema/content.ts";
import { insertProduct } from "#server/testing/builders.ts";
import { createTestApp, dbKinds } from "#server/testing/test-app.ts";

describe.each(dbKinds)("findability on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let productId: number;

  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: "https://glowhaven.example" });
    productId = (await insertProduct(t.db, { name: "Vitamin C Serum", category: "serums" })).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it("lists the public pages and every product of the live catalogue in sitemap.xml", async () => {
    const res = await request(t.app).get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.type).toBe("application/xml");
    const body = res.text;
    for (const path of ["", "/services", "/shop", "/contact", "/about", "/privacy", "/terms"]) {
      expect(body).toContain(`<loc>https://glowhaven.example${path || "/"}</loc>`);
    }
    expect(body).toContain(`<loc>https://glowhaven.example/product/${productId}</loc>`);
    expect(body).toContain("<loc>https://glowhaven.example/shop?category=serums</loc>");
    expect(body).not.toContain("/admin");

    // A product added later appears without a restart.
    const added = await insertProduct(t.db, { name: "Night Repair Cream" });
    const again = await request(t.app).get("/sitemap.xml");
    expect(again.text).toContain(`/product/${added.id}</loc>`);
  });

  it("serves robots.txt that keeps private pages out and points at the sitemap", async () => {
    const res = await request(t.app).get("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.type).toBe("text/plain");
    expect(res.text).toContain("Disallow: /admin");
    expect(res.text).toContain("Disallow: /checkout");
    expect(res.text).toContain("Sitemap: https://glowhaven.example/sitemap.xml");
  });

  it("accepts a repeat newsletter subscription without a duplicate row", async () => {
    const email = "repeat.reader@example.com";
    const first = await request(t.app).post("/api/newsletter").send({ email, consent: true });
    const second = await request(t.app)
      .post("/api/newsletter")
      .send({ email: "Repeat.Reader@Example.com", consent: true });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    const [row] = await t.db.select({ n: count() }).from(newsletterSubscribers);
    expect(row?.n).toBe(1);
  });
});
