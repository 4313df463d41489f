/**
 * POST /api/cookie-consent (issue 33): the cookie banner's native form, answered before the
 * page's scripts run. Stores only the choice, and only sends the visitor back within the site.
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "#server/testing/test-app.ts";

describe("the cookie banner's form", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp("pglite");
  });
  afterAll(async () => {
    await t.close();
  });

  it("sets the choice in a cookie and goes back to the page", async () => {
    const res = await request(t.app)
      .post("/api/cookie-consent")
      .type("form")
      .send({ choice: "declined", returnTo: "/shop?category=Serums" });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe("/shop?category=Serums");
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/^cookie-consent=declined;/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/HttpOnly/);
  });

  it("refuses another site as the way back, and an unknown choice", async () => {
    const away = await request(t.app)
      .post("/api/cookie-consent")
      .type("form")
      .send({ choice: "accepted", returnTo: "//evil.example/" });
    expect(away.status).toBe(400);
    const odd = await request(t.app)
      .post("/api/cookie-consent")
      .type("form")
      .send({ choice: "maybe" });
    expect(odd.status).toBe(400);
    expect(odd.headers["set-cookie"]).toBeUndefined();
  });
});
