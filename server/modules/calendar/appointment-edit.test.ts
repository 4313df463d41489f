/**
 * Editing an appointment (issue 28 item 2) through PATCH /api/appointments/{id}, on PGlite and,
 * with TEST_DATABASE_URL, PostgreSQL: a new therapist is checked like New Booking (409 with the
 * calendar's clash message, nothing changed), a new service brings its duration and price, an
 * unassigned appointment is checked once a therapist is set, and a drag's start + duration patch.
 * Members work Mon–Sat 10:00–19:00 so the days used stay bookable under working-time rules.
 */
import http from "node:http";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appointments } from "#server/db/schema/calendar.ts";
import { staffSchedules } from "#server/db/schema/staff.ts";
import { insertService, insertStaff } from "#server/testing/builders.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "#server/testing/test-app.ts";

const ADA = {
  customerName: "Ada Obi",
  customerEmail: "ada.edit@example.com",
  customerPhone: "08031234567",
};

describe.each(dbKinds)("editing an appointment on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let server: http.Server;
  let agent: ReturnType<typeof request.agent>;
  let hydra: { id: number };
  let peel: { id: number };
  let ngozi: { id: number };
  let tunde: { id: number };

  const book = (body: Record<string, unknown>) =>
    agent.post("/api/appointments").send({ ...ADA, serviceId: hydra.id, ...body });
  const stored = async (id: string) =>
    (
      await t.db
        .select()
        .from(appointments)
        .where(eq(appointments.id, Number(id)))
    )[0];

  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_RATE_LIMIT: "1000" });
    server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    agent = request.agent(server);
    await agent.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    hydra = await insertService(t.db, { name: "HydraFacial", price: 180000, duration: "1h" });
    peel = await insertService(t.db, { name: "Glow Peel", price: 95000, duration: "45m" });
    ngozi = await insertStaff(t.db, {
      firstName: "Ngozi",
      lastName: "Okafor",
      email: "ngozi.edit@glowhaven.example",
    });
    tunde = await insertStaff(t.db, {
      firstName: "Tunde",
      lastName: "Bello",
      email: "tunde.edit@glowhaven.example",
    });
    for (const member of [ngozi, tunde]) {
      await t.db.insert(staffSchedules).values(
        [1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
          staffId: member.id,
          dayOfWeek,
          startTime: "10:00",
          endTime: "19:00",
        })),
      );
    }
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await t?.close();
  });

  it("changes the therapist, refusing one who is busy then with New Booking's message", async () => {
    await book({ appointmentDate: "2030-04-01 11:00", staffId: tunde.id }).expect(201);
    const a = await book({ appointmentDate: "2030-04-01 11:30", staffId: ngozi.id }).expect(201);
    const refused = await agent.patch(`/api/appointments/${a.body.id}`).send({ staffId: tunde.id });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      "Tunde already has HydraFacial with Ada Obi on Mon 1 Apr 2030, 11:00–12:00",
    );
    expect((await stored(a.body.id))?.staffId).toBe(ngozi.id);

    const moved = await agent
      .patch(`/api/appointments/${a.body.id}`)
      .send({ staffId: tunde.id, appointmentDate: "2030-04-01 13:00" })
      .expect(200);
    expect(moved.body).toMatchObject({
      staffId: tunde.id,
      staffName: "Tunde Bello",
      appointmentDate: "2030-04-01T12:00:00.000Z",
    });
    const unassigned = await agent
      .patch(`/api/appointments/${a.body.id}`)
      .send({ staffId: null })
      .expect(200);
    expect(unassigned.body).toMatchObject({ staffId: null, staffName: null });
  });

  it("takes the new service's name, price and duration unless a duration is sent", async () => {
    const a = await book({ appointmentDate: "2030-04-02 10:00", staffId: ngozi.id }).expect(201);
    expect(a.body).toMatchObject({ duration: 60, price: 180000 });
    const peeled = await agent
      .patch(`/api/appointments/${a.body.id}`)
      .send({ serviceId: peel.id })
      .expect(200);
    expect(peeled.body).toMatchObject({
      serviceId: peel.id,
      serviceName: "Glow Peel",
      price: 95000,
      duration: 45,
      endTime: "2030-04-02T09:45:00.000Z",
    });
    const row = await stored(a.body.id);
    expect(row).toMatchObject({ priceKobo: 9_500_000, durationMinutes: 45 });
    const longer = await agent
      .patch(`/api/appointments/${a.body.id}`)
      .send({ serviceId: hydra.id, duration: 90, notes: "Extra mask" })
      .expect(200);
    expect(longer.body).toMatchObject({
      serviceName: "HydraFacial",
      price: 180000,
      duration: 90,
      notes: "Extra mask",
    });
    const bad = await agent.patch(`/api/appointments/${a.body.id}`).send({ serviceId: 999_999 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.serviceId).toBe("Service selection is required");
  });

  it("checks an unassigned appointment for clashes once a therapist is set", async () => {
    await book({ appointmentDate: "2030-04-03 14:00", staffId: ngozi.id }).expect(201);
    const loose = await book({ appointmentDate: "2030-04-03 14:30" }).expect(201);
    expect(loose.body.staffId).toBeNull();
    const refused = await agent
      .patch(`/api/appointments/${loose.body.id}`)
      .send({ staffId: ngozi.id });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      "Ngozi already has HydraFacial with Ada Obi on Wed 3 Apr 2030, 14:00–15:00",
    );
    expect((await stored(loose.body.id))?.staffId).toBeNull();
    await agent.patch(`/api/appointments/${loose.body.id}`).send({ staffId: tunde.id }).expect(200);
  });

  it("saves a drag (start and duration together) and refuses a resize onto the next visit", async () => {
    const a = await book({ appointmentDate: "2030-04-04 10:00", staffId: ngozi.id }).expect(201);
    await book({ appointmentDate: "2030-04-04 12:00", staffId: ngozi.id }).expect(201);
    const dragged = await agent
      .patch(`/api/appointments/${a.body.id}`)
      .send({ appointmentDate: "2030-04-04 10:15", duration: 75 })
      .expect(200);
    expect(dragged.body).toMatchObject({
      appointmentDate: "2030-04-04T09:15:00.000Z",
      endTime: "2030-04-04T10:30:00.000Z",
    });
    const refused = await agent.patch(`/api/appointments/${a.body.id}`).send({ duration: 120 });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      "Ngozi already has HydraFacial with Ada Obi on Thu 4 Apr 2030, 12:00–13:00",
    );
    expect((await stored(a.body.id))?.durationMinutes).toBe(75);
  });
});
