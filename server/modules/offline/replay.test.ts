/**
 * Exactly once for the writes a device queues offline (issue 35; ./replay.ts), as an API client
 * sees it on PGlite and PostgreSQL: clock in and out (dated by the device), check-in and
 * completion, client notes; a resend is answered, never run again; a refusal releases the key.
 */
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#server/db/schema/access.ts";
import { timeEntries } from "#server/db/schema/staff.ts";
import { insertAppointment, insertClient, insertStaff } from "#server/testing/builders.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "#server/testing/test-app.ts";
import { REPLAY_MESSAGES } from "./replay.ts";

type Agent = ReturnType<typeof request.agent>;
const HOUR = 60 * 60 * 1000;

describe.each(dbKinds)("offline writes exactly once on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let agent: Agent;
  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = request.agent(t.app);
    await agent.post("/api/auth/login").send(TEST_ADMIN).expect(200);
  });
  afterAll(() => t?.close());

  const key = () => `offline-${Math.random().toString(36).slice(2)}-${Date.now()}`;

  it("a clock in and out queued offline: dated by the device, recorded once however often sent", async () => {
    const member = await insertStaff(t.db, { email: `clock.${Date.now()}@glowhaven.example` });
    const inKey = key();
    const clockedAt = new Date(Date.now() - 3 * HOUR).toISOString();
    const first = await agent
      .post("/api/time-tracking/clock-in")
      .set("Idempotency-Key", inKey)
      .send({ staffId: member.id, at: clockedAt })
      .expect(201);
    expect(new Date(first.body.clockInTime).toISOString()).toBe(clockedAt);
    // The answer was lost: the device sends it again.
    const again = await agent
      .post("/api/time-tracking/clock-in")
      .set("Idempotency-Key", inKey)
      .send({ staffId: member.id, at: clockedAt })
      .expect(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body).toEqual(first.body);

    const outKey = key();
    const outAt = new Date(Date.now() - HOUR).toISOString();
    const out = await agent
      .post("/api/time-tracking/clock-out")
      .set("Idempotency-Key", outKey)
      .send({ staffId: member.id, at: outAt })
      .expect(200);
    expect(new Date(out.body.clockOutTime).toISOString()).toBe(outAt);
    await agent
      .post("/api/time-tracking/clock-out")
      .set("Idempotency-Key", outKey)
      .send({ staffId: member.id, at: outAt })
      .expect(200);
    const entries = await t.db.select().from(timeEntries).where(eq(timeEntries.staffId, member.id));
    expect(entries).toHaveLength(1);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "staff"), eq(auditLog.entityId, String(member.id))));
    expect(audits.map((a) => a.action).sort()).toEqual(["time.clock-in", "time.clock-out"]);
  });

  it("a device clock in the future or weeks back is not believed: the server's time is used", async () => {
    const member = await insertStaff(t.db, { email: `future.${Date.now()}@glowhaven.example` });
    const before = Date.now();
    const res = await agent
      .post("/api/time-tracking/clock-in")
      .send({ staffId: member.id, at: new Date(Date.now() + 5 * HOUR).toISOString() })
      .expect(201);
    expect(new Date(res.body.clockInTime).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(res.body.clockInTime).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const bad = await agent
      .post("/api/time-tracking/clock-out")
      .send({ staffId: member.id, at: "yesterday" })
      .expect(400);
    expect(bad.body.error.fields.at).toBe("Clock time must be an ISO 8601 instant");
  });

  it("a refusal releases the key (resent after the cause is settled, it runs); a key is bound to its request", async () => {
    const member = await insertStaff(t.db, { email: `refused.${Date.now()}@glowhaven.example` });
    const outKey = key();
    // Clock-out before any clock-in: refused, nothing written.
    await agent
      .post("/api/time-tracking/clock-out")
      .set("Idempotency-Key", outKey)
      .send({ staffId: member.id })
      .expect(409);
    await agent.post("/api/time-tracking/clock-in").send({ staffId: member.id }).expect(201);
    await agent
      .post("/api/time-tracking/clock-out")
      .set("Idempotency-Key", outKey)
      .send({ staffId: member.id })
      .expect(200);

    // The same key for another request: refused, and that request is not run.
    const reused = await agent
      .post("/api/time-tracking/clock-in")
      .set("Idempotency-Key", outKey)
      .send({ staffId: member.id })
      .expect(409);
    expect(reused.body.error.message).toBe(REPLAY_MESSAGES.otherRequest);
    const entries = await t.db.select().from(timeEntries).where(eq(timeEntries.staffId, member.id));
    expect(entries).toHaveLength(1);

    const malformed = await agent
      .post("/api/time-tracking/clock-in")
      .set("Idempotency-Key", "short")
      .send({ staffId: member.id })
      .expect(400);
    expect(malformed.body.error.message).toBe(REPLAY_MESSAGES.badKey);
  });

  it("check-in and completion queued offline are answered once each; client notes too", async () => {
    const visit = await insertAppointment(t.db, {
      startsAt: new Date(Date.now() - 10 * 60_000),
      status: "confirmed",
    });
    const checkInKey = key();
    const checkIn = await agent
      .post(`/api/appointments/${visit.id}/check-in`)
      .set("Idempotency-Key", checkInKey)
      .expect(200);
    const completeKey = key();
    const done = await agent
      .patch(`/api/appointments/${visit.id}`)
      .set("Idempotency-Key", completeKey)
      .send({ status: "completed" })
      .expect(200);
    // Both answers were lost and sent again, in order: the same answers, nothing refused.
    const checkInAgain = await agent
      .post(`/api/appointments/${visit.id}/check-in`)
      .set("Idempotency-Key", checkInKey)
      .expect(200);
    expect(checkInAgain.body).toEqual(checkIn.body);
    const doneAgain = await agent
      .patch(`/api/appointments/${visit.id}`)
      .set("Idempotency-Key", completeKey)
      .send({ status: "completed" })
      .expect(200);
    expect(doneAgain.body).toEqual(done.body);
    const audits = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "appointment"), eq(auditLog.entityId, String(visit.id))));
    expect(audits.filter((a) => a.action === "appointment.check-in")).toHaveLength(1);

    const notesKey = key();
    const email = `notes.${Date.now()}@example.com`;
    await insertClient(t.db, { email });
    const saved = await agent
      .put(`/api/customer-notes/${encodeURIComponent(email)}`)
      .set("Idempotency-Key", notesKey)
      .send({ notes: "Prefers afternoon visits" })
      .expect(200);
    const resent = await agent
      .put(`/api/customer-notes/${encodeURIComponent(email)}`)
      .set("Idempotency-Key", notesKey)
      .send({ notes: "Prefers afternoon visits" })
      .expect(200);
    expect(resent.body).toEqual(saved.body);
    expect(resent.headers["idempotent-replayed"]).toBe("true");
  });
});
