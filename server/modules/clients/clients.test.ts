/**
 * The clients API (issue 12) on PGlite and, with TEST_DATABASE_URL, PostgreSQL: one row per
 * person across customers, bookings, appointments, orders, sales and subscribers; the stats;
 * search by phone in local and +234 forms; add, edit (email change moves history), delete;
 * notes; sales with the summary; health data only in the client's own record and export;
 * erasure.
 */
import http from "node:http";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEALTH_FIELDS } from "#common/clients.ts";
import { auditLog } from "#server/db/schema/access.ts";
import { bookings, reviews } from "#server/db/schema/bookings.ts";
import { clients } from "#server/db/schema/clients.ts";
import { sales } from "#server/db/schema/sales.ts";
import { insertService } from "#server/testing/builders.ts";
import { openDayAhead } from "#server/testing/open-day.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "#server/testing/test-app.ts";

/** A public booking slot a week ahead (Lagos). */
const slot = (days = 7) => `${openDayAhead(days)} at 10:30 AM`;

const HEALTH = {
  emergencyContact: "Chidi Obi",
  emergencyPhone: "08039998888",
  medicalConditions: "Rosacea-secret",
  allergies: "Penicillin-secret",
  skinType: "sensitive",
};

/** Whether any health field name or value appears anywhere in `body`. */
function leaksHealth(body: unknown): boolean {
  const text = JSON.stringify(body);
  return (
    HEALTH_FIELDS.some((f) => text.includes(`"${f}"`)) ||
    text.includes("Rosacea-secret") ||
    text.includes("Penicillin-secret")
  );
}

describe.each(dbKinds)("clients API on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let server: http.Server;
  let agent: ReturnType<typeof request.agent>;
  let facial: { id: number };

  const list = async (query = "") =>
    (await agent.get(`/api/customers${query}`).expect(200)).body as Array<Record<string, unknown>>;

  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_RATE_LIMIT: "1000" });
    server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    agent = request.agent(server);
    await agent.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    facial = await insertService(t.db, { name: "HydraFacial", price: 180000, duration: "1h" });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await t?.close();
  });

  it("answers 401 without a session", async () => {
    const anon = request(server);
    await anon.get("/api/customers").expect(401);
    await anon.post("/api/customers").send({}).expect(401);
    await anon.get("/api/customers/1").expect(401);
    await anon.patch("/api/customers/a@example.com").send({}).expect(401);
    await anon.delete("/api/customers/1").expect(401);
    await anon.get("/api/customers/1/export").expect(401);
    await anon.post("/api/customers/1/erase").expect(401);
    await anon.get("/api/subscribers").expect(401);
    await anon.get("/api/customer-notes/a@example.com").expect(401);
    await anon.put("/api/customer-notes/a@example.com").send({ notes: "x" }).expect(401);
    await anon.get("/api/sales?customerEmail=a@example.com").expect(401);
    await anon.post("/api/sales").send({}).expect(401);
    await anon.get("/api/reviews").expect(401);
  });

  it("merges a person who booked online twice and subscribed into one Active row", async () => {
    // Two slots: the same email, service and slot again would be the same request (issue 14).
    const booking = (email: string, days: number) =>
      request(server)
        .post("/api/bookings")
        .send({
          name: "Tolu Ade",
          email,
          phone: "0803 555 1212",
          service: String(facial.id),
          date: slot(days),
        })
        .expect(201);
    await booking("Tolu.Ade@Example.com", 7);
    await booking("tolu.ade@example.com", 8);
    await request(server)
      .post("/api/newsletter")
      .send({ email: "TOLU.ADE@example.com", consent: true })
      .expect(201);
    const rows = (await list("?q=tolu")).filter((r) => r.email === "tolu.ade@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Tolu Ade",
      phone: "0803 555 1212",
      totalBookings: 2,
      lastService: "HydraFacial",
      status: "Active",
      isManaged: false,
      sourceType: "booking",
    });
    const linked = await t.db
      .select()
      .from(bookings)
      .where(eq(bookings.email, "tolu.ade@example.com"));
    expect(linked.every((b) => b.clientId === rows[0]?.id)).toBe(true);
    const [client] = await t.db
      .select()
      .from(clients)
      .where(eq(clients.id, Number(rows[0]?.id)));
    expect(client).toMatchObject({ marketingConsent: true, marketingConsentSource: "newsletter" });
    expect(client?.marketingConsentAt).toBeInstanceOf(Date);
  });

  it("ensureClient: one row per email under concurrent calls; name and phone filled only when missing; a prospect made active; consent recorded once", async () => {
    const { ensureClient } = await import("./service.ts");
    const email = "Merge.Rules@Example.com";
    const rowOf = async (id: number) =>
      (await t.db.select().from(clients).where(eq(clients.id, id)))[0];
    const ids = await Promise.all(
      [1, 2, 3].map(() =>
        ensureClient(
          t.db,
          { email },
          { status: "prospect", source: "website", consent: "newsletter" },
        ),
      ),
    );
    expect(new Set(ids).size).toBe(1);
    const id = ids[0] as number;
    const first = await rowOf(id);
    expect(first).toMatchObject({
      email: "merge.rules@example.com",
      firstName: "",
      status: "prospect",
      source: "website",
      marketingConsent: true,
      marketingConsentSource: "newsletter",
    });
    const named = { email: "merge.rules@example.com", name: "Ngozi Ada Eze", phone: " 0803 " };
    expect(await ensureClient(t.db, named, { status: "prospect" })).toBe(id);
    expect(await rowOf(id)).toMatchObject({
      firstName: "Ngozi",
      lastName: "Ada Eze",
      phone: "0803",
      status: "prospect",
    });
    const other = { email: "MERGE.rules@example.com", name: "Other Person", phone: "0900" };
    expect(await ensureClient(t.db, other, { consent: "admin", source: "manual" })).toBe(id);
    const last = await rowOf(id);
    expect(last).toMatchObject({
      firstName: "Ngozi",
      lastName: "Ada Eze",
      phone: "0803",
      status: "active",
      source: "website",
      marketingConsentSource: "newsletter",
    });
    expect(last?.marketingConsentAt).toEqual(first?.marketingConsentAt);
  });

  it("lists a newsletter-only person as 'Newsletter Subscriber', phone '-', Subscriber", async () => {
    await request(server)
      .post("/api/newsletter")
      .send({ email: "only.news@example.com", consent: true })
      .expect(201);
    const [row] = await list("?q=only.news");
    expect(row).toMatchObject({
      email: "only.news@example.com",
      name: "Newsletter Subscriber",
      phone: "-",
      status: "Subscriber",
      sourceType: "subscriber",
      totalBookings: 0,
      lastActivity: null,
    });
    expect((await list("?status=subscriber")).map((r) => r.email)).toContain(
      "only.news@example.com",
    );
    expect((await list("?status=active")).map((r) => r.email)).not.toContain(
      "only.news@example.com",
    );
    // Subscribed first, booked later: Active from the booking on.
    await request(server)
      .post("/api/newsletter")
      .send({ email: "news.then.book@example.com", consent: true })
      .expect(201);
    expect((await list("?q=news.then.book"))[0]).toMatchObject({ status: "Subscriber" });
    await request(server)
      .post("/api/bookings")
      .send({
        name: "Kemi Ade",
        email: "News.Then.Book@example.com",
        phone: "08031112222",
        service: String(facial.id),
        date: slot(),
      })
      .expect(201);
    expect((await list("?q=news.then.book"))[0]).toMatchObject({
      name: "Kemi Ade",
      phone: "08031112222",
      status: "Active",
      totalBookings: 1,
    });
    const subs = (await agent.get("/api/subscribers").expect(200)).body;
    expect(subs.map((s: { email: string }) => s.email)).toContain("only.news@example.com");
  });

  it("adds a customer with the spec's defaults, nulls and date of birth", async () => {
    const res = await agent
      .post("/api/customers")
      .send({
        firstName: "Amaka",
        lastName: "Eze",
        email: "Amaka.Eze@Example.com",
        phone: "0803 123 4567",
        address: "",
        city: "Lekki",
        dateOfBirth: "1990-04-12",
        ...HEALTH,
      })
      .expect(201);
    expect(res.body).toMatchObject({
      email: "amaka.eze@example.com",
      firstName: "Amaka",
      lastName: "Eze",
      address: null,
      city: "Lekki",
      state: null,
      zipCode: null,
      dateOfBirth: "1990-04-12",
      status: "active",
      source: "manual",
      marketingConsent: false,
      marketingConsentAt: null,
      totalSpent: "0.00",
      lastVisit: null,
      // Allergies and conditions are stored but read only through the health record (issue 30).
      ...HEALTH,
      medicalConditions: null,
      allergies: null,
    });
    const [row] = await list("?q=amaka");
    expect(row).toMatchObject({ name: "Amaka Eze", status: "Active", isManaged: true });

    const dup = await agent
      .post("/api/customers")
      .send({ firstName: "A", lastName: "E", email: "AMAKA.EZE@example.com" })
      .expect(409);
    expect(dup.body.error.message).toBe("A customer with this email already exists");
    const bad = await agent.post("/api/customers").send({ email: "nope" }).expect(400);
    expect(bad.body.error.fields).toMatchObject({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Valid email is required",
    });
    const consent = await agent
      .post("/api/customers")
      .send({
        firstName: "Ngozi",
        lastName: "Uche",
        email: "ngozi.u@example.com",
        marketingConsent: true,
      })
      .expect(201);
    expect(consent.body).toMatchObject({ marketingConsent: true, marketingConsentSource: "admin" });
    expect(consent.body.marketingConsentAt).toEqual(expect.any(String));
  });

  it("finds a client by phone in local, +234 and 234 forms, and by address", async () => {
    for (const q of [
      "0803 123 4567",
      "+2348031234567",
      "+234 803 123 4567",
      "2348031234567",
      "8031234567",
    ]) {
      const rows = await list(`?q=${encodeURIComponent(q)}`);
      expect(
        rows.map((r) => r.email),
        q,
      ).toContain("amaka.eze@example.com");
    }
    expect((await list("?q=LEKKI")).map((r) => r.email)).toEqual(["amaka.eze@example.com"]);
    const search = await agent.get("/api/admin/search?q=%2B2348031234567").expect(200);
    const hits = search.body.hits ?? search.body;
    expect(JSON.stringify(hits)).toContain("amaka.eze@example.com");
    expect(leaksHealth(search.body)).toBe(false);
  });

  it("counts the stat cards from real data", async () => {
    const stats = await t.db.select().from(bookings);
    const page = await agent.get("/api/customers").expect(200);
    expect(Number(page.headers["x-total-count"])).toBe((await t.db.select().from(clients)).length);
    const { clientStats } = await import("./list.ts");
    expect(await clientStats(t.db)).toEqual({
      totalCustomers: (await t.db.select().from(clients)).length,
      totalBookings: stats.length,
      thisMonth: stats.length,
      newsletterSubs: 3,
      // Each is a different person so far (merge.test.ts covers duplicates).
      possibleDuplicates: 0,
    });
  });

  it("saves trimmed notes with their time", async () => {
    const empty = await agent.get("/api/customer-notes/amaka.eze@example.com").expect(200);
    expect(empty.body).toEqual({ notes: "", updatedAt: null });
    const saved = await agent
      .put("/api/customer-notes/Amaka.Eze@example.com")
      .send({ notes: "  Prefers mornings  " })
      .expect(200);
    expect(saved.body).toEqual({ notes: "Prefers mornings", updatedAt: expect.any(String) });
    const read = await agent.get("/api/customer-notes/amaka.eze@example.com").expect(200);
    expect(read.body.notes).toBe("Prefers mornings");
    await agent.put("/api/customer-notes/nobody@example.com").send({ notes: "x" }).expect(404);
  });

  it("records sales and lists them by email; only completed count", async () => {
    const sale = (body: Record<string, unknown>) =>
      agent.post("/api/sales").send({
        type: "service",
        customerName: "Amaka Eze",
        customerEmail: "amaka.eze@example.com",
        paymentMethod: "card",
        itemId: facial.id,
        itemName: "HydraFacial",
        quantity: 2,
        unitPrice: "180000",
        totalAmount: "360000",
        status: "completed",
        ...body,
      });
    const first = await sale({}).expect(201);
    expect(first.body).toMatchObject({
      type: "service",
      itemName: "HydraFacial",
      quantity: 2,
      unitPrice: "180000.00",
      totalAmount: "360000.00",
      status: "completed",
      paymentMethod: "card",
    });
    // A second sale, then refunded in full (POST /api/sales/{id}/refund): it stops counting.
    const second = await sale({ quantity: 1, totalAmount: "180000" }).expect(201);
    await agent
      .post(`/api/sales/${second.body.id}/refund`)
      .send({ reason: "Client changed her mind" })
      .expect(200);
    // The server prices the sale: a total that is not unit price × quantity is refused.
    await sale({ totalAmount: "1" }).expect(409);
    await sale({ itemId: null }).expect(400);
    await sale({ quantity: 0 }).expect(400);
    const listed = await agent.get("/api/sales?customerEmail=AMAKA.EZE@example.com").expect(200);
    expect(listed.body).toHaveLength(2);
    const [row] = await list("?q=amaka");
    expect(row).toMatchObject({ totalSpent: 360000 });
    const id = Number(row?.id);
    const record = await agent.get(`/api/customers/${id}`).expect(200);
    expect(record.body.totalSpent).toBe("360000.00");
    const { getClientDetail } = await import("./detail.ts");
    const detail = await getClientDetail(t.db, id);
    expect(detail?.salesSummary).toEqual({
      totalSpent: 360000,
      totalOrders: 1,
      averageOrder: 360000,
    });
    expect(detail?.timeline.map((i) => i.kind)).toEqual(
      expect.arrayContaining(["sale", "sale", "note"]),
    );
    // Whole naira outside the point of sale (admin spec "Currency"), grouped by thousands.
    expect(detail?.timeline.filter((i) => i.kind === "sale").map((i) => i.detail)).toEqual(
      expect.arrayContaining(["₦360,000 · completed", "₦180,000 · refunded"]),
    );
  });

  it("keeps health data out of every response but the client's own record and export", async () => {
    const [row] = await list("?q=amaka");
    const id = Number(row?.id);
    for (const path of [
      "/api/customers",
      "/api/customers?q=amaka",
      "/api/subscribers",
      "/api/sales?customerEmail=amaka.eze@example.com",
      "/api/customer-notes/amaka.eze@example.com",
      "/api/admin/search?q=amaka",
      "/api/reviews",
      "/api/bookings",
      "/api/appointments?customerEmail=amaka.eze@example.com",
      "/api/admin/export",
    ]) {
      const res = await agent.get(path);
      expect(res.status, path).toBe(200);
      expect(leaksHealth(res.body), path).toBe(false);
    }
    const patched = await agent
      .patch("/api/customers/amaka.eze@example.com")
      .send({ name: "Amaka N. Eze" })
      .expect(200);
    expect(patched.body).toMatchObject({ firstName: "Amaka", lastName: "N. Eze" });
    // Need-to-know (issue 30): the record keeps the emergency contact and the spec's skin type;
    // allergies and conditions are read through the audited health record.
    const own = await agent.get(`/api/customers/${id}`).expect(200);
    expect(own.body).toMatchObject({
      ...HEALTH,
      medicalConditions: null,
      allergies: null,
    });
    const exported = await agent.get(`/api/customers/${id}/export`).expect(200);
    expect(exported.headers["content-disposition"]).toContain("attachment");
    expect(exported.body.client).toMatchObject(HEALTH);
    expect(exported.body.sales).toHaveLength(2);
    expect(exported.body.notes.notes).toBe("Prefers mornings");
  });

  it("moves the history with an email change and refuses another client's email", async () => {
    const [row] = await list("?q=tolu.ade");
    const id = Number(row?.id);
    await t.db.insert(reviews).values({
      customerName: "Tolu Ade",
      customerEmail: "tolu.ade@example.com",
      rating: 5,
      reviewText: "Glowing",
      serviceName: "HydraFacial",
    });
    const taken = await agent
      .patch("/api/customers/tolu.ade@example.com")
      .send({ newEmail: "Amaka.Eze@example.com" })
      .expect(409);
    expect(taken.body.error.message).toBe("A customer with this email already exists");
    const moved = await agent
      .patch("/api/customers/TOLU.ADE@example.com")
      .send({ name: "Tolu Adeyemi", phone: "08035551212", newEmail: "tolu@new.example.com" })
      .expect(200);
    expect(moved.body).toMatchObject({
      id,
      email: "tolu@new.example.com",
      name: "Tolu Adeyemi",
      phone: "08035551212",
      subscribed: true,
    });
    const [after] = await list("?q=tolu%40new");
    expect(after).toMatchObject({ id, totalBookings: 2, status: "Active" });
    const { getClientDetail } = await import("./detail.ts");
    const detail = await getClientDetail(t.db, id);
    expect(detail?.reviews.map((r) => r.reviewText)).toEqual(["Glowing"]);
    expect(detail?.summary).toEqual({ total: 2, completed: 0, cancelled: 0 });
    expect(detail?.recentActivity.every((v) => v.label === "Pending")).toBe(true);
    await agent.patch("/api/customers/nobody@example.com").send({ name: "X" }).expect(404);
    expect((await list("?q=tolu.ade%40example")).length).toBe(0);
  });

  it("deletes a client but keeps their bookings", async () => {
    const [row] = await list("?q=tolu%40new");
    await agent.delete(`/api/customers/${row?.id}`).expect(200);
    await agent.delete(`/api/customers/${row?.id}`).expect(404);
    await agent.delete("/api/customers/abc").expect(404);
    const kept = await t.db
      .select()
      .from(bookings)
      .where(eq(bookings.email, "tolu@new.example.com"));
    expect(kept).toHaveLength(2);
    expect(kept.every((b) => b.clientId === null)).toBe(true);
  });

  it("erases a client: sales kept without their details, recorded in the audit log", async () => {
    const [row] = await list("?q=amaka");
    const id = Number(row?.id);
    const res = await agent.post(`/api/customers/${id}/erase`).expect(200);
    expect(res.body).toEqual({
      erased: true,
      kept: { sales: 2, orders: 0, treatmentRecords: 0, signedForms: 0 },
    });
    await agent.get(`/api/customers/${id}`).expect(404);
    expect(await list("?q=amaka")).toEqual([]);
    const kept = await t.db.select().from(sales);
    expect(kept).toHaveLength(2);
    expect(kept.every((s) => s.customerName === "Erased client" && s.customerEmail === null)).toBe(
      true,
    );
    const audit = await t.db.select().from(auditLog);
    expect(audit.some((a) => a.action === "client.erase" && a.entityId === String(id))).toBe(true);
    expect(JSON.stringify(audit)).not.toContain("amaka.eze@example.com");
  });
});
