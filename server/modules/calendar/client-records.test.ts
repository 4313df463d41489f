/**
 * A client's appointments as the clients module changes them through the calendar
 * (client-records.ts): re-addressed on an email change, anonymised on an erasure; others untouched.
 */
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appointments } from "#server/db/schema/calendar.ts";
import { insertAppointment, insertClient } from "#server/testing/builders.ts";
import { createTestApp, dbKinds } from "#server/testing/test-app.ts";
import { anonymiseClientAppointments, moveAppointmentsToEmail } from "./client-records.ts";

describe.each(dbKinds)("a client's appointments on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const rows = () =>
    t.db
      .select({
        customerName: appointments.customerName,
        customerEmail: appointments.customerEmail,
        customerPhone: appointments.customerPhone,
        notes: appointments.notes,
        clientId: appointments.clientId,
      })
      .from(appointments)
      .orderBy(asc(appointments.id));

  it("moves them to a new email, then anonymises them, leaving other clients' alone", async () => {
    const ada = await insertClient(t.db, { email: "ada@example.com" });
    const other = await insertClient(t.db, { email: "bola@example.com" });
    const at = (hour: number) => new Date(`2030-01-07T${String(hour).padStart(2, "0")}:00:00Z`);
    await insertAppointment(t.db, { clientId: ada.id, customerEmail: "ada@example.com" });
    // Booked under her email before she had a client record.
    await insertAppointment(t.db, { customerEmail: "Ada@Example.com", startsAt: at(11) });
    await insertAppointment(t.db, {
      clientId: other.id,
      customerName: "Bola Ahmed",
      customerEmail: "bola@example.com",
      startsAt: at(13),
    });

    await t.db.transaction((tx) =>
      moveAppointmentsToEmail(tx, ada.id, "ada@example.com", "ada.obi@example.com"),
    );
    const moved = await rows();
    expect(moved.map((r) => [r.customerEmail, r.clientId])).toEqual([
      ["ada.obi@example.com", ada.id],
      ["ada.obi@example.com", ada.id],
      ["bola@example.com", other.id],
    ]);

    await t.db.transaction((tx) =>
      anonymiseClientAppointments(tx, ada.id, "ada.obi@example.com", {
        name: "Erased client",
        anonEmail: `erased-${ada.id}@erased.invalid`,
      }),
    );
    const erased = await rows();
    expect(erased.slice(0, 2)).toEqual([
      {
        customerName: "Erased client",
        customerEmail: `erased-${ada.id}@erased.invalid`,
        customerPhone: "",
        notes: null,
        clientId: null,
      },
      {
        customerName: "Erased client",
        customerEmail: `erased-${ada.id}@erased.invalid`,
        customerPhone: "",
        notes: null,
        clientId: null,
      },
    ]);
    expect(erased[2]).toMatchObject({ customerName: "Bola Ahmed", clientId: other.id });
  });
});
