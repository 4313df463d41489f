/**
 * The role rules of issue 28 item 6 (common/roles.ts CAPABILITIES) through the API, on PGlite
 * and, with TEST_DATABASE_URL, PostgreSQL: a therapist sees their own calendar, clients and day,
 * blocks their own time and completes their own appointments; the front desk books and confirms
 * but does not delete or erase, nor see revenue; every refusal is a 403 naming the rule and
 * changes nothing.
 */
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lagosStartOfDay } from "#common/lagos-time.ts";
import { refusalOf } from "#common/roles.ts";
import { appointments, blockedTimes } from "#server/db/schema/calendar.ts";
import { clients } from "#server/db/schema/clients.ts";
import {
  insertAppointment,
  insertClient,
  insertService,
  insertStaff,
} from "#server/testing/builders.ts";
import { signedInMember } from "#server/testing/staff-accounts.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "#server/testing/test-app.ts";

type Agent = ReturnType<typeof request.agent>;

describe.each(dbKinds)("role capabilities on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let manager: Agent;
  let therapist: Agent;
  let desk: Agent;
  let ownStaffId: number;
  let otherStaffId: number;
  let ownClient: { id: number; email: string };
  let otherClient: { id: number; email: string };
  let ownAppointment: { id: number };
  let otherAppointment: { id: number };
  let serviceId: number;

  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_RATE_LIMIT: "1000" });
    manager = request.agent(t.app);
    await manager.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    const own = await signedInMember(t.app, t.db, manager, "therapist", { firstName: "Ngozi" });
    therapist = own.agent;
    ownStaffId = own.staffId;
    desk = (await signedInMember(t.app, t.db, manager, "front_desk", { firstName: "Kemi" })).agent;
    otherStaffId = (
      await insertStaff(t.db, { firstName: "Tunde", email: "tunde.roles@glowhaven.example" })
    ).id;
    serviceId = (await insertService(t.db, { name: "Glow Peel", price: 95000, duration: "1h" })).id;
    ownClient = await insertClient(t.db, { email: "ada.own@example.com", firstName: "Ada" });
    otherClient = await insertClient(t.db, { email: "bisi.other@example.com", firstName: "Bisi" });
    // A visit that has begun (so a rule that a visit cannot be completed before it starts holds).
    // Under way: begun half an hour ago, or at midnight when the Lagos day is younger than that
    // (the dashboard's "my day" is the Lagos day).
    const started = new Date(
      Math.max(Date.now() - 30 * 60_000, lagosStartOfDay(new Date()).getTime()),
    );
    ownAppointment = await insertAppointment(t.db, {
      staffId: ownStaffId,
      clientId: ownClient.id,
      customerName: "Ada Own",
      customerEmail: ownClient.email,
      status: "confirmed",
      startsAt: started,
    });
    otherAppointment = await insertAppointment(t.db, {
      staffId: otherStaffId,
      clientId: otherClient.id,
      customerName: "Bisi Other",
      customerEmail: otherClient.email,
      status: "confirmed",
      startsAt: started,
    });
    // Two invitations accepted (two password hashes): slow on a loaded machine.
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const statusOf = async (id: number) =>
    (await t.db.select().from(appointments).where(eq(appointments.id, id)))[0]?.status;

  describe("a therapist", () => {
    it("blocks their own time, and is refused another member's or all staff's with the rule", async () => {
      const block = {
        title: "Lunch",
        startTime: "2030-02-04 13:00",
        endTime: "2030-02-04 14:00",
        blockType: "break",
      };
      const mine = await therapist
        .post("/api/blocked-time")
        .send({ ...block, staffId: ownStaffId })
        .expect(201);
      expect(mine.body).toMatchObject({ title: "Lunch", staffId: ownStaffId });
      for (const staffId of [otherStaffId, null]) {
        const res = await therapist
          .post("/api/blocked-time")
          .send({ ...block, staffId })
          .expect(403);
        expect(res.body.error.message).toBe(
          "Your role does not allow this: a therapist blocks only their own time.",
        );
      }
      // Another member's block cannot be moved, handed over or deleted either.
      const theirs = await manager
        .post("/api/blocked-time")
        .send({ ...block, staffId: otherStaffId })
        .expect(201);
      await therapist.delete(`/api/blocked-time/${theirs.body.id}`).expect(403);
      await therapist
        .patch(`/api/blocked-time/${mine.body.id}`)
        .send({ staffId: otherStaffId })
        .expect(403);
      const kept = await t.db.select().from(blockedTimes);
      expect(kept.map((b) => b.staffId).sort()).toEqual([ownStaffId, otherStaffId].sort());
      await therapist.delete(`/api/blocked-time/${mine.body.id}`).expect(200);
    });

    it("completes their own appointment, not another member's, and does not cancel or book", async () => {
      const done = await therapist
        .patch(`/api/appointments/${ownAppointment.id}`)
        .send({ status: "completed" })
        .expect(200);
      expect(done.body.status).toBe("completed");
      const theirs = await therapist
        .patch(`/api/appointments/${otherAppointment.id}`)
        .send({ status: "completed" })
        .expect(403);
      expect(theirs.body.error.message).toBe(refusalOf("appointment.complete"));
      expect(await statusOf(otherAppointment.id)).toBe("confirmed");
      const cancel = await therapist
        .patch(`/api/appointments/${ownAppointment.id}`)
        .send({ status: "cancelled" })
        .expect(403);
      expect(cancel.body.error.message).toBe(
        "Your role does not allow this: only the front desk or a manager confirms, reschedules or cancels appointments.",
      );
      const book = await therapist
        .post("/api/appointments")
        .send({
          customerName: "New Client",
          customerEmail: "new.client@example.com",
          customerPhone: "08031234567",
          serviceId,
          appointmentDate: "2030-02-04 10:00",
        })
        .expect(403);
      expect(book.body.error.message).toBe(
        "Your role does not allow this: only the front desk or a manager books appointments.",
      );
    });

    it("lists only their own appointments and their own clients", async () => {
      const from = new Date(Date.now() - 86_400_000).toISOString();
      const to = new Date(Date.now() + 86_400_000).toISOString();
      const list = await therapist.get("/api/appointments").query({ from, to }).expect(200);
      expect(list.body.map((a: { id: string }) => a.id)).toEqual([String(ownAppointment.id)]);
      const all = await manager.get("/api/appointments").query({ from, to }).expect(200);
      expect(all.body).toHaveLength(2);

      const customers = await therapist.get("/api/customers").expect(200);
      expect(customers.body.map((c: { email: string }) => c.email)).toEqual([ownClient.email]);
      expect(customers.headers["x-total-count"]).toBe("1");
      // The sidebar's Clients badge counts theirs too.
      expect((await therapist.get("/api/admin/summary").expect(200)).body.clients).toBe(1);
      expect((await desk.get("/api/admin/summary").expect(200)).body.clients).toBe(2);
      await therapist.get(`/api/customers/${ownClient.id}`).expect(200);
      const other = await therapist.get(`/api/customers/${otherClient.id}`).expect(403);
      expect(other.body.error.message).toBe(
        "Your role does not allow this: a therapist sees only the records of their own clients.",
      );
      await therapist.get(`/api/customer-notes/${otherClient.email}`).expect(403);
      await therapist
        .put(`/api/customer-notes/${otherClient.email}`)
        .send({ notes: "not mine" })
        .expect(403);
      await therapist
        .put(`/api/customer-notes/${ownClient.email}`)
        .send({ notes: "Prefers mornings" })
        .expect(200);
      const deskList = await desk.get("/api/customers").expect(200);
      expect(deskList.body).toHaveLength(2);
    });

    it("sees their own day on the dashboard: no revenue, no other member's clients", async () => {
      const res = await therapist.get("/api/admin/dashboard").expect(200);
      const d = res.body;
      expect(d.scope).toBe("own");
      expect(d.recentSales).toBeNull();
      expect(d.topStaff).toBeNull();
      expect(d.activity).toBeNull();
      expect(d.upcoming.value).toBeNull();
      expect(d.myDay.today.map((a: { customerName: string }) => a.customerName)).toEqual([
        "Ada Own",
      ]);
      expect(d.myDay.today[0].value).toBe(0);
      expect(JSON.stringify(d)).not.toContain("Bisi Other");
    });
  });

  describe("the front desk", () => {
    it("is refused deleting or erasing a client with the rule, and the client stays", async () => {
      const del = await desk.delete(`/api/customers/${otherClient.id}`).expect(403);
      expect(del.body.error.message).toBe(
        "Your role does not allow this: only a manager deletes or erases clients.",
      );
      const erase = await desk.post(`/api/customers/${otherClient.id}/erase`).expect(403);
      expect(erase.body.error.message).toBe(del.body.error.message);
      const [row] = await t.db.select().from(clients).where(eq(clients.id, otherClient.id));
      expect(row?.email).toBe(otherClient.email);
    });

    it("is refused a client's export, which holds health data, with the rule", async () => {
      for (const suffix of ["export", "export.zip"]) {
        const res = await desk.get(`/api/customers/${otherClient.id}/${suffix}`).expect(403);
        expect(res.body.error.message).toBe(
          "Your role does not allow this: only a manager exports a client's data.",
        );
      }
    });

    it("books and confirms but does not delete an appointment", async () => {
      const created = await desk
        .post("/api/appointments")
        .send({
          customerName: "Chika Desk",
          customerEmail: "chika.desk@example.com",
          customerPhone: "08031234567",
          serviceId,
          appointmentDate: "2030-02-04 11:00",
        })
        .expect(201);
      await desk
        .patch(`/api/appointments/${created.body.id}`)
        .send({ status: "confirmed" })
        .expect(200);
      const del = await desk.delete(`/api/appointments/${created.body.id}`).expect(403);
      expect(del.body.error.message).toBe(
        "Your role does not allow this: only a manager deletes appointments; the front desk cancels them.",
      );
      expect(await statusOf(Number(created.body.id))).toBe("confirmed");
      await manager.delete(`/api/appointments/${created.body.id}`).expect(200);
    });

    it("sees the day's appointments on the dashboard but no revenue or team pay", async () => {
      const d = (await desk.get("/api/admin/dashboard").expect(200)).body;
      expect(d.scope).toBe("desk");
      expect(d.recentSales).toBeNull();
      expect(d.topStaff).toBeNull();
      expect(d.upcoming.value).toBeNull();
      const m = (await manager.get("/api/admin/dashboard").expect(200)).body;
      expect(m.scope).toBe("clinic");
      expect(m.recentSales.totalRevenue).toEqual(expect.any(Number));
      expect(m.topStaff).toEqual(expect.any(Array));
    });
  });
});
