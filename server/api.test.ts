/**
 * API integration tests: the real Express app on a fresh database (in-memory PGlite, and
 * PostgreSQL when TEST_DATABASE_URL is set), through HTTP with supertest.
 */
import { count } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bookings } from "#server/db/schema/bookings.ts";
import { newsletterSubscribers } from "#server/db/schema/content.ts";
import { insertProduct, insertService } from "./testing/builders.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "./testing/test-app.ts";

// 10:00 Lagos time on Saturday 21 November 2026; only Date is faked, timers run normally.
const NOW = new Date("2026-11-21T09:00:00Z");

describe.each(dbKinds)("API on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let facialId: number;
  let cleanserId: number;
  let serumIds: number[];

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
    t = await createTestApp(kind, { LOGIN_RATE_LIMIT: "5" });
    facialId = (await insertService(t.db, { name: "HydraFacial", price: 180000, duration: "1h" }))
      .id;
    await insertService(t.db, {
      name: "Botox (per area)",
      category: "injectable-treatments",
      price: null,
    });
    await insertService(t.db, {
      name: "Bespoke Bridal Programme",
      category: "packages",
      price: null,
      priceNote: "Contact for details",
    });
    cleanserId = (await insertProduct(t.db, { name: "Gentle Foaming Cleanser", price: 12500.5 }))
      .id;
    serumIds = [];
    for (const name of ["Vitamin C Serum", "Niacinamide Serum", "Retinal Serum"]) {
      serumIds.push((await insertProduct(t.db, { name, category: "serums", stock: 0 })).id);
    }
    for (const name of ["Eye Cream", "Body Butter", "Clay Mask"]) {
      await insertProduct(t.db, { name, category: "masks" });
    }
  });

  afterAll(async () => {
    await t?.close();
    vi.useRealTimers();
  });

  async function signIn() {
    const agent = request.agent(t.app);
    await agent.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    return agent;
  }

  const bookingCount = async () => (await t.db.select({ n: count() }).from(bookings))[0]?.n;

  describe("catalogue", () => {
    it("GET /api/services lists services with naira prices, null and quote text", async () => {
      const res = await request(t.app).get("/api/services").expect(200);
      expect(res.body).toContainEqual({
        id: facialId,
        name: "HydraFacial",
        description: expect.any(String),
        category: "facial",
        price: 180000,
        duration: "1h",
        consultationFirst: false,
      });
      const prices = Object.fromEntries(
        res.body.map((s: { name: string; price: unknown }) => [s.name, s.price]),
      );
      expect(prices["Botox (per area)"]).toBeNull();
      expect(prices["Bespoke Bridal Programme"]).toBe("Contact for details");
    });

    it("GET /api/products and /api/products/:id return products in naira", async () => {
      const list = await request(t.app).get("/api/products").expect(200);
      expect(list.body).toHaveLength(7);
      const one = await request(t.app).get(`/api/products/${cleanserId}`).expect(200);
      expect(one.body).toMatchObject({
        id: cleanserId,
        name: "Gentle Foaming Cleanser",
        price: 12500.5,
        image: "/images/products/gentle-foaming-cleanser.svg",
        imageUrl: "/images/products/gentle-foaming-cleanser.svg",
        category: "cleansers",
        stock: 20,
        rating: 4.5,
        benefits: ["Gentle", "Non-stripping"],
      });
    });

    it("answers 404 for an unknown or malformed product id", async () => {
      const res = await request(t.app).get("/api/products/999999").expect(404);
      expect(res.body).toEqual({ error: { message: "Product not found" } });
      await request(t.app).get("/api/products/abc").expect(404);
      await request(t.app).get("/api/products/1e3").expect(404);
    });

    it("GET /api/products/related gives at most 4 others, same category first", async () => {
      const res = await request(t.app).get(`/api/products/related?id=${serumIds[0]}`).expect(200);
      expect(res.body).toHaveLength(4);
      expect(res.body.map((p: { id: number }) => p.id)).not.toContain(serumIds[0]);
      expect(res.body.slice(0, 2).map((p: { id: number }) => p.id)).toEqual(serumIds.slice(1));
      await request(t.app).get("/api/products/related").expect(400);
      await request(t.app).get("/api/products/related?id=999999").expect(404);
    });
  });

  describe("bookings", () => {
    const valid = () => ({
      name: "Ada Obi",
      email: "Ada@Example.com",
      phone: "0803 123 4567",
      service: String(facialId),
      date: "2026-12-01 at 10:30 AM",
      message: "First visit",
    });

    it("records a valid request at the Lagos time it names", async () => {
      const res = await request(t.app).post("/api/bookings").send(valid()).expect(201);
      expect(res.body).toMatchObject({
        name: "Ada Obi",
        email: "ada@example.com",
        service: String(facialId),
        serviceName: "HydraFacial",
        date: "2026-12-01T09:30:00.000Z",
        status: "pending",
        processed: false,
      });
    });

    it("accepts an ISO 8601 date-time and a consultation entry", async () => {
      const res = await request(t.app)
        .post("/api/bookings")
        .send({ ...valid(), service: "consultation-laser", date: "2026-12-02T14:00:00+01:00" })
        .expect(201);
      expect(res.body).toMatchObject({
        serviceName: "Laser Consultation",
        date: "2026-12-02T13:00:00.000Z",
      });
    });

    it.each([
      ["a short name", { name: "Al" }, "name", "Name must be at least 3 characters"],
      ["a bad email", { email: "ada@" }, "email", "Please enter a valid email address"],
      ["a short phone", { phone: "0803" }, "phone", "Please enter a valid phone number"],
      ["no service", { service: "" }, "service", "Please select a service"],
      ["an unknown service", { service: "999999" }, "service", "Please select a service"],
      [
        "an unknown consultation",
        { service: "consultation-nails" },
        "service",
        "Please select a service",
      ],
      ["no date", { date: "" }, "date", "Please select a date"],
      ["a past date", { date: "2026-11-20 at 10:30 AM" }, "date", "Please select a date"],
      ["a date 91 days ahead", { date: "2027-02-20 at 10:30 AM" }, "date", "Please select a date"],
      ["a 1 PM time", { date: "2026-12-01 at 1:00 PM" }, "time", "Please select a time"],
      ["an off-slot time", { date: "2026-12-01 at 10:15 AM" }, "time", "Please select a time"],
      [
        "a slot already past today",
        { date: "2026-11-21 at 10:00 AM" },
        "time",
        "Please select a time",
      ],
      ["an 8 AM time", { date: "2026-12-01 at 8:00 AM" }, "time", "Please select a time"],
      // Storefront spec §9: Sunday closed (issue 28 item 3); also as an ISO instant.
      [
        "a Sunday",
        { date: "2026-11-29 at 10:30 AM" },
        "date",
        "We are closed on Sundays. Please choose a day from Monday to Saturday.",
      ],
      [
        "a Sunday as an ISO instant",
        { date: "2026-12-06T11:00:00+01:00" },
        "date",
        "We are closed on Sundays. Please choose a day from Monday to Saturday.",
      ],
    ])("refuses %s with 400 and writes nothing", async (_what, override, field, message) => {
      const before = await bookingCount();
      const res = await request(t.app)
        .post("/api/bookings")
        .send({ ...valid(), ...override })
        .expect(400);
      expect(res.body.error.fields[field]).toBe(message);
      expect(typeof res.body.error.message).toBe("string");
      expect(await bookingCount()).toBe(before);
    });

    it("refuses a missing body and malformed JSON with 400, never 500", async () => {
      const empty = await request(t.app).post("/api/bookings").send({}).expect(400);
      expect(empty.body.error.fields).toMatchObject({
        name: "Name must be at least 3 characters",
        email: "Please enter a valid email address",
      });
      await request(t.app)
        .post("/api/bookings")
        .set("content-type", "application/json")
        .send('{"name": ')
        .expect(400);
    });

    it("lets a signed-in admin book any half hour from 08:00 to 19:30", async () => {
      const agent = await signIn();
      await agent
        .post("/api/bookings")
        .send({ ...valid(), date: "2026-12-01 at 8:00 AM" })
        .expect(201);
      await agent
        .post("/api/bookings")
        .send({ ...valid(), date: "2026-12-01 at 7:45 PM" })
        .expect(400);
    });

    it("GET /api/bookings needs a session and lists newest first", async () => {
      const anonymous = await request(t.app).get("/api/bookings").expect(401);
      expect(anonymous.body.error.message).toBe("Please sign in to continue");
      await request(t.app)
        .post("/api/bookings")
        .send({ ...valid(), name: "Newest Client", email: "newest@example.com" })
        .expect(201);
      const agent = await signIn();
      const res = await agent.get("/api/bookings").expect(200);
      expect(res.body[0].name).toBe("Newest Client");
      expect(res.body.length).toBe(await bookingCount());
    });

    it("refuses a cross-site POST", async () => {
      await request(t.app)
        .post("/api/bookings")
        .set("Origin", "https://evil.example")
        .send(valid())
        .expect(403);
    });
  });

  describe("newsletter", () => {
    it("subscribes once per email, whatever its case", async () => {
      await request(t.app)
        .post("/api/newsletter")
        .send({ email: "Chi@Example.com", consent: true })
        .expect(201);
      await request(t.app)
        .post("/api/newsletter")
        .send({ email: "chi@example.com", consent: true })
        .expect(200);
      const [row] = await t.db.select({ n: count() }).from(newsletterSubscribers);
      expect(row?.n).toBe(1);
    });

    it("requires consent and a valid email, with the spec's messages", async () => {
      const res = await request(t.app)
        .post("/api/newsletter")
        .send({ email: "nope", consent: false })
        .expect(400);
      expect(res.body.error.fields).toEqual({
        email: "Please enter a valid email address",
        consent: "You must agree to the privacy policy",
      });
    });
  });

  describe("admin sign-in", () => {
    it("refuses wrong credentials with 401", async () => {
      const res = await request(t.app)
        .post("/api/auth/login")
        .send({ username: "admin", password: "wrong-password" })
        .expect(401);
      expect(res.body.error.message).toBe("Invalid credentials. Please try again.");
      expect(res.headers["set-cookie"]).toBeUndefined();
    });

    it("sets an HttpOnly SameSite=Lax session cookie, then signs out", async () => {
      const agent = request.agent(t.app);
      const res = await agent.post("/api/auth/login").send(TEST_ADMIN).expect(200);
      expect(res.body.user).toMatchObject({ username: "admin" });
      const cookie = String(res.headers["set-cookie"]);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect((await agent.get("/api/auth/session").expect(200)).body.user.username).toBe("admin");
      await agent.post("/api/auth/logout").expect(204);
      await agent.get("/api/auth/session").expect(401);
      await agent.get("/api/bookings").expect(401);
    });

    it("ignores a forged session cookie", async () => {
      await request(t.app)
        .get("/api/bookings")
        .set("Cookie", "glowhaven_session=forged-token")
        .expect(401);
    });

    it("throttles repeated failed sign-ins with 429", async () => {
      const attempt = () =>
        request(t.app).post("/api/auth/login").send({ username: "admin", password: "guess-again" });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await attempt()).status);
      expect(statuses.at(-1)).toBe(429);
      // The correct password is refused too while throttled.
      const res = await request(t.app).post("/api/auth/login").send(TEST_ADMIN);
      expect(res.status).toBe(429);
    });
  });

  describe("config and health", () => {
    it("exposes only public configuration", async () => {
      expect((await request(t.app).get("/api/config").expect(200)).body).toEqual({
        paystackPublicKey: null,
      });
      expect((await request(t.app).get("/api/config/environment").expect(200)).body).toEqual({
        metaPixelId: null,
      });
    });

    it("answers /healthz and /readyz, and 404 JSON for an unknown API path", async () => {
      await request(t.app).get("/healthz").expect(200, { status: "ok" });
      await request(t.app).get("/readyz").expect(200, { status: "ready" });
      await request(t.app).get("/api/nope").expect(404);
    });
  });
});
