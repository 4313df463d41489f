/**
 * Issue 14, the API half: each reproduction of rows 7, 10, 11 and 12 now fails to do harm, on
 * PGlite and PostgreSQL. (Rows 4-5: text-hygiene.test.ts, logging.test.ts; row 6:
 * modules/orders/checkout.test.ts.)
 */
import { and, count, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPaymentReference } from "#common/checkout.ts";
import { auditLog, loginThrottle } from "#server/db/schema/access.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { orders } from "#server/db/schema/orders.ts";
import { openDayAhead } from "#server/testing/open-day.ts";
import { createApp } from "./app.ts";
import { PostgresRateLimitStore } from "./rate-limit.ts";
import { insertService } from "./testing/builders.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "./testing/test-app.ts";

describe.each(dbKinds)("reliability and security of the API on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let serviceId: number;
  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_RATE_LIMIT: "5", PUBLIC_WRITE_RATE_LIMIT: "1000" });
    serviceId = (await insertService(t.db, { name: "Idempotent Facial" })).id;
  });
  afterAll(() => t?.close());

  const booking = (email = "same@example.com", daysAhead = 5) => {
    const day = openDayAhead(daysAhead);
    return {
      name: "Ada Obi",
      email,
      phone: "08031234567",
      service: String(serviceId),
      date: `${day}T12:00:00+01:00`,
      message: "Hello",
    };
  };

  it("row 7: 50 identical booking requests at once make one booking (one 201, 49 × 200)", async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () => request(t.app).post("/api/bookings").send(booking())),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(49);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    const [row] = await t.db
      .select({ n: count() })
      .from(bookings)
      .where(eq(bookings.email, "same@example.com"));
    expect(row?.n).toBe(1);
    // Another slot by the same person is another booking.
    await request(t.app).post("/api/bookings").send(booking("same@example.com", 6)).expect(201);
  });

  it("row 10: a rotating X-Forwarded-For does not dodge the sign-in throttle", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await request(t.app)
        .post("/api/auth/login")
        .set("X-Forwarded-For", `198.51.100.${i}`)
        .send({ username: `nobody${i % 3}`, password: "wrong-password" });
      statuses.push(res.status);
    }
    // 3 accounts × 5 failures, then every try is refused whatever the header says.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
    expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429]);
  }, 60_000);

  it("row 10: failures on one account slow that account down, with a clear message", async () => {
    const app2 = createApp({
      db: t.db,
      config: { ...t.config, TRUST_PROXY_HOPS: 1 },
      logger: (await import("pino")).pino({ level: "silent" }),
      smtp: null,
    });
    const statuses: number[] = [];
    let last: request.Response | undefined;
    for (let i = 0; i < 6; i++) {
      // One address per try (a trusted proxy names each): only the account counter adds up.
      last = await request(app2)
        .post("/api/auth/login")
        .set("X-Forwarded-For", `203.0.113.${i}`)
        .send({ username: "Target@Example.com", password: "wrong-password" });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(last?.body.error.message).toMatch(
      /^Too many sign-in attempts\. Please wait \d+ (seconds|minutes?) and try again\.$/,
    );
    const [failed] = await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "auth.sign-in-failed"),
          eq(auditLog.adminUsername, "Target@Example.com"),
        ),
      );
    expect(failed?.n).toBe(5);
  });

  it("row 11: signing in ends the cookie's previous session; sign-in and sign-out are audited", async () => {
    const first = await request(t.app).post("/api/auth/login").send(TEST_ADMIN).expect(200);
    const oldCookie = String(first.headers["set-cookie"]).split(";")[0] as string;
    const second = await request(t.app)
      .post("/api/auth/login")
      .set("Cookie", oldCookie)
      .send(TEST_ADMIN)
      .expect(200);
    const newCookie = String(second.headers["set-cookie"]).split(";")[0] as string;
    await request(t.app).get("/api/auth/session").set("Cookie", oldCookie).expect(401);
    await request(t.app).get("/api/auth/session").set("Cookie", newCookie).expect(200);
    await request(t.app).post("/api/auth/logout").set("Cookie", newCookie).expect(204);
    await request(t.app).get("/api/auth/session").set("Cookie", newCookie).expect(401);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.adminUsername, TEST_ADMIN.username));
    const names = actions.map((a) => a.action);
    expect(names.filter((a) => a === "auth.sign-in")).toHaveLength(2);
    expect(names).toContain("auth.sign-out");
  });

  it("row 11: the Origin check ignores X-Forwarded-Host and follows PUBLIC_URL", async () => {
    await request(t.app)
      .post("/api/newsletter")
      .set("Origin", "https://evil.example")
      .set("X-Forwarded-Host", "evil.example")
      .send({ email: "x@example.com", consent: true })
      .expect(403);
    const pinned = createApp({
      db: t.db,
      config: { ...t.config, PUBLIC_URL: "https://glowhaven.ng" },
      logger: (await import("pino")).pino({ level: "silent" }),
      smtp: null,
    });
    await request(pinned)
      .post("/api/newsletter")
      .set("Origin", "https://glowhaven.ng")
      .send({ email: "pinned@example.com", consent: true })
      .expect((res) => expect(res.status).toBeLessThan(300));
    await request(pinned)
      .post("/api/newsletter")
      .set("Host", "evil.example")
      .set("Origin", "http://evil.example")
      .send({ email: "pinned@example.com", consent: true })
      .expect(403);
  });

  it("issue 34: without PUBLIC_URL a link never follows a forged Host header", async () => {
    const forged = await request(t.app).get("/robots.txt").set("Host", "evil.example").expect(200);
    expect(forged.text).not.toContain("evil.example");
    expect(forged.text).toContain(`http://localhost:${t.config.PORT}/sitemap.xml`);
    const local = await request(t.app).get("/robots.txt").set("Host", "127.0.0.1:3310").expect(200);
    expect(local.text).toContain("http://127.0.0.1:3310/sitemap.xml");
  });

  it("row 11: public writes are limited per address, 429 with a clear message", async () => {
    const limited = createApp({
      db: t.db,
      config: { ...t.config, PUBLIC_WRITE_RATE_LIMIT: 3 },
      logger: (await import("pino")).pino({ level: "silent" }),
      smtp: null,
    });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await request(limited)
        .post("/api/newsletter")
        .send({ email: `limit${i}@example.com`, consent: true });
      statuses.push(res.status);
    }
    expect(statuses.slice(3)).toEqual([429, 429]);
    const refused = await request(limited)
      .post("/api/bookings")
      .send(booking("limited@example.com"));
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/Too many requests/);
  });

  it("row 11: the PostgreSQL-backed store shares counts between instances", async () => {
    const a = new PostgresRateLimitStore(t.db, "test:");
    const b = new PostgresRateLimitStore(t.db, "test:");
    a.init({ windowMs: 60_000 } as never);
    b.init({ windowMs: 60_000 } as never);
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).increment("1.2.3.4")));
    expect((await a.increment("1.2.3.4")).totalHits).toBe(11);
    await b.resetKey("1.2.3.4");
    expect((await a.increment("1.2.3.4")).totalHits).toBe(1);
  });

  it("row 12: GET /api/orders is paged and filtered, never silently capped", async () => {
    const base = {
      status: "processing",
      paymentMethod: "test",
      customerName: "Paged Buyer",
      customerEmail: "paged@example.com",
      customerPhone: "08030000000",
      deliveryAddress: "1 Road",
      deliveryCity: "Lagos",
      deliveryState: "Lagos",
      deliveryPostalCode: "100001",
      subtotalKobo: 100,
      shippingKobo: 0,
      totalKobo: 100,
    };
    await t.db.insert(orders).values(
      Array.from({ length: 636 }, (_, i) => ({
        ...base,
        paymentReference: newPaymentReference(),
        status: i % 4 === 0 ? "shipped" : "processing",
        createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 20), 12)),
      })),
    );
    const admin = request.agent(t.app);
    await admin.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    const first = await admin.get("/api/orders").expect(200);
    expect(Array.isArray(first.body)).toBe(true);
    expect(first.body).toHaveLength(100);
    expect(first.headers["x-total-count"]).toBe("636");
    expect(first.headers.link).toContain('rel="next"');
    const last = await admin.get("/api/orders?page=2&pageSize=500").expect(200);
    expect(last.body).toHaveLength(136);
    expect(last.headers.link).toBeUndefined();
    const shipped = await admin.get("/api/orders?status=shipped&pageSize=500").expect(200);
    expect(shipped.headers["x-total-count"]).toBe("159");
    const day = await admin.get("/api/orders?from=2026-01-02&to=2026-01-03").expect(200);
    expect(day.headers["x-total-count"]).toBe(String(32 + 32));
  });

  it("issue 34: concurrent guesses are counted before they are checked; the owner's device still gets in", async () => {
    const proxied = createApp({
      db: t.db,
      config: { ...t.config, TRUST_PROXY_HOPS: 1 },
      logger: (await import("pino")).pino({ level: "silent" }),
      smtp: null,
    });
    // The owner signed in on this browser before: it holds the account's device cookie.
    const owner = request.agent(proxied);
    await owner.post("/api/auth/login").set("X-Forwarded-For", "192.0.2.10").send(TEST_ADMIN);
    await owner.post("/api/auth/logout").expect(204);
    // 30 wrong passwords at once from 30 addresses (limit 5).
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        request(proxied)
          .post("/api/auth/login")
          .set("X-Forwarded-For", `198.51.100.${100 + i}`)
          .send({ username: TEST_ADMIN.username, password: "wrong-password" }),
      ),
    );
    const statuses = guesses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    // A browser that never signed in to the account waits…
    await request(proxied)
      .post("/api/auth/login")
      .set("X-Forwarded-For", "192.0.2.77")
      .send(TEST_ADMIN)
      .expect(429);
    // …the owner's does not.
    await owner
      .post("/api/auth/login")
      .set("X-Forwarded-For", "192.0.2.10")
      .send(TEST_ADMIN)
      .expect(200);
    await owner.post("/api/auth/logout").expect(204);
    await t.db.delete(loginThrottle);
  });
});
