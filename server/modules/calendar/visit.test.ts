/**
 * Issue 28 "One visit, from request to review", the server lifecycle, on PGlite and (with
 * TEST_DATABASE_URL) PostgreSQL: Process on Bookings makes the calendar appointment as Confirm
 * Booking does (item 1); opening hours, days off and the manager's audited override (item 3);
 * no outcome before the start, check-in and completion instants, review requests only after the
 * visit (item 5); the client's confirmation (item 8).
 */
import { and, desc, eq, like } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lagosDate, lagosWeekday } from "#common/lagos-time.ts";
import { auditLog } from "#server/db/schema/access.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { outbox } from "#server/db/schema/content.ts";
import { staffSchedules } from "#server/db/schema/staff.ts";
import { insertAppointment, insertService, insertStaff } from "#server/testing/builders.ts";
import { signedInMember } from "#server/testing/staff-accounts.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "#server/testing/test-app.ts";

/** A Lagos day 3-9 days ahead with the given weekday (0 Sunday … 6 Saturday), 'YYYY-MM-DD'. */
function aheadOn(weekday: number): string {
  for (let i = 3; i < 10; i++) {
    const day = new Date(Date.now() + i * 86_400_000);
    if (lagosWeekday(day) === weekday) return lagosDate(day);
  }
  throw new Error("unreachable");
}

describe.each(dbKinds)("one visit, from request to review, on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let agent: ReturnType<typeof request.agent>;
  let hydra: { id: number };
  let amaka: { id: number };

  const requestBooking = async (date: string, email = "kemi@example.com") =>
    (
      await request(t.app)
        .post("/api/bookings")
        .send({
          name: "Kemi Lawal",
          email,
          phone: "08051234567",
          service: String(hydra.id),
          date: `${date} at 11:00 AM`,
          message: "First visit",
        })
        .expect(201)
    ).body as { id: number };
  const book = (body: Record<string, unknown>) =>
    agent.post("/api/appointments").send({
      customerName: "Ada Obi",
      customerEmail: "ada.obi@example.com",
      customerPhone: "08031234567",
      serviceId: hydra.id,
      ...body,
    });

  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_RATE_LIMIT: "1000" });
    agent = request.agent(t.app);
    await agent.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    hydra = await insertService(t.db, { name: "HydraFacial", price: 180000, duration: "1h" });
    amaka = await insertStaff(t.db, {
      firstName: "Amaka",
      lastName: "Eze",
      email: "amaka@glowhaven.example",
    });
    // Amaka works Monday to Friday, 10:00-18:00.
    await t.db.insert(staffSchedules).values(
      [1, 2, 3, 4, 5].map((dayOfWeek) => ({
        staffId: amaka.id,
        dayOfWeek,
        startTime: "10:00",
        endTime: "18:00",
      })),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it("processes a request from Bookings into its calendar appointment, once (item 1, 8)", async () => {
    const day = aheadOn(2);
    const booking = await requestBooking(day);
    const processed = await agent
      .patch(`/api/bookings/${booking.id}/process`)
      .send({ staffId: amaka.id })
      .expect(200);
    expect(processed.body).toMatchObject({ id: booking.id, processed: true });
    const calendar = await agent.get(`/api/appointments?from=${day}&to=${day}`).expect(200);
    const visits = calendar.body.filter(
      (a: { bookingId: number | null }) => a.bookingId === booking.id,
    );
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({
      id: String(processed.body.appointmentId),
      status: "confirmed",
      staffName: "Amaka Eze",
      virtual: false,
    });
    // Processing again links to the same appointment; confirming on the calendar is refused.
    const again = await agent.patch(`/api/bookings/${booking.id}/process`).expect(200);
    expect(again.body.appointmentId).toBe(processed.body.appointmentId);
    const confirm = await agent
      .patch(`/api/appointments/booking-${booking.id}`)
      .send({ status: "confirmed" });
    expect(confirm.status).toBe(409);
    const rows = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.bookingId, booking.id));
    expect(rows).toHaveLength(1);
    // The dashboard lists the visit once, as the calendar's appointment.
    const dashboard = await agent.get("/api/admin/dashboard").expect(200);
    const listed = dashboard.body.upcoming.items.filter((i: { id: string }) =>
      [String(rows[0]?.id), `booking-${booking.id}`].includes(i.id),
    );
    expect(listed.map((i: { id: string }) => i.id)).toEqual([String(rows[0]?.id)]);
    // The client is told: therapist's first name, address, the fee and 24-hour policy.
    const [email] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, "kemi@example.com"), like(outbox.subject, "%onfirm%")))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(email?.textBody).toContain("Amaka");
    expect(email?.textBody).toContain("14 Adeola Odeku Street");
    expect(email?.textBody).toContain("24 hours");
    expect(email?.textBody).toContain("20,000");
  });

  it("processes a request unassigned, and checks the clash once a therapist is set (item 1)", async () => {
    const day = aheadOn(3);
    const taken = await book({ appointmentDate: `${day} 11:00`, staffId: amaka.id }).expect(201);
    const booking = await requestBooking(day, "tola@example.com");
    const processed = await agent.patch(`/api/bookings/${booking.id}/process`).expect(200);
    const id = processed.body.appointmentId as number;
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row?.staffId).toBeNull();
    const assign = await agent.patch(`/api/appointments/${id}`).send({ staffId: amaka.id });
    expect(assign.status).toBe(409);
    expect(assign.body.error.message).toMatch(/^Amaka already has HydraFacial with Ada Obi/);
    // A clash is never overridden, so it does not name the override.
    expect(assign.body.error.fields?.overrideWorkingHours).toBeUndefined();
    await agent.delete(`/api/appointments/${taken.body.id}`).expect(200);
    await agent.patch(`/api/appointments/${id}`).send({ staffId: amaka.id }).expect(200);
  });

  it("refuses Sundays, hours outside opening and a member's day off; a manager may override (item 3)", async () => {
    const sunday = await book({ appointmentDate: `${aheadOn(0)} 11:00` });
    expect(sunday.status).toBe(409);
    expect(sunday.body.error.message).toBe("The clinic is closed on Sundays");
    // The screens offer a manager the override on this refusal alone (decision 0240).
    expect(sunday.body.error.fields).toEqual({
      overrideWorkingHours: "The clinic is closed on Sundays",
    });
    const early = await book({ appointmentDate: `${aheadOn(1)} 09:00` });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(
      "Outside opening hours: the clinic is open Monday-Saturday 10:00–19:00 (Lagos time)",
    );
    const saturday = await book({ appointmentDate: `${aheadOn(6)} 11:00`, staffId: amaka.id });
    expect(saturday.status).toBe(409);
    expect(saturday.body.error.message).toBe("Amaka does not work on Saturdays");
    expect(saturday.body.error.fields?.overrideWorkingHours).toBe(
      "Amaka does not work on Saturdays",
    );
    const moveTo = await book({ appointmentDate: `${aheadOn(1)} 12:00`, staffId: amaka.id });
    expect(moveTo.status).toBe(201);
    const moved = await agent
      .patch(`/api/appointments/${moveTo.body.id}`)
      .send({ appointmentDate: `${aheadOn(0)} 12:00` });
    expect(moved.status).toBe(409);
    expect(moved.body.error.message).toBe("The clinic is closed on Sundays");

    const noReason = await book({
      appointmentDate: `${aheadOn(6)} 11:00`,
      staffId: amaka.id,
      overrideWorkingHours: true,
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields.overrideReason).toBe(
      "Give a reason for booking outside working hours",
    );
    const desk = await signedInMember(t.app, t.db, agent, "front_desk");
    const byDesk = await desk.agent.post("/api/appointments").send({
      customerName: "Ada Obi",
      customerEmail: "ada.obi@example.com",
      customerPhone: "08031234567",
      serviceId: hydra.id,
      appointmentDate: `${aheadOn(6)} 11:00`,
      overrideWorkingHours: true,
      overrideReason: "Bride's early prep",
    });
    expect(byDesk.status).toBe(403);
    expect(byDesk.body.error.message).toBe("Only a manager may book outside working hours");
    const overridden = await book({
      appointmentDate: `${aheadOn(6)} 11:00`,
      staffId: amaka.id,
      overrideWorkingHours: true,
      overrideReason: "Bride's early prep",
    }).expect(201);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "appointment.create"),
          eq(auditLog.entityId, String(overridden.body.id)),
        ),
      );
    expect(JSON.stringify(audit?.details)).toContain("Bride's early prep");
  });

  it("refuses completing or no-show before the start; checks in and completes with instants (item 5)", async () => {
    const future = await book({ appointmentDate: `${aheadOn(2)} 14:00` }).expect(201);
    const complete = await agent
      .patch(`/api/appointments/${future.body.id}`)
      .send({ status: "completed" });
    expect(complete.status).toBe(409);
    expect(complete.body.error.message).toBe("An appointment cannot be completed before it starts");
    const noShow = await agent
      .patch(`/api/appointments/${future.body.id}`)
      .send({ status: "no-show" });
    expect(noShow.status).toBe(409);
    expect(noShow.body.error.message).toBe(
      "An appointment cannot be marked as a no-show before it starts",
    );
    const early = await agent.post(`/api/appointments/${future.body.id}/check-in`);
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(
      "A client can be checked in only on the day of the visit",
    );

    const now = await insertAppointment(t.db, {
      startsAt: new Date(Date.now() - 5 * 60_000),
      status: "confirmed",
    });
    const checkedIn = await agent.post(`/api/appointments/${now.id}/check-in`).expect(200);
    expect(checkedIn.body.checkedInAt).toEqual(expect.any(String));
    expect(checkedIn.body.status).toBe("confirmed");
    const done = await agent
      .patch(`/api/appointments/${now.id}`)
      .send({ status: "completed" })
      .expect(200);
    expect(done.body.completedAt).toEqual(expect.any(String));
    await agent.post(`/api/appointments/${now.id}/check-in`).expect(409);
    await agent.post("/api/appointments/999999/check-in").expect(404);
  });

  it("accepts a review request only after the visit is completed (item 5)", async () => {
    const booking = await requestBooking(aheadOn(4), "review.me@example.com");
    const processed = await agent.patch(`/api/bookings/${booking.id}/process`).expect(200);
    const early = await agent.post("/api/send-review-request").send({ bookingId: booking.id });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(
      "A review can be requested only after the visit is completed",
    );
    // The visit took place (moved into the past in the database), then is completed.
    const id = processed.body.appointmentId as number;
    const past = new Date(Date.now() - 2 * 3_600_000);
    await t.db
      .update(appointments)
      .set({ startsAt: past, endsAt: new Date(past.getTime() + 3_600_000) })
      .where(eq(appointments.id, id));
    await agent.patch(`/api/appointments/${id}`).send({ status: "completed" }).expect(200);
    await agent.post("/api/send-review-request").send({ bookingId: booking.id }).expect(200);
  });
});
