/**
 * The calendar's writes for bookings made by clients online (issue 32): a tentative appointment
 * that holds a time while the deposit is paid, its confirmation, its release when unpaid, and
 * the client's own reschedule or cancel through their signed link. The appointments table's
 * writer is this module; the bookings module (deposits.ts) calls these inside its transactions.
 * Every write that takes time runs `claimTherapist` (availability.ts: the calendar's locks and
 * clash rules) and ends on the exclusion constraints, so one slot has one winner.
 */
import { and, eq, isNotNull, lt, sql } from "drizzle-orm";
import { SLOT_MESSAGES } from "#common/deposits.ts";
import type { Tx } from "#server/db/client.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { staff } from "#server/db/schema/staff.ts";
import { SQL_STATE, sqlState } from "#server/db/sql-state.ts";
import { HttpError } from "#server/http.ts";
import { queueAppointmentMessages } from "./appointment-messages.ts";
import { claimTherapist } from "./availability.ts";
import type { Span } from "./clash.ts";

export type OnlineAppointment = typeof appointments.$inferSelect;

/** The 409 of a time nobody can take any more (issue 32: the reason, never 'try again'). */
export function takenRefusal(): HttpError {
  return new HttpError(409, SLOT_MESSAGES.taken, { time: SLOT_MESSAGES.taken });
}

/**
 * Runs `write` in a savepoint; an exclusion violation (a rival that committed between the check
 * and the write) becomes the 'taken' 409 instead of a 500.
 */
async function refusingTaken<T>(tx: Tx, write: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await tx.transaction(write);
  } catch (err) {
    if (sqlState(err) === SQL_STATE.exclusionViolation) throw takenRefusal();
    throw err;
  }
}

/**
 * Inserts the online booking's appointment over `span` for the first free therapist (or the one
 * chair), 'pending' and held until `heldUntil` while a deposit is due, else 'scheduled'.
 * @throws HttpError 409 (SLOT_MESSAGES.taken) when nobody is free.
 */
export async function insertOnlineAppointment(
  tx: Tx,
  input: {
    span: Span;
    bookingId: number;
    clientId: number | null;
    serviceId: number | null;
    serviceName: string;
    customerName: string;
    customerEmail: string;
    customerPhone: string;
    priceKobo: number | null;
    notes: string | null;
    heldUntil: Date | null;
  },
): Promise<OnlineAppointment> {
  const claimed = await claimTherapist(tx, input.span, null);
  if (!claimed) throw takenRefusal();
  const minutes = Math.round((input.span.end.getTime() - input.span.start.getTime()) / 60_000);
  return refusingTaken(tx, async (sp) => {
    const [row] = await sp
      .insert(appointments)
      .values({
        staffId: claimed.member?.id ?? null,
        clientId: input.clientId,
        serviceId: input.serviceId,
        serviceName: input.serviceName,
        customerName: input.customerName,
        customerEmail: input.customerEmail,
        customerPhone: input.customerPhone,
        bookingId: input.bookingId,
        status: input.heldUntil ? "pending" : "scheduled",
        notes: input.notes,
        priceKobo: input.priceKobo,
        startsAt: input.span.start,
        endsAt: input.span.end,
        durationMinutes: minutes,
        heldUntil: input.heldUntil,
        bookedOnline: true,
      })
      .returning();
    if (!row) throw new Error("insert returned no row");
    return row;
  });
}

/** Locks and reads appointment `id` (FOR UPDATE), or null. */
export async function lockOnlineAppointment(tx: Tx, id: number): Promise<OnlineAppointment | null> {
  const [row] = await tx.select().from(appointments).where(eq(appointments.id, id)).for("update");
  return row ?? null;
}

/** The therapist's full name of an appointment, for the client's messages. */
async function staffNameOf(tx: Tx, staffId: number | null): Promise<string | null> {
  if (staffId === null) return null;
  const [row] = await tx
    .select({ first: staff.firstName, last: staff.lastName })
    .from(staff)
    .where(eq(staff.id, staffId));
  return row ? `${row.first} ${row.last}`.trim() : null;
}

/**
 * Sets a held or booked online appointment's status (and clears its hold), queuing the client's
 * confirmation, reschedule or cancellation message (with `manageLink`) in the caller's
 * transaction when the change is one they are told about. The caller kicks the worker.
 */
export async function setOnlineAppointmentStatus(
  tx: Tx,
  row: OnlineAppointment,
  status: "confirmed" | "scheduled" | "cancelled",
  manageLink: string | null,
): Promise<OnlineAppointment> {
  const [updated] = await tx
    .update(appointments)
    .set({ status, heldUntil: null, updatedAt: new Date() })
    .where(eq(appointments.id, row.id))
    .returning();
  if (!updated) throw new HttpError(404, "Appointment not found");
  const wasBooked = row.status === "scheduled" || row.status === "confirmed";
  const change =
    status === "cancelled" ? (wasBooked ? "cancelled" : null) : wasBooked ? null : "confirmed";
  if (change) {
    await queueAppointmentMessages(tx, change, {
      ...updated,
      staffName: await staffNameOf(tx, updated.staffId),
      manageLink,
    });
  }
  return updated;
}

/**
 * Moves an online appointment to `span` (the client's reschedule), to the first free therapist
 * by the calendar's rules, leaving its own time out of the clash; queues 'rescheduled'.
 * @throws HttpError 409 (SLOT_MESSAGES.taken) when nobody is free then.
 */
export async function moveOnlineAppointment(
  tx: Tx,
  row: OnlineAppointment,
  span: Span,
  manageLink: string | null,
): Promise<OnlineAppointment> {
  const claimed = await claimTherapist(tx, span, row.id);
  if (!claimed) throw takenRefusal();
  const updated = await refusingTaken(tx, async (sp) => {
    const [moved] = await sp
      .update(appointments)
      .set({
        staffId: claimed.member?.id ?? null,
        startsAt: span.start,
        endsAt: span.end,
        updatedAt: new Date(),
      })
      .where(eq(appointments.id, row.id))
      .returning();
    if (!moved) throw new HttpError(404, "Appointment not found");
    return moved;
  });
  if (updated.status === "scheduled" || updated.status === "confirmed") {
    await queueAppointmentMessages(tx, "rescheduled", {
      ...updated,
      staffName: await staffNameOf(tx, updated.staffId),
      manageLink,
    });
  }
  return updated;
}

/** Ids of holds still pending whose time ran out at `now` (the release job's work list). */
export async function expiredHoldIds(tx: Tx, now: Date, limit = 200): Promise<number[]> {
  const rows = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        isNotNull(appointments.heldUntil),
        eq(appointments.status, "pending"),
        lt(appointments.heldUntil, now),
      ),
    )
    .orderBy(sql`${appointments.heldUntil}`)
    .limit(limit);
  return rows.map((r) => r.id);
}
