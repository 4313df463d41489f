/**
 * Back-office API (admin spec §2, §4, §5, §7; issue 6) against the real app: catalogue writes
 * with the spec's messages, booking management, review request → signed link → one review,
 * search, dashboard figures, clear data with its export, and the audit log of every change.
 */

import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lagosDate, lagosWeekday } from "#common/lagos-time.ts";
import { auditLog } from "#server/db/schema/access.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { clients } from "#server/db/schema/clients.ts";
import { outbox } from "#server/db/schema/content.ts";
import { staff } from "#server/db/schema/staff.ts";
import { insertAppointment, insertClient, insertService, insertStaff } from "./testing/builders.ts";
import { MEMBER_PASSWORD, signedInMember } from "./testing/staff-accounts.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "./testing/test-app.ts";

describe.each(dbKinds)("admin API on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let agent: ReturnType<typeof request.agent>;
  let facialId: number;
  const dataDir = mkdtempSync(path.join(tmpdir(), "admin-api-"));

  beforeAll(async () => {
    t = await createTestApp(kind, { DATA_DIR: dataDir });
    facialId = (await insertService(t.db, { name: "HydraFacial", price: 180000 })).id;
    agent = request.agent(t.app);
    await agent.post("/api/auth/login").send(TEST_ADMIN).expect(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function addBooking(overrides: Record<string, unknown> = {}) {
    // Two days ahead, or three when that is a Sunday (the clinic is closed; issue 28 item 3).
    const ahead = new Date(Date.now() + 2 * 86_400_000);
    const day = lagosWeekday(ahead) === 0 ? new Date(ahead.getTime() + 86_400_000) : ahead;
    const date = lagosDate(day);
    const res = await agent
      .post("/api/bookings")
      .send({
        name: "Adaeze Okafor",
        email: "Adaeze@Example.com",
        phone: "08031234567",
        service: String(facialId),
        date: `${date} at 11:00 AM`,
        message: "First visit",
        ...overrides,
      })
      .expect(201);
    return res.body as { id: number; email: string };
  }

  const auditActions = async () =>
    (await t.db.select({ action: auditLog.action }).from(auditLog)).map((r) => r.action);

  describe("services", () => {
    it("rejects an empty service form with the spec's messages", async () => {
      const res = await agent.post("/api/services").send({}).expect(400);
      expect(res.body.error.fields).toEqual({
        name: "Service name is required",
        description: "Description is required",
        price: "Price is required",
        duration: "Duration is required",
        category: "Category is required",
      });
    });

    it("creates, updates and deletes a service, shown at once by GET /api/services", async () => {
      const created = await agent
        .post("/api/services")
        .send({
          name: "Glass Skin Facial",
          description: "Hydrating facial",
          price: "55000",
          duration: "1h",
          category: "facial",
        })
        .expect(201);
      expect(created.body).toMatchObject({ name: "Glass Skin Facial", price: 55000 });
      const id = created.body.id;
      await agent
        .patch(`/api/services/${id}`)
        .send({ price: 60000, name: "Glass Facial" })
        .expect(200);
      const list = await request(t.app).get("/api/services").expect(200);
      expect(list.body).toContainEqual(
        expect.objectContaining({ id, name: "Glass Facial", price: 60000 }),
      );
      await agent.delete(`/api/services/${id}`).expect(200);
      await agent.delete(`/api/services/${id}`).expect(404);
      const after = await request(t.app).get("/api/services").expect(200);
      expect(after.body.map((s: { id: number }) => s.id)).not.toContain(id);
      expect(await auditActions()).toEqual(
        expect.arrayContaining(["service.create", "service.update", "service.delete"]),
      );
    });

    it("keeps a quoted price as text", async () => {
      const res = await agent
        .post("/api/services")
        .send({
          name: "Bridal Package",
          description: "Quoted",
          price: "Contact for details",
          duration: "3h",
          category: "facial",
        })
        .expect(201);
      expect(res.body.price).toBe("Contact for details");
    });
  });

  describe("products", () => {
    it("validates the product form with the spec's messages", async () => {
      const empty = await agent.post("/api/products").send({}).expect(400);
      expect(empty.body.error.fields).toMatchObject({
        name: "Product name is required",
        description: "Description is required",
        image: "Image URL is required",
        category: "Category is required",
      });
      const badUrl = await agent
        .post("/api/products")
        .send({ name: "X", description: "Y", price: 10, image: "not a url", category: "masks" })
        .expect(400);
      expect(badUrl.body.error.fields.image).toBe("Please enter a valid URL");
      const badRating = await agent
        .post("/api/products")
        .send({
          name: "X",
          description: "Y",
          price: 10,
          image: "https://example.com/x.png",
          category: "masks",
          rating: 4.55,
        })
        .expect(400);
      expect(badRating.body.error.fields.rating).toBe("Rating goes in steps of 0.1");
    });

    it("creates with stock 100 and rating 4.0 by default, toggles stock, deletes", async () => {
      const created = await agent
        .post("/api/products")
        .send({
          name: "Clay Mask",
          description: "Purifying",
          price: 9500,
          image: "https://example.com/clay.png",
          category: "masks",
        })
        .expect(201);
      expect(created.body).toMatchObject({ stock: 100, rating: 4, price: 9500 });
      const id = created.body.id;
      const out = await agent.patch(`/api/products/${id}`).send({ stock: 0 }).expect(200);
      expect(out.body).toMatchObject({ stock: 0, rating: 4, name: "Clay Mask" });
      const pub = await request(t.app).get(`/api/products/${id}`).expect(200);
      expect(pub.body.stock).toBe(0);
      await agent.patch(`/api/products/${id}`).send({ stock: -1 }).expect(400);
      await agent.delete(`/api/products/${id}`).expect(200);
      await request(t.app).get(`/api/products/${id}`).expect(404);
      await agent.patch("/api/products/999999").send({ stock: 1 }).expect(404);
    });
  });

  describe("bookings", () => {
    it("edits, processes, lists processed and deletes a booking", async () => {
      const b = await addBooking();
      expect(b.email).toBe("adaeze@example.com");
      const bad = await agent.patch(`/api/bookings/${b.id}`).send({ name: "", email: "x" });
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields).toMatchObject({
        name: "Name is required",
        email: "Valid email is required",
      });
      const edited = await agent
        .patch(`/api/bookings/${b.id}`)
        .send({ phone: "08039999999", message: "Edited" })
        .expect(200);
      expect(edited.body).toMatchObject({ phone: "08039999999", message: "Edited" });
      // The calendar's reschedule text, Lagos wall-clock time.
      const moved = await agent
        .patch(`/api/bookings/${b.id}`)
        .send({ date: "2026-12-05 18:30" })
        .expect(200);
      expect(moved.body.date).toBe("2026-12-05T17:30:00.000Z");
      const outside = await agent
        .patch(`/api/bookings/${b.id}`)
        .send({ date: "2026-12-05 21:00" })
        .expect(400);
      expect(outside.body.error.fields.date).toBeTruthy();
      const processed = await agent.patch(`/api/bookings/${b.id}/process`).expect(200);
      expect(processed.body.processed).toBe(true);
      const list = await agent.get("/api/bookings/processed").expect(200);
      expect(list.body.map((x: { id: number }) => x.id)).toContain(b.id);
      const noShow = await agent.patch(`/api/bookings/${b.id}/no-show`).expect(409);
      expect(noShow.body.error.message).toBe("A processed booking cannot be marked as a no-show");
      await agent.delete(`/api/bookings/${b.id}`).expect(200);
      await agent.delete(`/api/bookings/${b.id}`).expect(404);
      expect(await auditActions()).toEqual(
        expect.arrayContaining([
          "booking.create",
          "booking.update",
          "booking.process",
          "booking.delete",
        ]),
      );
    });

    it("marks an unprocessed booking as no-show, once", async () => {
      const b = await addBooking();
      const res = await agent.patch(`/api/bookings/${b.id}/no-show`).expect(200);
      expect(res.body).toMatchObject({ status: "no-show", processed: true });
      await agent.patch(`/api/bookings/${b.id}/no-show`).expect(409);
      // No review can be requested for a no-show.
      await agent.post("/api/send-review-request").send({ bookingId: b.id }).expect(409);
    });
  });

  describe("reviews", () => {
    it("emails a signed link; the link takes one review; a second answers 409", async () => {
      const b = await addBooking({ name: "Tolu Bello", email: "tolu@example.com" });
      await agent.post("/api/send-review-request").send({ bookingId: b.id }).expect(409);
      const processed = await agent.patch(`/api/bookings/${b.id}/process`).expect(200);
      // Issue 28 item 5: not before the visit; once it took place and is completed, yes.
      await agent.post("/api/send-review-request").send({ bookingId: b.id }).expect(409);
      const past = new Date(Date.now() - 2 * 3_600_000);
      await t.db
        .update(appointments)
        .set({ startsAt: past, endsAt: new Date(past.getTime() + 3_600_000) })
        .where(eq(appointments.id, processed.body.appointmentId));
      await agent
        .patch(`/api/appointments/${processed.body.appointmentId}`)
        .send({ status: "completed" })
        .expect(200);
      const sent = await agent
        .post("/api/send-review-request")
        .send({ bookingId: b.id, customerName: "x", customerEmail: "attacker@example.com" })
        .expect(200);
      expect(sent.body.success).toBe(true);
      const [mail] = await t.db.select().from(outbox).where(eq(outbox.id, sent.body.outboxId));
      expect(mail?.toAddress).toBe("tolu@example.com");
      const link = /\/review\/(\d+)\?sig=([\w-]+)/.exec(mail?.textBody ?? "");
      expect(link?.[1]).toBe(String(b.id));
      const sig = link?.[2] as string;

      await request(t.app)
        .post("/api/reviews")
        .send({ bookingId: b.id, sig: "forged", rating: 4 })
        .expect(403);
      const noRating = await request(t.app)
        .post("/api/reviews")
        .send({ bookingId: b.id, sig, rating: 0 })
        .expect(400);
      expect(noRating.body.error.fields.rating).toBe(
        "Please select a star rating before submitting.",
      );
      const review = await request(t.app)
        .post("/api/reviews")
        .send({ bookingId: b.id, sig, rating: 4, reviewText: "  Lovely  " })
        .expect(201);
      expect(review.body).toMatchObject({
        rating: 4,
        reviewText: "Lovely",
        customerEmail: "tolu@example.com",
        serviceName: "HydraFacial",
      });
      await request(t.app)
        .post("/api/reviews")
        .send({ bookingId: b.id, sig, rating: 5 })
        .expect(409);
      const list = await agent.get("/api/reviews").expect(200);
      expect(list.body).toContainEqual(expect.objectContaining({ bookingId: b.id, rating: 4 }));
    });
  });

  describe("shell", () => {
    it("counts distinct clients over bookings and subscribers, and searches them", async () => {
      // Sign-ups and bookings make their client in the same transaction (issue 12).
      await request(t.app)
        .post("/api/newsletter")
        .send({ email: "news.only@example.com", consent: true })
        .expect(201);
      await addBooking({ name: "Ngozi Search", email: "ngozi@example.com" });
      const emails = new Set(
        (await t.db.select({ e: bookings.email }).from(bookings)).map((r) => r.e.toLowerCase()),
      );
      emails.add("news.only@example.com");
      const summary = await agent.get("/api/admin/summary").expect(200);
      expect(summary.body.clients).toBe(emails.size);
      const found = await agent.get("/api/admin/search?q=ngozi").expect(200);
      const kinds = found.body.results.map((r: { kind: string }) => r.kind);
      expect(kinds).toEqual(expect.arrayContaining(["client", "booking"]));
      const sub = await agent.get("/api/admin/search?q=news.only").expect(200);
      expect(sub.body.results[0]).toMatchObject({ kind: "client", title: "Newsletter Subscriber" });
    });

    it("dashboard figures match the database", async () => {
      await addBooking({ name: "Consultation Client", service: "consultation-facial" });
      const res = await agent.get("/api/admin/dashboard").expect(200);
      const rows = await t.db.select().from(bookings);
      const now = Date.now();
      const inWeek = (at: Date) => at.getTime() >= now && at.getTime() < now + 7 * 86_400_000;
      const active = (status: string) => !["cancelled", "no-show"].includes(status);
      // Requests still waiting, and appointments (a processed request is its appointment, issue
      // 28 item 1): the dashboard counts what the calendar shows.
      const waiting = rows.filter((b) => !b.processed && inWeek(b.date) && active(b.status));
      const booked = (await t.db.select().from(appointments)).filter(
        (a) => inWeek(a.startsAt) && active(a.status),
      );
      expect(res.body.upcoming.count).toBe(waiting.length + booked.length);
      // HydraFacial's own price; a consultation request the consultation price (20000); an
      // appointment its own price.
      expect(res.body.upcoming.value).toBe(
        waiting.reduce((sum, b) => sum + (b.service === String(facialId) ? 180000 : 20000), 0) +
          booked.reduce((sum, a) => sum + (a.priceKobo ?? 0) / 100, 0),
      );
      expect(res.body.recentSales.days).toHaveLength(7);
      // The activity feed merges requests and appointments, newest five.
      const appointmentRows = await t.db.$count(appointments);
      expect(res.body.activity.length).toBe(Math.min(5, rows.length + appointmentRows));
      expect(res.body.topStaff).toEqual([]);
    });

    it("clears admin data after keeping an export, and audits it", async () => {
      const member = await insertStaff(t.db, { email: "clear.me@example.com" });
      const desk = await signedInMember(t.app, t.db, agent, "front_desk");
      await addBooking({ email: "clear.booking@example.com" });
      const client = await insertClient(t.db, { email: "clear.client@example.com" });
      await insertAppointment(t.db, { staffId: member.id, clientId: client.id });
      const exported = await agent.get("/api/admin/export").expect(200);
      expect(exported.body.tables.bookings.length).toBeGreaterThan(0);
      // Processed requests of earlier tests have appointments too (issue 28 item 1).
      expect(exported.body.tables.appointments.length).toBeGreaterThanOrEqual(1);
      const res = await agent.post("/api/admin/clear-data").expect(200);
      expect(res.body).toMatchObject({
        success: true,
        cleared: expect.arrayContaining([
          "bookings",
          "reviews",
          "newsletter_subscribers",
          "clients",
          "appointments",
          "sales",
        ]),
      });
      expect(typeof res.body.message).toBe("string");
      expect(await t.db.select().from(bookings)).toEqual([]);
      // Admin spec §5: it removes bookings, customers, orders and more; issue 28 item 9: the team stays.
      expect(await t.db.select().from(appointments)).toEqual([]);
      expect(await t.db.select().from(clients)).toEqual([]);
      expect(res.body.cleared).not.toContain("staff");
      expect(res.body.cleared).not.toContain("pay_runs");
      expect((await t.db.select().from(staff)).map((s) => s.id)).toContain(member.id);
      // The front desk still signs in afterwards (issue 28 item 9).
      await request(t.app)
        .post("/api/auth/login")
        .send({ username: desk.email, password: MEMBER_PASSWORD })
        .expect(200);
      expect(readdirSync(path.join(dataDir, "exports"))).toHaveLength(1);
      const services = await request(t.app).get("/api/services").expect(200);
      expect(services.body.length).toBeGreaterThan(0);
      expect(await auditActions()).toContain("admin.clear-data");
    });
  });
});
