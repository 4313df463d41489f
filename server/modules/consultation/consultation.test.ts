/**
 * Issue 30 "Consultation first, on the server", on PGlite and (with TEST_DATABASE_URL)
 * PostgreSQL: a service the catalogue marks `consultationFirst` is refused without a completed
 * consultation on record at each place (calendar create, edit, confirm; Process on Bookings; the
 * till), allowed with one, and let through by a clinician's override with a reason, audited; the
 * front desk cannot override; the public form still takes the request (decision 0225).
 */
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lagosDate, lagosWeekday } from "#common/lagos-time.ts";
import { auditLog } from "#server/db/schema/access.ts";
import { services } from "#server/db/schema/catalog.ts";
import { insertAppointment, insertClient, insertService } from "#server/testing/builders.ts";
import { signConsent } from "#server/testing/forms.ts";
import { signedInMember } from "#server/testing/staff-accounts.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "#server/testing/test-app.ts";

/** A Lagos Tuesday 3-9 days ahead, 'YYYY-MM-DD' (inside opening hours at 11:00). */
function aheadTuesday(): string {
  for (let i = 3; i < 10; i++) {
    const day = new Date(Date.now() + i * 86_400_000);
    if (lagosWeekday(day) === 2) return lagosDate(day);
  }
  throw new Error("unreachable");
}

const LASER = "Laser Hair Removal (Underarm)";
const NEEDED = `${LASER} needs a consultation first: this client has no completed consultation on record in the last 12 months. Book a consultation first, or a clinician may override with a reason.`;

describe.each(dbKinds)("consultation first, on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let agent: ReturnType<typeof request.agent>;
  let desk: ReturnType<typeof request.agent>;
  let laser: { id: number };
  let consultation: { id: number };
  let facial: { id: number };
  const day = aheadTuesday();

  const person = (n: string) => ({
    customerName: `Client ${n}`,
    customerEmail: `client.${n}@example.com`,
    customerPhone: "08031234567",
  });
  const book = (who: ReturnType<typeof request.agent>, n: string, body = {}) =>
    who.post("/api/appointments").send({
      ...person(n),
      serviceId: laser.id,
      appointmentDate: `${day} 11:00`,
      ...body,
    });
  const overrides = async (action: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "consultation.override"), eq(auditLog.entity, "client")))
      .then((rows) => rows.filter((r) => JSON.stringify(r.details).includes(action)));
  /** A completed consultation `daysAgo` days ago for the client with `email`. */
  const consulted = async (email: string, daysAgo: number) => {
    const client = await insertClient(t.db, { email });
    await insertAppointment(t.db, {
      clientId: client.id,
      customerEmail: email,
      serviceName: "Laser Consultation",
      status: "completed",
      startsAt: new Date(Date.now() - daysAgo * 86_400_000),
      durationMinutes: 30,
    });
    return client;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_RATE_LIMIT: "1000" });
    agent = request.agent(t.app);
    await agent.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    desk = (await signedInMember(t.app, t.db, agent, "front_desk")).agent;
    laser = await insertService(t.db, {
      name: LASER,
      category: "laser",
      price: 40000,
      duration: "30m",
      consultationFirst: true,
    });
    consultation = await insertService(t.db, {
      name: "Laser Consultation",
      category: "laser",
      price: 20000,
      duration: "30m",
    });
    facial = await insertService(t.db, { name: "HydraFacial", price: 180000, duration: "1h" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("marks services in the catalogue; managers change the mark", async () => {
    const list = await request(t.app).get("/api/services").expect(200);
    const byId = new Map(
      list.body.map((s: { id: number; consultationFirst: boolean }) => [s.id, s]),
    );
    expect(byId.get(laser.id)).toMatchObject({ consultationFirst: true });
    expect(byId.get(facial.id)).toMatchObject({ consultationFirst: false });
    await agent.patch(`/api/services/${facial.id}`).send({ consultationFirst: true }).expect(200);
    const [row] = await t.db.select().from(services).where(eq(services.id, facial.id));
    expect(row?.consultationFirst).toBe(true);
    await agent.patch(`/api/services/${facial.id}`).send({ consultationFirst: false }).expect(200);
  });

  it("calendar create: refused without a consultation, allowed with one in the last 12 months", async () => {
    const refused = await book(agent, "a");
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(NEEDED);
    expect(refused.body.error.fields.overrideConsultation).toBe(NEEDED);
    // A service that needs none is booked as before.
    await book(agent, "a", { serviceId: facial.id }).expect(201);
    // A consultation 13 months ago no longer counts; one last month does.
    await consulted("client.old@example.com", 400);
    expect((await book(agent, "old")).status).toBe(400);
    await consulted("client.b@example.com", 30);
    await book(agent, "b").expect(201);
    // A consultation bought at the till counts too.
    await agent
      .post("/api/pos/process-sale")
      .send({
        customerInfo: { name: "Client c", email: "client.c@example.com" },
        paymentMethod: "card",
        cart: [{ id: consultation.id, type: "service", quantity: 1 }],
      })
      .expect(201);
    await book(agent, "c").expect(201);
  });

  it("calendar create: a clinician overrides with a reason, audited; the front desk cannot", async () => {
    const byDesk = await book(desk, "d", {
      overrideConsultation: true,
      consultationOverrideReason: "Seen at the sister clinic",
    });
    expect(byDesk.status).toBe(403);
    expect(byDesk.body.error.message).toBe(
      "Only a therapist or a manager may override the consultation requirement",
    );
    const noReason = await book(agent, "d", { overrideConsultation: true });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields.consultationOverrideReason).toBe(
      "Give a reason for overriding the consultation requirement",
    );
    await book(agent, "d", {
      overrideConsultation: true,
      consultationOverrideReason: "Seen at the sister clinic",
    }).expect(201);
    const [audit] = await overrides("Seen at the sister clinic");
    expect(audit?.details).toMatchObject({ place: "appointment", services: [LASER] });
  });

  it("calendar edit: changing to a consultation-first service is refused, overridable", async () => {
    const created = await book(agent, "e", { serviceId: facial.id }).expect(201);
    const changed = await agent
      .patch(`/api/appointments/${created.body.id}`)
      .send({ serviceId: laser.id });
    expect(changed.status).toBe(400);
    expect(changed.body.error.message).toBe(NEEDED);
    const byDesk = await desk.patch(`/api/appointments/${created.body.id}`).send({
      serviceId: laser.id,
      overrideConsultation: true,
      consultationOverrideReason: "Patch test done",
    });
    expect(byDesk.status).toBe(403);
    const ok = await agent
      .patch(`/api/appointments/${created.body.id}`)
      .send({
        serviceId: laser.id,
        overrideConsultation: true,
        consultationOverrideReason: "Patch test done",
      })
      .expect(200);
    expect(ok.body.serviceName).toBe(LASER);
    // Moving it later is not asked again: it passed the gate when it was booked.
    await agent
      .patch(`/api/appointments/${created.body.id}`)
      .send({ appointmentDate: `${day} 15:00` })
      .expect(200);
    expect(await overrides("Patch test done")).toHaveLength(1);
  });

  it("public form takes the request; Process and Confirm obey the gate", async () => {
    const requested = await request(t.app)
      .post("/api/bookings")
      .send({
        name: "Client f",
        email: "client.f@example.com",
        phone: "08051234567",
        service: String(laser.id),
        date: `${day} at 11:00 AM`,
      })
      .expect(201);
    const id = requested.body.id;
    const processed = await agent.patch(`/api/bookings/${id}/process`).send({});
    expect(processed.status).toBe(400);
    expect(processed.body.error.message).toBe(NEEDED);
    const confirmed = await agent
      .patch(`/api/appointments/booking-${id}`)
      .send({ status: "confirmed" });
    expect(confirmed.status).toBe(400);
    expect(confirmed.body.error.message).toBe(NEEDED);
    const byDesk = await desk
      .patch(`/api/bookings/${id}/process`)
      .send({ overrideConsultation: true, consultationOverrideReason: "Doctor's referral" });
    expect(byDesk.status).toBe(403);
    const ok = await agent
      .patch(`/api/bookings/${id}/process`)
      .send({ overrideConsultation: true, consultationOverrideReason: "Doctor's referral" })
      .expect(200);
    expect(ok.body.appointmentId).toEqual(expect.any(Number));
    const [audit] = await overrides("Doctor's referral");
    expect(audit?.details).toMatchObject({ place: "booking" });

    // A consultation request is never held back.
    const consult = await request(t.app)
      .post("/api/bookings")
      .send({
        name: "Client g",
        email: "client.g@example.com",
        phone: "08051234567",
        service: "consultation-laser",
        date: `${day} at 12:00 PM`,
      })
      .expect(201);
    await desk.patch(`/api/bookings/${consult.body.id}/process`).send({}).expect(200);
  });

  it("till: refused without a consultation; a clinician overrides, audited; the desk cannot", async () => {
    const sell = (who: ReturnType<typeof request.agent>, n: string, body = {}) =>
      who.post("/api/pos/process-sale").send({
        customerInfo: { name: `Client ${n}`, email: `client.${n}@example.com` },
        paymentMethod: "card",
        cart: [{ id: laser.id, type: "service", quantity: 1 }],
        ...body,
      });
    const refused = await sell(desk, "h");
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(NEEDED);
    const byDesk = await sell(desk, "h", {
      overrideConsultation: true,
      consultationOverrideReason: "Top-up session",
    });
    expect(byDesk.status).toBe(403);
    // The consent gate (issue 31) takes the clinician's reason too.
    await sell(agent, "h", {
      overrideConsultation: true,
      consultationOverrideReason: "Top-up session",
      healthOverrideReason: "Consent signed on paper",
    }).expect(201);
    const [audit] = await overrides("Top-up session");
    expect(audit?.details).toMatchObject({ place: "sale", services: [LASER] });
    // A client with a completed consultation is sold the treatment by the front desk.
    const clientI = await consulted("client.i@example.com", 10);
    await signConsent(t.db, clientI.id, "laser");
    await sell(desk, "i").expect(201);
    // The customer dialog's Record Sale (POST /api/sales) is held to the same rule.
    const record = (who: ReturnType<typeof request.agent>, body = {}) =>
      who.post("/api/sales").send({
        type: "service",
        customerName: "Client k",
        customerEmail: "client.k@example.com",
        itemId: laser.id,
        ...body,
      });
    const recorded = await record(desk);
    expect(recorded.status).toBe(400);
    expect(recorded.body.error.message).toBe(NEEDED);
    await record(agent, {
      overrideConsultation: true,
      consultationOverrideReason: "Record sale override",
      healthOverrideReason: "Consent signed on paper",
    }).expect(201);
    expect(await overrides("Record sale override")).toHaveLength(1);
    // Products and other services are sold as before.
    await desk
      .post("/api/pos/process-sale")
      .send({
        customerInfo: { name: "Client j", email: "client.j@example.com" },
        paymentMethod: "card",
        cart: [{ id: facial.id, type: "service", quantity: 1 }],
      })
      .expect(201);
  });
});
