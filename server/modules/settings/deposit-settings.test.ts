/**
 * The booking deposit's settings (issue 32 "the back office's settings: which services need a
 * deposit, its amount, hold minutes, whether pay-at-clinic is allowed"), on PGlite and, with
 * TEST_DATABASE_URL, PostgreSQL: the spec's values by default, a manager's to change (the
 * front desk is refused), every bad value a 400 with its message and nothing written, the
 * change audited, and the next booking held with the new values.
 */
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lagosDate, lagosWeekday } from "#common/lagos-time.ts";
import { refusalOf } from "#common/roles.ts";
import { SETTINGS_TEXTS } from "#common/settings.ts";
import { auditLog } from "#server/db/schema/access.ts";
import { staff, staffSchedules } from "#server/db/schema/staff.ts";
import { insertService } from "#server/testing/builders.ts";
import { signedInMember } from "#server/testing/staff-accounts.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "#server/testing/test-app.ts";

/** A Lagos day 3 to 9 days ahead that is not a Sunday. */
function aheadOpen(): string {
  for (let i = 3; i < 10; i++) {
    const day = new Date(Date.now() + i * 86_400_000);
    if (lagosWeekday(day) !== 0) return lagosDate(day);
  }
  throw new Error("unreachable");
}

describe.each(dbKinds)("the booking deposit settings on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let manager: ReturnType<typeof request.agent>;
  let hydra: { id: number };
  let peel: { id: number };

  const hold = (email: string, service: { id: number }, time = "2:00 PM") =>
    request(t.app)
      .post("/api/bookings/hold")
      .send({
        name: "Kemi Lawal",
        email,
        phone: "08051234567",
        message: "",
        service: String(service.id),
        date: `${aheadOpen()} at ${time}`,
      })
      .expect((res) => expect(res.status, JSON.stringify(res.body)).toBe(201));

  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_RATE_LIMIT: "1000" });
    manager = request.agent(t.app);
    await manager.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    hydra = await insertService(t.db, { name: "HydraFacial", price: 180000, duration: "1h" });
    peel = await insertService(t.db, { name: "Light Peel", price: 30000, duration: "30m" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("starts at the spec's values and is a manager's to change", async () => {
    expect((await manager.get("/api/admin/settings").expect(200)).body).toMatchObject({
      deposit: 20000,
      depositHoldMinutes: 15,
      payAtClinicAllowed: false,
      depositFreeServiceIds: [],
    });
    const desk = await signedInMember(t.app, t.db, manager, "front_desk");
    for (const res of [
      await desk.agent.get("/api/admin/settings"),
      await desk.agent.patch("/api/admin/settings").send({ deposit: 0 }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(refusalOf("settings.manage"));
    }
  });

  it("refuses bad values with their messages, and writes nothing", async () => {
    const bad: Array<[Record<string, unknown>, string, string]> = [
      [{ deposit: -1 }, "deposit", SETTINGS_TEXTS.deposit],
      [{ deposit: 100.555 }, "deposit", SETTINGS_TEXTS.deposit],
      [{ deposit: "20000" }, "deposit", SETTINGS_TEXTS.deposit],
      [{ depositHoldMinutes: 4 }, "depositHoldMinutes", SETTINGS_TEXTS.holdMinutes],
      [{ depositHoldMinutes: 121 }, "depositHoldMinutes", SETTINGS_TEXTS.holdMinutes],
      [{ depositHoldMinutes: 15.5 }, "depositHoldMinutes", SETTINGS_TEXTS.holdMinutes],
      [
        { payAtClinicAllowed: "yes" },
        "payAtClinicAllowed",
        "payAtClinicAllowed must be true or false",
      ],
      [{ depositFreeServiceIds: "all" }, "depositFreeServiceIds", SETTINGS_TEXTS.freeServices],
      [{ depositFreeServiceIds: [0] }, "depositFreeServiceIds.0", SETTINGS_TEXTS.freeServices],
      [
        { depositFreeServiceIds: [999_999] },
        "depositFreeServiceIds",
        SETTINGS_TEXTS.unknownService,
      ],
    ];
    for (const [body, field, message] of bad) {
      const res = await manager.patch("/api/admin/settings").send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.fields[field], JSON.stringify(body)).toBe(message);
    }
    const nothing = await manager.patch("/api/admin/settings").send({}).expect(400);
    expect(nothing.body.error.message).toBe(SETTINGS_TEXTS.nothing);
    expect((await manager.get("/api/admin/settings").expect(200)).body).toMatchObject({
      deposit: 20000,
      depositHoldMinutes: 15,
    });
    expect(
      await t.db.select().from(auditLog).where(eq(auditLog.action, "settings.update")),
    ).toEqual([]);
  });

  it("holds the next booking with the new amount and minutes, and audits the change", async () => {
    const saved = await manager
      .patch("/api/admin/settings")
      .send({
        deposit: 15000.5,
        depositHoldMinutes: 30,
        payAtClinicAllowed: true,
        depositFreeServiceIds: [peel.id, peel.id],
      })
      .expect(200);
    expect(saved.body).toMatchObject({
      deposit: 15000.5,
      depositHoldMinutes: 30,
      payAtClinicAllowed: true,
      depositFreeServiceIds: [peel.id],
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "settings.update"));
    expect(audit?.details).toMatchObject({
      before: { deposit: 20000, depositHoldMinutes: 15, payAtClinicAllowed: false },
      after: { deposit: 15000.5, depositHoldMinutes: 30, payAtClinicAllowed: true },
    });

    // The member signed in above is on the books as a therapist: give her working hours.
    const members = await t.db.select({ id: staff.id }).from(staff);
    await t.db.insert(staffSchedules).values(
      members.flatMap((m) =>
        [1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
          staffId: m.id,
          dayOfWeek,
          startTime: "10:00",
          endTime: "18:00",
        })),
      ),
    );
    const before = Date.now();
    const held = await hold("new.rules@example.com", hydra);
    expect(held.body).toMatchObject({
      status: "pending",
      payAtClinicAllowed: true,
      deposit: { amount: 15000.5, status: "pending" },
    });
    const minutes = (Date.parse(held.body.heldUntil) - before) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30.5);
    // A service without a deposit is booked at once.
    const free = await hold("peel@example.com", peel, "4:00 PM");
    expect(free.body).toMatchObject({ status: "scheduled", deposit: null, heldUntil: null });
  });
});
