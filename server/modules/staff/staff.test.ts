/**
 * The staff API (admin spec §3, §4, §7; issue 13) on PGlite and PostgreSQL: members, schedules,
 * the time clock (one open entry, breaks, corrections), pay runs computed from closed hours,
 * analytics and staff sign-in.
 */
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminUsers, auditLog } from "#server/db/schema/access.ts";
import { saleLines, salePayments, sales } from "#server/db/schema/sales.ts";
import { timeEntries, timeEntryBreaks } from "#server/db/schema/staff.ts";
import { insertAppointment, insertStaff } from "#server/testing/builders.ts";
import {
  invitationToken,
  MEMBER_PASSWORD,
  signedInMember,
} from "#server/testing/staff-accounts.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "#server/testing/test-app.ts";

/** Lagos wall time 'YYYY-MM-DD HH:MM' (UTC+1) as an instant. */
const at = (text: string) => new Date(`${text.replace(" ", "T")}:00+01:00`);

describe.each(dbKinds)("staff API on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let agent: ReturnType<typeof request.agent>;
  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_RATE_LIMIT: "1000" });
    agent = request.agent(t.app);
    await agent.post("/api/auth/login").send(TEST_ADMIN).expect(200);
  });
  afterAll(() => t.close());

  describe("members", () => {
    it("needs a session", async () => {
      await request(t.app)
        .post("/api/staff")
        .send({ firstName: "Ada", lastName: "Obi", email: "ada@example.com" })
        .expect(401);
      await request(t.app).get("/api/staff").expect(401);
    });

    it("creates a member with the spec's defaults and refuses a duplicate email", async () => {
      const res = await agent
        .post("/api/staff")
        .send({ firstName: "Ada", lastName: "Obi", email: "ada@example.com", hourlyRate: "2500" })
        .expect(201);
      expect(res.body).toMatchObject({
        firstName: "Ada",
        lastName: "Obi",
        email: "ada@example.com",
        role: "therapist",
        department: "treatments",
        status: "active",
        hourlyRate: "2500.00",
        commissionRate: 0,
        access: { state: "none" },
      });
      const again = await agent
        .post("/api/staff")
        .send({ firstName: "Ada", lastName: "Two", email: "ADA@example.com" })
        .expect(409);
      expect(again.body.error.message).toBe("A staff member with this email already exists");
    });

    it("answers the spec's field messages", async () => {
      const res = await agent.post("/api/staff").send({ role: "boss" }).expect(400);
      expect(res.body.error.fields).toMatchObject({
        firstName: "First name is required",
        lastName: "Last name is required",
        email: "Valid email is required",
      });
    });

    it("edits, lists and removes a member; one with time entries must be archived instead", async () => {
      const created = await agent
        .post("/api/staff")
        .send({ firstName: "Bola", lastName: "Ade", email: "bola@example.com" })
        .expect(201);
      const id = created.body.id as number;
      const edited = await agent
        .patch(`/api/staff/${id}`)
        .send({ department: "sales", hourlyRate: 1800.5, commissionRate: 7.5 })
        .expect(200);
      expect(edited.body).toMatchObject({
        department: "sales",
        hourlyRate: "1800.50",
        commissionRate: 7.5,
      });
      const list = await agent.get("/api/staff").expect(200);
      expect(list.body.map((m: { email: string }) => m.email)).toContain("bola@example.com");
      await agent.patch("/api/staff/999999").send({ department: "sales" }).expect(404);
      await agent.patch("/api/staff/abc").send({}).expect(404);

      await agent.post("/api/time-tracking/clock-in").send({ staffId: id }).expect(201);
      await agent.post("/api/time-tracking/clock-out").send({ staffId: id }).expect(200);
      const refused = await agent.delete(`/api/staff/${id}`).expect(409);
      expect(refused.body.error.message).toMatch(/archived/);

      const other = await agent
        .post("/api/staff")
        .send({ firstName: "Gone", lastName: "Soon", email: "gone@example.com" })
        .expect(201);
      const removed = await agent.delete(`/api/staff/${other.body.id}`).expect(200);
      expect(removed.body.message).toBe("Staff member removed successfully!");
      await agent.delete(`/api/staff/${other.body.id}`).expect(404);
    });
  });

  describe("schedules", () => {
    it("replaces a member's week and lists it with the default location", async () => {
      const m = await insertStaff(t.db, { email: "sched@example.com" });
      const res = await agent
        .put(`/api/staff/${m.id}/schedules`)
        .send({
          days: [
            { dayOfWeek: 1, startTime: "09:00", endTime: "17:00" },
            { dayOfWeek: 3, startTime: "10:00", endTime: "18:00", location: "Lekki" },
          ],
        })
        .expect(200);
      expect(res.body).toMatchObject([
        { dayOfWeek: 1, startTime: "09:00", endTime: "17:00", location: "Main" },
        { dayOfWeek: 3, startTime: "10:00", endTime: "18:00", location: "Lekki" },
      ]);
      const list = await agent.get(`/api/staff-schedules?staffId=${m.id}`).expect(200);
      expect(list.body).toHaveLength(2);
      const bad = await agent
        .put(`/api/staff/${m.id}/schedules`)
        .send({ days: [{ dayOfWeek: 7, startTime: "18:00", endTime: "09:00" }] })
        .expect(400);
      expect(bad.body.error.fields).toMatchObject({
        "days.0.dayOfWeek": "Day must be 0 (Sunday) to 6 (Saturday)",
      });
      const backwards = await agent
        .put(`/api/staff/${m.id}/schedules`)
        .send({ days: [{ dayOfWeek: 2, startTime: "18:00", endTime: "09:00" }] })
        .expect(400);
      expect(backwards.body.error.message).toBe("End time must be after start time");
      expect((await agent.get(`/api/staff-schedules?staffId=${m.id}`)).body).toHaveLength(2);
    });
  });

  describe("time clock", () => {
    it("refuses a second clock-in (409), also when racing", async () => {
      const m = await insertStaff(t.db, {
        email: "clock@example.com",
        firstName: "Ngozi",
        lastName: "Okafor",
      });
      await agent.post("/api/time-tracking/clock-in").send({ staffId: m.id }).expect(201);
      const again = await agent
        .post("/api/time-tracking/clock-in")
        .send({ staffId: m.id })
        .expect(409);
      expect(again.body.error.message).toBe("Ngozi Okafor is already clocked in");
      await agent.post("/api/time-tracking/clock-out").send({ staffId: m.id }).expect(200);

      const racing = await Promise.all(
        Array.from({ length: 8 }, () =>
          agent.post("/api/time-tracking/clock-in").send({ staffId: m.id }),
        ),
      );
      expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
      await agent.post("/api/time-tracking/clock-out").send({ staffId: m.id }).expect(200);
      const out = await agent
        .post("/api/time-tracking/clock-out")
        .send({ staffId: m.id })
        .expect(409);
      expect(out.body.error.message).toBe("Ngozi Okafor is not clocked in");
    });

    it("clocks only active staff, and only known ones", async () => {
      const m = await insertStaff(t.db, { email: "inactive@example.com", status: "inactive" });
      const res = await agent
        .post("/api/time-tracking/clock-in")
        .send({ staffId: m.id })
        .expect(409);
      expect(res.body.error.message).toBe("Only active staff can clock in or out");
      await agent.post("/api/time-tracking/clock-in").send({ staffId: 999999 }).expect(404);
      const bad = await agent.post("/api/time-tracking/clock-in").send({}).expect(400);
      expect(bad.body.error.fields.staffId).toBe("Staff member is required");
    });

    it("takes breaks, ends a running break at clock-out and lists the entry", async () => {
      const m = await insertStaff(t.db, { email: "break@example.com" });
      await agent.post("/api/time-tracking/break-start").send({ staffId: m.id }).expect(409);
      await agent.post("/api/time-tracking/clock-in").send({ staffId: m.id }).expect(201);
      const onBreak = await agent
        .post("/api/time-tracking/break-start")
        .send({ staffId: m.id })
        .expect(200);
      expect(onBreak.body).toMatchObject({ onBreak: true, status: "clocked_in", totalHours: null });
      await agent.post("/api/time-tracking/break-start").send({ staffId: m.id }).expect(409);
      await agent.post("/api/time-tracking/break-end").send({ staffId: m.id }).expect(200);
      await agent.post("/api/time-tracking/break-end").send({ staffId: m.id }).expect(409);
      await agent.post("/api/time-tracking/break-start").send({ staffId: m.id }).expect(200);
      const out = await agent
        .post("/api/time-tracking/clock-out")
        .send({ staffId: m.id })
        .expect(200);
      expect(out.body.status).toBe("clocked_out");
      expect(out.body.onBreak).toBe(false);
      expect(out.body.breaks).toHaveLength(2);
      expect(
        out.body.breaks.every(
          (b: { endedAt: string | null; isPaid: boolean }) => b.endedAt && !b.isPaid,
        ),
      ).toBe(true);
      const list = await agent.get(`/api/time-tracking?staffId=${m.id}`).expect(200);
      expect(list.body[0]).toMatchObject({ id: out.body.id, status: "clocked_out" });
    });

    it("lets a manager correct a forgotten clock-out, with an audit row", async () => {
      const m = await insertStaff(t.db, { email: "forgot@example.com" });
      const [entry] = await t.db
        .insert(timeEntries)
        .values({ staffId: m.id, clockInTime: at("2030-01-07 09:00"), status: "clocked_in" })
        .returning();
      const id = entry?.id as number;
      const future = await agent
        .patch(`/api/time-tracking/${id}`)
        .send({ clockOutTime: "2999-01-01T10:00" })
        .expect(400);
      expect(future.body.error.message).toBe("Time must not be in the future");
      const before = await agent
        .patch(`/api/time-tracking/${id}`)
        .send({ clockOutTime: "2030-01-07 08:00" });
      // 2030 is in the future too; correct with past times instead.
      expect(before.status).toBe(400);
      await t.db
        .update(timeEntries)
        .set({ clockInTime: at("2024-03-04 09:00") })
        .where(eq(timeEntries.id, id));
      // A 30-minute break inside the shift, and one running now (after the corrected clock-out).
      await t.db.insert(timeEntryBreaks).values([
        { timeEntryId: id, startedAt: at("2024-03-04 13:00"), endedAt: at("2024-03-04 13:30") },
        { timeEntryId: id, startedAt: new Date() },
      ]);
      const bad = await agent
        .patch(`/api/time-tracking/${id}`)
        .send({ clockOutTime: "2024-03-04 08:00" })
        .expect(400);
      expect(bad.body.error.message).toBe("Clock-out must be after clock-in");
      const fixed = await agent
        .patch(`/api/time-tracking/${id}`)
        .send({ clockOutTime: "2024-03-04 17:30", reason: "Forgot to clock out" })
        .expect(200);
      // 09:00–17:30 less the 30-minute break; the running break is cut to nothing.
      expect(fixed.body).toMatchObject({ status: "clocked_out", totalHours: 8, onBreak: false });
      const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, "time.correct"));
      expect(audit.at(-1)).toMatchObject({ adminUsername: "admin", entityId: String(id) });
      expect(audit.at(-1)?.details).toMatchObject({
        before: { clockOutTime: null },
        after: { clockOutTime: "2024-03-04T16:30:00.000Z" },
        reason: "Forgot to clock out",
      });
      await agent
        .patch("/api/time-tracking/999999")
        .send({ clockOutTime: "2024-03-04 17:30" })
        .expect(404);
    });
  });

  describe("pay runs", () => {
    it("computes hours and pay from closed entries: overtime, a break, commission, tips, deductions", async () => {
      const m = await insertStaff(t.db, {
        email: "pay@example.com",
        firstName: "Funmi",
        lastName: "Bello",
        hourlyRateKobo: 200_000,
        commissionRateBp: 1_000,
      });
      // Mon 6 Jan 2030 … Fri: 9 h a day; Monday has a 1 h unpaid break → 44 h, 4 h overtime.
      for (const day of ["07", "08", "09", "10", "11"]) {
        const [e] = await t.db
          .insert(timeEntries)
          .values({
            staffId: m.id,
            clockInTime: at(`2030-01-${day} 09:00`),
            clockOutTime: at(`2030-01-${day} 18:00`),
            status: "clocked_out",
          })
          .returning();
        if (day === "07") {
          await t.db.insert(timeEntryBreaks).values({
            timeEntryId: e?.id as number,
            startedAt: at("2030-01-07 13:00"),
            endedAt: at("2030-01-07 14:00"),
          });
        }
      }
      // Open (not counted) and outside the period (not counted).
      await t.db.insert(timeEntries).values([
        { staffId: m.id, clockInTime: at("2030-01-12 09:00"), status: "clocked_in" },
        {
          staffId: m.id,
          clockInTime: at("2030-01-13 09:00"),
          clockOutTime: at("2030-01-13 17:00"),
          status: "clocked_out",
        },
      ]);
      // A completed ₦45,000 appointment of theirs, and one cancelled (not counted).
      await insertAppointment(t.db, {
        staffId: m.id,
        status: "completed",
        startsAt: at("2030-01-08 10:00"),
      });
      await insertAppointment(t.db, {
        staffId: m.id,
        status: "cancelled",
        startsAt: at("2030-01-09 10:00"),
      });
      // A POS sale whose product line names them (at 10%) and whose ₦500 tip is theirs: ₦10,000
      // of products (issue 29: credit goes to the line's member, not the cashier).
      const [account] = await t.db
        .insert(adminUsers)
        .values({
          username: "pay@example.com",
          passwordHash: "x",
          role: "front_desk",
          staffId: m.id,
        })
        .returning();
      const [sale] = await t.db
        .insert(sales)
        .values({
          customerName: "Walk-in",
          subtotalKobo: 1_000_000,
          totalKobo: 1_000_000,
          paymentMethod: "cash",
          soldAt: at("2030-01-10 12:00"),
          createdBy: account?.id,
        })
        .returning();
      await t.db.insert(saleLines).values({
        saleId: sale?.id as number,
        itemType: "product",
        itemName: "Serum",
        unitPriceKobo: 500_000,
        quantity: 2,
        lineTotalKobo: 1_000_000,
        staffId: m.id,
        commissionRateBp: 1_000,
      });
      await t.db.insert(salePayments).values({
        saleId: sale?.id as number,
        method: "cash",
        amountKobo: 1_000_000,
        tipKobo: 50_000,
        tipStaffId: m.id,
      });

      const res = await agent
        .post("/api/pay-runs")
        .send({
          staffId: m.id,
          payPeriodStart: "2030-01-06",
          payPeriodEnd: "2030-01-12",
          deductions: 5000,
          // Sent by the spec's client; computed on the server instead.
          regularHours: 99,
          netPay: 1,
          status: "paid",
        })
        .expect(201);
      expect(res.body).toMatchObject({
        staffId: m.id,
        staffName: "Funmi Bello",
        payPeriodStart: "2030-01-06",
        payPeriodEnd: "2030-01-12",
        regularHours: 40,
        overtimeHours: 4,
        regularPay: 80_000,
        overtimePay: 12_000,
        commissionEarned: 5_500,
        tips: 500,
        deductions: 5_000,
        grossPay: 98_000,
        netPay: 93_000,
        status: "pending",
        paidAt: null,
      });

      const overlap = await agent
        .post("/api/pay-runs")
        .send({ staffId: m.id, payPeriodStart: "2030-01-12", payPeriodEnd: "2030-01-18" })
        .expect(409);
      expect(overlap.body.error.message).toBe(
        "Funmi Bello already has a pay run covering part of this period",
      );

      const approved = await agent.post(`/api/pay-runs/${res.body.id}/approve`).expect(200);
      expect(approved.body).toMatchObject({ status: "paid" });
      expect(approved.body.paidAt).toBeTruthy();
      const twice = await agent.post(`/api/pay-runs/${res.body.id}/approve`).expect(409);
      expect(twice.body.error.message).toBe("This pay run is already paid");

      const list = await agent.get("/api/pay-runs").expect(200);
      expect(list.body[0]).toMatchObject({ id: res.body.id, netPay: 93_000 });
      const slip = await agent.get(`/api/pay-runs/${res.body.id}`).expect(200);
      expect(slip.body.grossPay).toBe(98_000);
    });

    it("refuses bad periods and deductions above gross pay", async () => {
      const m = await insertStaff(t.db, { email: "nopay@example.com", hourlyRateKobo: 100_000 });
      const order = await agent
        .post("/api/pay-runs")
        .send({ staffId: m.id, payPeriodStart: "2030-02-10", payPeriodEnd: "2030-02-01" })
        .expect(400);
      expect(order.body.error.fields.payPeriodEnd).toBe(
        "Pay period end must be on or after its start",
      );
      await agent
        .post("/api/pay-runs")
        .send({ staffId: m.id, payPeriodStart: "2030-02-30", payPeriodEnd: "2030-03-01" })
        .expect(400);
      await agent
        .post("/api/pay-runs")
        .send({ staffId: m.id, payPeriodStart: "2030-01-01", payPeriodEnd: "2030-03-01" })
        .expect(400);
      const high = await agent
        .post("/api/pay-runs")
        .send({
          staffId: m.id,
          payPeriodStart: "2030-02-01",
          payPeriodEnd: "2030-02-07",
          deductions: 1,
        })
        .expect(400);
      expect(high.body.error.message).toBe("Deductions cannot be more than gross pay");
      await agent
        .post("/api/pay-runs")
        .send({ staffId: 999999, payPeriodStart: "2030-02-01", payPeriodEnd: "2030-02-07" })
        .expect(404);
      await agent.post("/api/pay-runs/999999/approve").expect(404);
    });
  });

  it("answers analytics with per-department counts and hourly cost", async () => {
    const res = await agent.get("/api/staff/analytics").expect(200);
    expect(res.body).toMatchObject({
      activeStaff: expect.any(Number),
      totalHours: expect.any(Number),
      avgHoursPerWeek: expect.any(Number),
      attendanceRate: expect.any(Number),
    });
    expect(res.body.departments.map((d: { department: string }) => d.department)).toEqual([
      "treatments",
      "administration",
      "maintenance",
      "sales",
    ]);
  });

  it("finds members in the top-bar search", async () => {
    await insertStaff(t.db, {
      email: "searchable@example.com",
      firstName: "Searchable",
      lastName: "Member",
    });
    const res = await agent.get("/api/admin/search?q=searchable").expect(200);
    expect(res.body.results).toContainEqual(
      expect.objectContaining({ kind: "staff", title: "Searchable Member" }),
    );
  });

  it("shows real Top team member figures on the dashboard", async () => {
    const m = await insertStaff(t.db, {
      email: "top@example.com",
      firstName: "Zainab",
      lastName: "Top",
    });
    const justNow = new Date(Date.now() - 60_000);
    await insertAppointment(t.db, {
      staffId: m.id,
      status: "completed",
      startsAt: justNow,
      priceKobo: 9_000_000,
    });
    const res = await agent.get("/api/admin/dashboard").expect(200);
    const top = res.body.topStaff.find((s: { name: string }) => s.name === "Zainab Top");
    expect(top).toMatchObject({ appointments: 1, sales: 0, revenue: 90_000 });
  });

  describe("sign-in with roles", () => {
    it("invites a therapist by email; they sign in with their own password and see only their own", async () => {
      const {
        staffId,
        email,
        agent: therapist,
      } = await signedInMember(t.app, t.db, agent, "therapist", {
        firstName: "Tola",
        lastName: "Ayo",
      });
      const session = await therapist.get("/api/auth/session").expect(200);
      expect(session.body.user).toMatchObject({
        username: email,
        role: "therapist",
        staffId,
        name: "Tola Ayo",
      });

      // Signing in again with the password they chose.
      const again = request.agent(t.app);
      await again
        .post("/api/auth/login")
        .send({ username: email.toUpperCase(), password: MEMBER_PASSWORD })
        .expect(200);

      // Pay is hidden; their own clock works, someone else's does not.
      const list = await therapist.get("/api/staff").expect(200);
      expect(list.body.every((m: { hourlyRate: unknown }) => m.hourlyRate === null)).toBe(true);
      const other = await insertStaff(t.db, { email: "other-therapist@example.com" });
      const refused = await therapist
        .post("/api/time-tracking/clock-in")
        .send({ staffId: other.id })
        .expect(403);
      expect(refused.body.error.message).toBe("You can only clock yourself in and out");
      await therapist.post("/api/time-tracking/clock-in").send({ staffId }).expect(201);
      await therapist.post("/api/time-tracking/clock-out").send({ staffId }).expect(200);
      const entries = await therapist.get("/api/time-tracking").expect(200);
      expect(entries.body.length).toBeGreaterThan(0);
      expect(entries.body.every((e: { staffId: number }) => e.staffId === staffId)).toBe(true);
      await therapist.get("/api/pay-runs").expect(403);

      // Their calendar is their own.
      const soon = new Date(Date.now() + 2 * 86_400_000);
      await insertAppointment(t.db, { staffId, startsAt: soon });
      await insertAppointment(t.db, {
        staffId: other.id,
        startsAt: new Date(soon.getTime() + 3 * 3_600_000),
      });
      const calendar = await therapist.get("/api/appointments").expect(200);
      expect(calendar.body.length).toBe(1);
      expect(calendar.body[0].staffId).toBe(staffId);
      const everyone = await agent.get("/api/appointments").expect(200);
      expect(everyone.body.length).toBeGreaterThan(1);

      // The audit log names the member who acted.
      const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, "time.clock-in"));
      expect(audit.at(-1)?.adminUsername).toBe(`Tola Ayo <${email}>`);

      // The link works once.
      const member = await agent.get(`/api/staff/${staffId}`).expect(200);
      expect(member.body.access).toEqual({ state: "active", role: "therapist", twoStep: false });
    });

    it("refuses used, unknown and short links and short passwords; revoking ends the sessions", async () => {
      const created = await agent
        .post("/api/staff")
        .send({ firstName: "Desk", lastName: "One", email: "desk.one@example.com" })
        .expect(201);
      const granted = await agent
        .post(`/api/staff/${created.body.id}/access`)
        .send({ role: "front_desk" })
        .expect(201);
      expect(granted.body.state).toBe("invited");
      const token = await invitationToken(t.db, "desk.one@example.com");
      const info = await request(t.app).get(`/api/auth/invitations/${token}`).expect(200);
      expect(info.body).toEqual({
        email: "desk.one@example.com",
        name: "Desk One",
        role: "front_desk",
      });
      const short = await request(t.app)
        .post(`/api/auth/invitations/${token}`)
        .send({ password: "short" })
        .expect(400);
      expect(short.body.error.fields.password).toBe("Password must be at least 10 characters");
      const desk = request.agent(t.app);
      await desk
        .post(`/api/auth/invitations/${token}`)
        .send({ password: MEMBER_PASSWORD })
        .expect(201);
      await request(t.app)
        .post(`/api/auth/invitations/${token}`)
        .send({ password: MEMBER_PASSWORD })
        .expect(404);
      await request(t.app).get("/api/auth/invitations/not-a-real-token-at-all-xyz").expect(404);
      await agent.post(`/api/staff/${created.body.id}/access`).send({ role: "boss" }).expect(400);

      // Granting again changes the role of the existing account.
      const changed = await agent
        .post(`/api/staff/${created.body.id}/access`)
        .send({ role: "manager" })
        .expect(200);
      expect(changed.body.state).toBe("updated");
      expect((await desk.get("/api/auth/session")).body.user.role).toBe("manager");

      await agent.delete(`/api/staff/${created.body.id}/access`).expect(204);
      await desk.get("/api/auth/session").expect(401);

      // An archived member cannot sign in.
      const { staffId, agent: gone } = await signedInMember(t.app, t.db, agent, "therapist");
      await agent.patch(`/api/staff/${staffId}`).send({ status: "archived" }).expect(200);
      await gone.get("/api/auth/session").expect(401);
    });
  });
});

describe.each(dbKinds)("dashboard Top team member on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let agent: ReturnType<typeof request.agent>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = request.agent(t.app);
    await agent.post("/api/auth/login").send(TEST_ADMIN).expect(200);
  });
  afterAll(() => t.close());

  it("lists the first 3 staff, those with revenue first and the rest at ₦0 in list order", async () => {
    const names = [
      ["Ada", "One"],
      ["Bisi", "Two"],
      ["Chidi", "Three"],
      ["Dayo", "Four"],
    ];
    let third = 0;
    for (const [i, [firstName, lastName]] of names.entries()) {
      const m = await insertStaff(t.db, { email: `m${i}@example.com`, firstName, lastName });
      if (i === 2) third = m.id;
    }
    await insertAppointment(t.db, {
      staffId: third,
      status: "completed",
      startsAt: new Date(Date.now() - 60_000),
      priceKobo: 5_000_000,
    });
    const res = await agent.get("/api/admin/dashboard").expect(200);
    expect(res.body.topStaff).toEqual([
      { name: "Chidi Three", revenue: 50_000, appointments: 1, sales: 0 },
      { name: "Ada One", revenue: 0, appointments: 0, sales: 0 },
      { name: "Bisi Two", revenue: 0, appointments: 0, sales: 0 },
    ]);
  });
});
