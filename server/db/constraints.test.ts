/**
 * The back-office invariants the database holds by itself (ARCHITECTURE.md "Data rules"; admin
 * spec §3, §4): rows inserted straight into the tables, on PGlite and, with TEST_DATABASE_URL,
 * on PostgreSQL.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#server/db/client.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { appointments, blockedTimes } from "#server/db/schema/calendar.ts";
import { clientHealth, clients, customerNotes } from "#server/db/schema/clients.ts";
import { outbox } from "#server/db/schema/content.ts";
import { orders } from "#server/db/schema/orders.ts";
import { saleLines, salePayments, sales, surcharges } from "#server/db/schema/sales.ts";
import { payRuns, staff, staffSchedules, timeEntries } from "#server/db/schema/staff.ts";
import {
  buildAppointment,
  insertAppointment,
  insertClient,
  insertStaff,
} from "#server/testing/builders.ts";
import { createTestApp, dbKinds } from "#server/testing/test-app.ts";
import { SQL_STATE, sqlState } from "./sql-state.ts";

/** The SQLSTATE the write fails with, or 'ok' when it succeeds. */
async function outcome(write: PromiseLike<unknown>): Promise<string> {
  try {
    await write;
    return "ok";
  } catch (err) {
    return sqlState(err) ?? String(err);
  }
}

const at = (hhmm: string) => new Date(`2030-01-07T${hhmm}:00Z`);

describe.each(dbKinds)("database constraints on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let db: Db;
  let emails = 0;
  const uniqueEmail = (name: string) => `${name}.${++emails}@example.com`;

  beforeAll(async () => {
    t = await createTestApp(kind);
    db = t.db;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe("appointments never overlap for one staff member", () => {
    it("refuses a second active appointment overlapping the first (23P01)", async () => {
      const member = await insertStaff(db, { email: uniqueEmail("overlap") });
      await insertAppointment(db, { staffId: member.id, startsAt: at("09:00") });
      expect(
        await outcome(
          db
            .insert(appointments)
            .values(buildAppointment({ staffId: member.id, startsAt: at("09:30") })),
        ),
      ).toBe(SQL_STATE.exclusionViolation);
      // Also when an edit moves an existing appointment onto the first.
      const later = await insertAppointment(db, { staffId: member.id, startsAt: at("12:00") });
      expect(
        await outcome(
          db
            .update(appointments)
            .set({ startsAt: at("09:15"), endsAt: at("10:15") })
            .where(eq(appointments.id, later.id)),
        ),
      ).toBe(SQL_STATE.exclusionViolation);
    });

    it("lets cancelled and no-show appointments overlap, and frees the slot on cancel", async () => {
      const member = await insertStaff(db, { email: uniqueEmail("cancel") });
      const first = await insertAppointment(db, { staffId: member.id, startsAt: at("09:00") });
      await insertAppointment(db, {
        staffId: member.id,
        startsAt: at("09:00"),
        status: "cancelled",
      });
      await insertAppointment(db, { staffId: member.id, startsAt: at("09:30"), status: "no-show" });
      // Re-activating an overlapping cancelled one is refused.
      const cancelled = await insertAppointment(db, {
        staffId: member.id,
        startsAt: at("09:00"),
        status: "cancelled",
      });
      expect(
        await outcome(
          db
            .update(appointments)
            .set({ status: "scheduled" })
            .where(eq(appointments.id, cancelled.id)),
        ),
      ).toBe(SQL_STATE.exclusionViolation);
      await db
        .update(appointments)
        .set({ status: "cancelled" })
        .where(eq(appointments.id, first.id));
      await insertAppointment(db, { staffId: member.id, startsAt: at("09:00") });
    });

    it("lets two staff members, or unassigned appointments, share a time", async () => {
      const a = await insertStaff(db, { email: uniqueEmail("a") });
      const b = await insertStaff(db, { email: uniqueEmail("b") });
      await insertAppointment(db, { staffId: a.id, startsAt: at("14:00") });
      await insertAppointment(db, { staffId: b.id, startsAt: at("14:00") });
      await insertAppointment(db, { staffId: null, startsAt: at("14:00") });
      await insertAppointment(db, { staffId: null, startsAt: at("14:00") });
    });

    it("treats [10:00, 11:00) and [11:00, 12:00) as not overlapping", async () => {
      const member = await insertStaff(db, { email: uniqueEmail("touch") });
      await insertAppointment(db, { staffId: member.id, startsAt: at("10:00") });
      await insertAppointment(db, { staffId: member.id, startsAt: at("11:00") });
      const rows = await db
        .select({ during: appointments.during })
        .from(appointments)
        .where(eq(appointments.staffId, member.id));
      expect(rows).toHaveLength(2);
      expect(rows[0]?.during).toMatch(/^\[.*\)$/);
    });

    it("keeps ends_at = starts_at + duration, group size 1-10 and recurrence complete", async () => {
      const base = buildAppointment({ startsAt: at("16:00") });
      expect(await outcome(db.insert(appointments).values({ ...base, endsAt: at("16:30") }))).toBe(
        SQL_STATE.checkViolation,
      );
      expect(await outcome(db.insert(appointments).values({ ...base, groupSize: 11 }))).toBe(
        SQL_STATE.checkViolation,
      );
      expect(await outcome(db.insert(appointments).values({ ...base, groupSize: 0 }))).toBe(
        SQL_STATE.checkViolation,
      );
      expect(await outcome(db.insert(appointments).values({ ...base, isRecurring: true }))).toBe(
        SQL_STATE.checkViolation,
      );
      expect(
        await outcome(
          db.insert(appointments).values({
            ...base,
            groupSize: 10,
            isRecurring: true,
            recurrenceType: "weekly",
            recurrenceInterval: 1,
            recurrenceEndDate: "2030-03-01",
            seriesId: "6f1c3c1e-7d0b-4f5e-9d5a-1c2b3a4d5e6f",
          }),
        ),
      ).toBe("ok");
    });
  });

  describe("time entries", () => {
    it("allows one open entry per member (23505), and a new one after clocking out", async () => {
      const member = await insertStaff(db, { email: uniqueEmail("clock") });
      const [open] = await db
        .insert(timeEntries)
        .values({ staffId: member.id, clockInTime: at("08:00") })
        .returning();
      expect(
        await outcome(
          db.insert(timeEntries).values({ staffId: member.id, clockInTime: at("08:05") }),
        ),
      ).toBe(SQL_STATE.uniqueViolation);
      // Another member may be clocked in at the same time.
      const other = await insertStaff(db, { email: uniqueEmail("clock-other") });
      await db.insert(timeEntries).values({ staffId: other.id, clockInTime: at("08:05") });

      await db
        .update(timeEntries)
        .set({ clockOutTime: at("12:00"), status: "clocked_out" })
        .where(eq(timeEntries.id, open?.id ?? 0));
      expect(
        await outcome(
          db.insert(timeEntries).values({ staffId: member.id, clockInTime: at("13:00") }),
        ),
      ).toBe("ok");
    });

    it("refuses a clock-out before the clock-in and a status that disagrees with it", async () => {
      const member = await insertStaff(db, { email: uniqueEmail("clock-bad") });
      expect(
        await outcome(
          db.insert(timeEntries).values({
            staffId: member.id,
            clockInTime: at("12:00"),
            clockOutTime: at("11:00"),
            status: "clocked_out",
          }),
        ),
      ).toBe(SQL_STATE.checkViolation);
      expect(
        await outcome(
          db.insert(timeEntries).values({
            staffId: member.id,
            clockInTime: at("12:00"),
            clockOutTime: at("13:00"),
          }),
        ),
      ).toBe(SQL_STATE.checkViolation);
    });
  });

  describe("unique people", () => {
    it("keeps one client and one staff member per email, ignoring case", async () => {
      await insertClient(db, { email: "Same.Person@example.com" });
      expect(await outcome(insertClient(db, { email: "same.person@EXAMPLE.com" }))).toBe(
        SQL_STATE.uniqueViolation,
      );
      await insertStaff(db, { email: "Same.Member@example.com" });
      expect(await outcome(insertStaff(db, { email: "SAME.member@example.com" }))).toBe(
        SQL_STATE.uniqueViolation,
      );
    });

    it("keeps one note and one health record per client, deleted with the client", async () => {
      const client = await insertClient(db, { email: uniqueEmail("notes") });
      await db.insert(customerNotes).values({ clientId: client.id, notes: "Prefers mornings" });
      await db.insert(clientHealth).values({ clientId: client.id, skinType: "oily" });
      expect(
        await outcome(db.insert(customerNotes).values({ clientId: client.id, notes: "x" })),
      ).toBe(SQL_STATE.uniqueViolation);
      await db.delete(clients).where(eq(clients.id, client.id));
      expect(
        await db.select().from(customerNotes).where(eq(customerNotes.clientId, client.id)),
      ).toEqual([]);
    });
  });

  describe("status and type columns take only the listed values (23514)", () => {
    it("in the new tables", async () => {
      const member = await insertStaff(db, { email: uniqueEmail("status") });
      const client = await insertClient(db, { email: uniqueEmail("status") });
      const [sale] = await db
        .insert(sales)
        .values({
          customerName: "Walk-in",
          subtotalKobo: 1000,
          totalKobo: 1000,
          paymentMethod: "cash",
        })
        .returning();
      const saleId = sale?.id ?? 0;
      const bad = {
        "clients.status": db
          .update(clients)
          .set({ status: "vip" })
          .where(eq(clients.id, client.id)),
        "clients.source": db
          .update(clients)
          .set({ source: "billboard" })
          .where(eq(clients.id, client.id)),
        "client_health.skin_type": db
          .insert(clientHealth)
          .values({ clientId: client.id, skinType: "scaly" }),
        "appointments.status": db
          .insert(appointments)
          .values(buildAppointment({ startsAt: at("18:00"), status: "done" })),
        "appointments.recurrence_type": db.insert(appointments).values(
          buildAppointment({
            startsAt: at("18:00"),
            isRecurring: true,
            recurrenceType: "yearly",
            recurrenceInterval: 1,
          }),
        ),
        "blocked_times.block_type": db.insert(blockedTimes).values({
          title: "Lunch",
          startsAt: at("12:00"),
          endsAt: at("13:00"),
          blockType: "lunch",
        }),
        "blocked_times.color": db.insert(blockedTimes).values({
          title: "Lunch",
          startsAt: at("12:00"),
          endsAt: at("13:00"),
          color: "red",
        }),
        "staff.status": db.update(staff).set({ status: "fired" }).where(eq(staff.id, member.id)),
        "staff.role": db.update(staff).set({ role: "doctor" }).where(eq(staff.id, member.id)),
        "staff.department": db
          .update(staff)
          .set({ department: "marketing" })
          .where(eq(staff.id, member.id)),
        "staff_schedules.day_of_week": db.insert(staffSchedules).values({
          staffId: member.id,
          dayOfWeek: 7,
          startTime: "09:00",
          endTime: "17:00",
        }),
        "staff_schedules start < end": db.insert(staffSchedules).values({
          staffId: member.id,
          dayOfWeek: 1,
          startTime: "17:00",
          endTime: "09:00",
        }),
        "time_entries.status": db
          .insert(timeEntries)
          .values({ staffId: member.id, status: "on_break" }),
        "pay_runs.status": db.insert(payRuns).values({
          staffId: member.id,
          payPeriodStart: "2030-01-01",
          payPeriodEnd: "2030-01-07",
          status: "approved",
        }),
        "pay_runs net = gross - deductions": db.insert(payRuns).values({
          staffId: member.id,
          payPeriodStart: "2030-01-01",
          payPeriodEnd: "2030-01-07",
          regularPayKobo: 4_000_000,
          grossPayKobo: 4_000_000,
          deductionsKobo: 500_000,
          netPayKobo: 4_000_000,
        }),
        "sales.status": db.update(sales).set({ status: "pending" }).where(eq(sales.id, saleId)),
        "sales.payment_method": db
          .update(sales)
          .set({ paymentMethod: "cheque" })
          .where(eq(sales.id, saleId)),
        "sales total = subtotal + surcharges - discount": db
          .update(sales)
          .set({ discountKobo: 100 })
          .where(eq(sales.id, saleId)),
        "sale_lines.item_type": db.insert(saleLines).values({
          saleId,
          itemType: "membership",
          itemName: "Gold",
          unitPriceKobo: 1000,
          quantity: 1,
          lineTotalKobo: 1000,
        }),
        "sale_lines.quantity": db.insert(saleLines).values({
          saleId,
          itemType: "product",
          itemName: "Cleanser",
          unitPriceKobo: 1000,
          quantity: 0,
          lineTotalKobo: 0,
        }),
        "sale_payments.method": db
          .insert(salePayments)
          .values({ saleId, method: "cheque", amountKobo: 1000 }),
        "sale_payments.amount": db
          .insert(salePayments)
          .values({ saleId, method: "cash", amountKobo: 0 }),
        "surcharges.type": db
          .insert(surcharges)
          .values({ name: "Service charge", type: "percent", amount: 500 }),
        "surcharges percentage at most 100%": db
          .insert(surcharges)
          .values({ name: "Service charge", type: "percentage", amount: 10_001 }),
      };
      const results: Record<string, string> = {};
      for (const [name, write] of Object.entries(bad)) results[name] = await outcome(write);
      expect(results).toEqual(
        Object.fromEntries(Object.keys(bad).map((name) => [name, SQL_STATE.checkViolation])),
      );
    });

    it("in the existing tables, which accept every value the code writes", async () => {
      const [booking] = await db
        .insert(bookings)
        .values({
          name: "Ada",
          email: uniqueEmail("status"),
          phone: "0803",
          service: "consultation-facial",
          serviceName: "Facial Consultation",
          kind: "consultation",
          date: at("10:00"),
        })
        .returning();
      const id = booking?.id ?? 0;
      for (const status of [
        "scheduled",
        "confirmed",
        "completed",
        "cancelled",
        "no-show",
        "pending",
      ]) {
        expect(await outcome(db.update(bookings).set({ status }).where(eq(bookings.id, id)))).toBe(
          "ok",
        );
      }
      expect(
        await outcome(db.update(bookings).set({ status: "done" }).where(eq(bookings.id, id))),
      ).toBe(SQL_STATE.checkViolation);
      expect(
        await outcome(db.update(bookings).set({ kind: "package" }).where(eq(bookings.id, id))),
      ).toBe(SQL_STATE.checkViolation);

      const [order] = await db
        .insert(orders)
        .values({
          paymentReference: `txn_${Date.now()}-constraints`,
          paymentMethod: "test",
          customerName: "Ada",
          customerEmail: "ada@example.com",
          customerPhone: "0803",
          deliveryAddress: "1 Adeola Odeku",
          deliveryCity: "Lagos",
          deliveryState: "Lagos",
          deliveryPostalCode: "101241",
          subtotalKobo: 100,
          shippingKobo: 0,
          totalKobo: 100,
        })
        .returning();
      const orderId = order?.id ?? 0;
      for (const status of ["processing", "shipped", "completed", "cancelled", "refund-required"]) {
        expect(await outcome(db.update(orders).set({ status }).where(eq(orders.id, orderId)))).toBe(
          "ok",
        );
      }
      expect(
        await outcome(db.update(orders).set({ status: "lost" }).where(eq(orders.id, orderId))),
      ).toBe(SQL_STATE.checkViolation);

      for (const status of ["stored", "sent", "failed"]) {
        expect(
          await outcome(
            db
              .insert(outbox)
              .values({ kind: "test", toAddress: "a@b.c", subject: "s", textBody: "t", status }),
          ),
        ).toBe("ok");
      }
      expect(
        await outcome(
          db.insert(outbox).values({
            kind: "test",
            toAddress: "a@b.c",
            subject: "s",
            textBody: "t",
            status: "queued",
          }),
        ),
      ).toBe(SQL_STATE.checkViolation);
    });
  });

  describe("sales", () => {
    it("numbers sales from 1001 upwards and cascades lines and payments", async () => {
      const values = {
        customerName: "Walk-in",
        subtotalKobo: 500,
        totalKobo: 500,
        paymentMethod: "card",
      };
      const [first] = await db.insert(sales).values(values).returning();
      const [second] = await db.insert(sales).values(values).returning();
      expect(first?.saleNumber).toBeGreaterThanOrEqual(1001);
      expect(second?.saleNumber).toBe((first?.saleNumber ?? 0) + 1);
      const saleId = second?.id ?? 0;
      await db.insert(saleLines).values({
        saleId,
        itemType: "service",
        itemName: "Facial",
        unitPriceKobo: 250,
        quantity: 2,
        lineTotalKobo: 500,
      });
      await db
        .insert(salePayments)
        .values({ saleId, method: "card", amountKobo: 500, tipKobo: 50 });
      await db.delete(sales).where(eq(sales.id, saleId));
      const left = await db.execute(
        sql`select (select count(*) from ${saleLines} where sale_id = ${saleId}) + (select count(*) from ${salePayments} where sale_id = ${saleId}) as n`,
      );
      expect(Number((left as unknown as { rows: Array<{ n: unknown }> }).rows[0]?.n)).toBe(0);
    });
  });

  describe("deleting a staff member", () => {
    it("is refused while they have time entries; schedules and their blocks go with them", async () => {
      const member = await insertStaff(db, { email: uniqueEmail("remove") });
      await db
        .insert(staffSchedules)
        .values({ staffId: member.id, dayOfWeek: 1, startTime: "09:00", endTime: "17:00" });
      await db.insert(blockedTimes).values({
        title: "Training",
        staffId: member.id,
        startsAt: at("09:00"),
        endsAt: at("10:00"),
        blockType: "training",
      });
      const appointment = await insertAppointment(db, {
        staffId: member.id,
        startsAt: at("07:00"),
      });
      await db.insert(timeEntries).values({ staffId: member.id });
      expect(await outcome(db.delete(staff).where(eq(staff.id, member.id)))).toBe(
        SQL_STATE.foreignKeyViolation,
      );
      await db.delete(timeEntries).where(eq(timeEntries.staffId, member.id));
      await db.delete(staff).where(eq(staff.id, member.id));
      expect(
        await db.select().from(blockedTimes).where(eq(blockedTimes.staffId, member.id)),
      ).toEqual([]);
      const [kept] = await db
        .select({ staffId: appointments.staffId })
        .from(appointments)
        .where(eq(appointments.id, appointment.id));
      expect(kept).toEqual({ staffId: null });
    });
  });
});
