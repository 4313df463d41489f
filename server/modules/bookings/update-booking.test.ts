/**
 * An admin's booking edit (PATCH /api/bookings/{id}, admin spec §4, §5): the date forms staff
 * send (the calendar's 24-hour Lagos wall time, the form's 'at h:mm AM' text, ISO) and the
 * range they must keep (a half hour 08:00-19:30 Lagos); and the writes other modules make on
 * bookings inside their own transaction (the calendar's, the clients module's).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpError } from "#server/http.ts";
import { insertClient, insertService } from "#server/testing/builders.ts";
import { createTestApp, dbKinds } from "#server/testing/test-app.ts";
import { deleteClientBookings, moveBookingsToEmail } from "./client-records.ts";
import {
  createBooking,
  getBooking,
  lockBooking,
  setBookingState,
  updateBooking,
} from "./service.ts";

const admin = { id: 1, username: "admin", role: "manager" as const };
const OFF_SLOT = "Please choose a time on the half hour from 08:00 to 19:30";

describe.each(dbKinds)("updateBooking dates on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let id: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const facial = await insertService(t.db, { name: "HydraFacial" });
    const booking = await createBooking(
      t.db,
      {
        name: "Ada Obi",
        email: "ada@example.com",
        phone: "08031234567",
        service: String(facial.id),
        date: "2030-01-07 at 10:00 AM",
        message: "",
      },
      { staff: true, now: new Date("2030-01-01T08:00:00Z") },
    );
    id = booking.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ["2026-12-05 19:30", "2026-12-05T18:30:00.000Z"],
    ["2026-12-05T08:00", "2026-12-05T07:00:00.000Z"],
    ["2026-12-05 at 10:30 AM", "2026-12-05T09:30:00.000Z"],
    ["2026-12-05T10:30:00+01:00", "2026-12-05T09:30:00.000Z"],
    ["2026-12-05T12:00:00.000Z", "2026-12-05T12:00:00.000Z"],
  ])("reads %s as %s", async (date, instant) => {
    const updated = await updateBooking(t.db, admin, id, { date });
    expect(updated.date).toBe(instant);
  });

  it.each([
    "2026-12-05 21:00",
    "2026-12-05 07:30",
    "2026-12-05 10:15",
    "2026-12-05 24:00",
    "2026-12-05 25:00",
    "2026-02-30 10:00",
    "2026-12-05T09:30:15Z",
    "2026-12-05 at 9:00 PM",
    "soon",
  ])("refuses %s with the field's message", async (date) => {
    const error = await updateBooking(t.db, admin, id, { date }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 400, fields: { date: OFF_SLOT } });
  });

  it("sets the calendar's changes in the caller's transaction, 404 for an unknown booking", async () => {
    const date = new Date("2026-12-06T09:00:00Z");
    await t.db.transaction(async (tx) => {
      expect(await lockBooking(tx, id)).toBe(true);
      await setBookingState(tx, id, { status: "cancelled", processed: true, date });
    });
    expect(await getBooking(t.db, id)).toMatchObject({
      status: "cancelled",
      processed: true,
      date: date.toISOString(),
    });
    await t.db.transaction(async (tx) => {
      expect(await lockBooking(tx, 999_999)).toBe(false);
      await expect(setBookingState(tx, 999_999, { processed: true })).rejects.toMatchObject({
        status: 404,
      });
    });
  });

  it("re-addresses a client's bookings on an email change and deletes them on an erasure", async () => {
    const booking = await getBooking(t.db, id);
    expect(booking?.email).toBe("ada@example.com");
    const client = await insertClient(t.db, { email: "ada.obi@example.com" });
    await t.db.transaction((tx) =>
      moveBookingsToEmail(tx, client.id, "ada@example.com", "ada.obi@example.com"),
    );
    expect(await getBooking(t.db, id)).toMatchObject({ email: "ada.obi@example.com" });
    await t.db.transaction((tx) => deleteClientBookings(tx, client.id, "someone@example.com"));
    expect(await getBooking(t.db, id)).toBeNull();
  });
});
