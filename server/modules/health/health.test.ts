/**
 * The health record and the contraindication check (issue 30) on PGlite and, with
 * TEST_DATABASE_URL, PostgreSQL: need-to-know per role (front desk: labels; therapist: own
 * clients; manager: all), every read of the details audited, and the check where it runs:
 * appointment create, edit and confirm, the till, the shop and the public booking form, with
 * overrides audited.
 */
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTRAINDICATION_MESSAGES } from "#common/contraindications.ts";
import { lagosDate } from "#common/lagos-time.ts";
import { refusalOf } from "#common/roles.ts";
import { auditLog } from "#server/db/schema/access.ts";
import { clientHealthEntries } from "#server/db/schema/clients.ts";
import { outbox } from "#server/db/schema/content.ts";
import {
  insertAppointment,
  insertClient,
  insertProduct,
  insertService,
} from "#server/testing/builders.ts";
import { orderPayload } from "#server/testing/orders.ts";
import { signedInMember } from "#server/testing/staff-accounts.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "#server/testing/test-app.ts";

type Agent = ReturnType<typeof request.agent>;

/** A public booking slot at least two days ahead, never a Sunday (Lagos). */
function publicSlot(): string {
  let day = new Date(Date.now() + 2 * 86_400_000);
  while (new Date(`${lagosDate(day)}T12:00:00Z`).getUTCDay() === 0) {
    day = new Date(day.getTime() + 86_400_000);
  }
  return `${lagosDate(day)} at 10:30 AM`;
}

describe.each(dbKinds)("health record and contraindication check on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let manager: Agent;
  let desk: Agent;
  let therapist: Agent;
  let therapistStaffId: number;
  let botox: { id: number };
  let laser: { id: number };
  let facial: { id: number };
  let retinol: { id: number };
  let cleanser: { id: number };

  const auditCount = async (action: string, entityId: number) =>
    (
      await t.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))))
    ).length;

  /** A client with `entries` recorded by the manager. */
  async function clientWith(
    email: string,
    entries: { kind: string; code?: string | null; note?: string }[],
  ) {
    const client = await insertClient(t.db, { email, firstName: "Ngozi", lastName: "Ade" });
    for (const entry of entries) {
      await manager.post(`/api/customers/${client.id}/health`).send(entry).expect(201);
    }
    return client;
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_RATE_LIMIT: "1000" });
    manager = request.agent(t.app);
    await manager.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    desk = (await signedInMember(t.app, t.db, manager, "front_desk")).agent;
    const member = await signedInMember(t.app, t.db, manager, "therapist");
    therapist = member.agent;
    therapistStaffId = member.staffId;
    botox = await insertService(t.db, {
      name: "Botox (per area)",
      category: "injectable-treatments",
      price: 150000,
    });
    laser = await insertService(t.db, {
      name: "Laser Hair Removal (Underarm)",
      category: "laser",
      price: 60000,
    });
    facial = await insertService(t.db, { name: "HydraFacial", price: 180000 });
    retinol = await insertProduct(t.db, {
      name: "Retinol 0.3% Night Serum",
      ingredients: "Squalane, Retinol, Bakuchiol",
      price: 30000,
      stock: 20,
    });
    cleanser = await insertProduct(t.db, { name: "Gentle Cleanser", price: 12500, stock: 20 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("shows the front desk labels only, clinical roles the details, and audits each read", async () => {
    const client = await clientWith("need.to.know@example.com", [
      { kind: "allergy", code: "retinoids", note: "Hives, 2024" },
      { kind: "pregnancy", code: "pregnant" },
    ]);
    const deskView = await desk.get(`/api/customers/${client.id}/health`).expect(200);
    expect(deskView.body).toMatchObject({
      alerts: ["Allergy", "Pregnant"],
      entries: null,
      canEdit: false,
    });
    expect(JSON.stringify(deskView.body)).not.toContain("Hives");
    expect(await auditCount("health.read", client.id)).toBe(0);

    const full = await manager.get(`/api/customers/${client.id}/health`).expect(200);
    expect(full.headers["cache-control"]).toBe("no-store");
    expect(full.body.canEdit).toBe(true);
    expect(full.body.entries).toEqual([
      expect.objectContaining({
        kind: "allergy",
        text: "Retinoids (retinol, retinal): Hives, 2024",
        recordedBy: TEST_ADMIN.username,
      }),
      expect.objectContaining({ kind: "pregnancy", code: "pregnant", text: "Pregnant" }),
    ]);
    expect(await auditCount("health.read", client.id)).toBe(1);
    const [read] = await t.db.select().from(auditLog).where(eq(auditLog.action, "health.read"));
    expect(JSON.stringify(read)).not.toContain("Hives");

    // A therapist: not their client → 403; once they have an appointment with them → details.
    const refused = await therapist.get(`/api/customers/${client.id}/health`).expect(403);
    expect(refused.body.error.message).toBe(refusalOf("client.view"));
    await insertAppointment(t.db, { clientId: client.id, staffId: therapistStaffId });
    const own = await therapist.get(`/api/customers/${client.id}/health`).expect(200);
    expect(own.body.entries).toHaveLength(2);
    expect(own.body.canEdit).toBe(true);
    expect(await auditCount("health.read", client.id)).toBe(2);

    // Recording: the front desk may not; a therapist on their own client may.
    const deskEdit = await desk
      .post(`/api/customers/${client.id}/health`)
      .send({ kind: "condition", note: "Eczema" })
      .expect(403);
    expect(deskEdit.body.error.message).toBe(refusalOf("health.edit"));
    const added = await therapist
      .post(`/api/customers/${client.id}/health`)
      .send({ kind: "skin", code: "V" })
      .expect(201);
    expect(added.body).toMatchObject({ kind: "skin", text: "Fitzpatrick V" });
    // A second skin type replaces the first; an entry can be removed.
    await therapist
      .post(`/api/customers/${client.id}/health`)
      .send({ kind: "skin", code: "VI" })
      .expect(201);
    const skins = await t.db
      .select()
      .from(clientHealthEntries)
      .where(
        and(eq(clientHealthEntries.clientId, client.id), eq(clientHealthEntries.kind, "skin")),
      );
    expect(skins.map((s) => s.code)).toEqual(["VI"]);
    await manager.delete(`/api/customers/${client.id}/health/${skins[0]?.id}`).expect(204);
    await manager.delete(`/api/customers/${client.id}/health/${skins[0]?.id}`).expect(404);
    const bad = await manager
      .post(`/api/customers/${client.id}/health`)
      .send({ kind: "flag", code: "not-a-flag" })
      .expect(400);
    expect(bad.body.error.fields.code).toBe("Choose one from the list");
    await manager.get("/api/customers/999999/health").expect(404);
  });

  it("blocks an injectable in pregnancy at booking until a clinician overrides with a reason", async () => {
    const client = await clientWith("pregnant.booking@example.com", [
      { kind: "pregnancy", code: "pregnant" },
    ]);
    const booking = {
      customerName: "Ngozi Ade",
      customerEmail: "pregnant.booking@example.com",
      customerPhone: "08031112222",
      serviceId: botox.id,
      appointmentDate: "2030-01-08 10:00",
    };
    const blocked = await desk.post("/api/appointments").send(booking).expect(400);
    expect(blocked.body.error.message).toBe(
      "Pregnant: Botox (per area) is not given during pregnancy.",
    );
    expect(blocked.body.error.findings).toEqual([
      expect.objectContaining({ ruleId: "pregnancy-procedure", level: "block" }),
    ]);
    const deskOverride = await desk
      .post("/api/appointments")
      .send({ ...booking, healthOverrideReason: "Client insists" })
      .expect(403);
    expect(deskOverride.body.error.message).toBe(refusalOf("health.override"));
    await manager
      .post("/api/appointments")
      .send({ ...booking, healthOverrideReason: "Obstetrician's letter on file" })
      .expect(201);
    const [override] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "health.override"), eq(auditLog.entityId, String(client.id))));
    expect(override?.details).toMatchObject({
      place: "appointment",
      reason: "Obstetrician's letter on file",
      rules: [{ ruleId: "pregnancy-procedure", level: "block", item: "Botox (per area)" }],
    });
    // A service that no rule stops books as before.
    await desk
      .post("/api/appointments")
      .send({ ...booking, serviceId: facial.id, appointmentDate: "2030-01-08 14:00" })
      .expect(201);
  });

  it("asks for a reason on a warning when an appointment is edited or a request confirmed", async () => {
    await clientWith("dark.skin@example.com", [{ kind: "skin", code: "VI" }]);
    const person = {
      customerName: "Tola Ade",
      customerEmail: "dark.skin@example.com",
      customerPhone: "08031113333",
    };
    const created = await desk
      .post("/api/appointments")
      .send({ ...person, serviceId: facial.id, appointmentDate: "2030-01-09 10:00" })
      .expect(201);
    const warned = await desk
      .patch(`/api/appointments/${created.body.id}`)
      .send({ serviceId: laser.id })
      .expect(409);
    expect(warned.body.error.findings).toEqual([
      expect.objectContaining({ ruleId: "fitzpatrick-laser", level: "warn" }),
    ]);
    // A move alone is not checked again; the change with a reason from the front desk goes.
    await desk
      .patch(`/api/appointments/${created.body.id}`)
      .send({ serviceId: laser.id, healthOverrideReason: "Test patch done, settings lowered" })
      .expect(200);
    await desk
      .patch(`/api/appointments/${created.body.id}`)
      .send({ appointmentDate: "2030-01-09 12:00" })
      .expect(200);

    // A web request confirmed on the calendar goes through the same check.
    const request_ = await manager
      .post("/api/bookings")
      .send({
        name: "Tola Ade",
        email: "dark.skin@example.com",
        phone: "08031113333",
        service: String(laser.id),
        date: "2030-01-10T10:00:00+01:00",
      })
      .expect(201);
    const confirm = await desk
      .patch(`/api/appointments/booking-${request_.body.id}`)
      .send({ status: "confirmed" })
      .expect(409);
    expect(confirm.body.error.message).toContain("Skin type V-VI");
    await desk
      .patch(`/api/appointments/booking-${request_.body.id}`)
      .send({ status: "confirmed", healthOverrideReason: "Patch test passed" })
      .expect(200);
  });

  it("refuses the allergen product at the till, and takes it with a clinician's reason", async () => {
    const client = await clientWith("allergic.till@example.com", [
      { kind: "allergy", note: "Retinol" },
    ]);
    const sale = {
      customerInfo: { name: "Ngozi Ade", email: "allergic.till@example.com", phone: null },
      clientId: client.id,
      paymentMethod: "card",
      cart: [
        { id: retinol.id, type: "product", quantity: 1 },
        { id: cleanser.id, type: "product", quantity: 1 },
      ],
    };
    const refused = await desk.post("/api/pos/process-sale").send(sale).expect(400);
    expect(refused.body.error.message).toBe(
      "Allergy: Retinol 0.3% Night Serum contains an ingredient the client's health record lists as an allergy.",
    );
    expect(refused.body.error.fields).toEqual({
      healthOverrideReason: CONTRAINDICATION_MESSAGES.acknowledge,
    });
    // The cleanser alone sells; the serum with a manager's reason too, audited.
    await desk
      .post("/api/pos/process-sale")
      .send({ ...sale, cart: [{ id: cleanser.id, type: "product", quantity: 1 }] })
      .expect(201);
    await manager
      .post("/api/pos/process-sale")
      .send({ ...sale, healthOverrideReason: "Patch test negative on 20 Nov" })
      .expect(201);
    expect(await auditCount("health.override", client.id)).toBe(1);

    // The customer dialog's Record Sale goes through the same check.
    const recorded = {
      type: "product",
      customerName: "Ngozi Ade",
      customerEmail: "allergic.till@example.com",
      paymentMethod: "card",
      itemId: retinol.id,
      quantity: 1,
    };
    await manager.post("/api/sales").send(recorded).expect(400);
    await manager
      .post("/api/sales")
      .send({ ...recorded, healthOverrideReason: "Dermatologist approved" })
      .expect(201);
    expect(await auditCount("health.override", client.id)).toBe(2);
  });

  it("asks a known client in the shop and the booking form for a consultation, revealing nothing", async () => {
    await clientWith("shop.pregnant@example.com", [
      { kind: "pregnancy", code: "pregnant" },
      { kind: "condition", note: "Gestational diabetes" },
    ]);
    const shop = await request(t.app)
      .post("/api/checkout/start")
      .send(
        orderPayload([{ id: retinol.id, quantity: 1 }], {
          customerEmail: "shop.pregnant@example.com",
        }),
      )
      .expect(409);
    expect(shop.body.error.message).toBe("A consultation is recommended before this product.");
    expect(shop.body.error.fields).toEqual({
      items: "Retinol 0.3% Night Serum: A consultation is recommended before this product.",
    });
    const shopText = JSON.stringify(shop.body);
    for (const secret of ["regnan", "diabetes", "Gestational", "health"]) {
      expect(shopText).not.toContain(secret);
    }
    // An unknown email, or a product no rule stops, checks out as before.
    await request(t.app)
      .post("/api/checkout/start")
      .send(orderPayload([{ id: retinol.id, quantity: 1 }], { customerEmail: "new@example.com" }))
      .expect(201);
    await request(t.app)
      .post("/api/checkout/start")
      .send(
        orderPayload([{ id: cleanser.id, quantity: 1 }], {
          customerEmail: "shop.pregnant@example.com",
        }),
      )
      .expect(201);

    const form = {
      name: "Ngozi Ade",
      email: "Shop.Pregnant@example.com",
      phone: "0803 123 4567",
      service: String(laser.id),
      date: publicSlot(),
    };
    const booked = await request(t.app).post("/api/bookings").send(form).expect(409);
    expect(booked.body.error.message).toBe(CONTRAINDICATION_MESSAGES.bookingConsultation);
    expect(booked.body.error.fields).toEqual({
      service: CONTRAINDICATION_MESSAGES.bookingConsultation,
    });
    expect(JSON.stringify(booked.body)).not.toContain("regnan");
    await request(t.app)
      .post("/api/bookings")
      .send({ ...form, service: String(facial.id) })
      .expect(201);
    // Nothing of the record reached the outbox.
    const queued = await t.db.select({ text: outbox.textBody }).from(outbox);
    expect(JSON.stringify(queued)).not.toContain("Gestational");
  });

  it("puts the entries in the client's own export, and erasure removes them", async () => {
    const client = await clientWith("erase.me@example.com", [
      { kind: "medication", note: "Warfarin 5mg" },
    ]);
    const exported = await manager.get(`/api/customers/${client.id}/export`).expect(200);
    expect(exported.body.health).toEqual([
      expect.objectContaining({ kind: "medication", note: "Warfarin 5mg" }),
    ]);
    const record = await manager.get(`/api/customers/${client.id}`).expect(200);
    expect(JSON.stringify(record.body)).not.toContain("Warfarin");
    await manager.post(`/api/customers/${client.id}/erase`).expect(200);
    const left = await t.db
      .select()
      .from(clientHealthEntries)
      .where(eq(clientHealthEntries.clientId, client.id));
    expect(left).toEqual([]);
  });
});
