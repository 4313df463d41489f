/**
 * Statuses follow time (issue 28 item 5; docs/decisions/0187, 0197): a visit cannot be completed
 * or marked a no-show before it starts; check-in (arrival) and completion keep their instants in
 * `appointments.checked_in_at` and `completed_at` (UTC). The calendar module stays the
 * appointments table's only writer.
 */
import { eq } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import type { Appointment } from "#common/calendar.ts";
import { lagosDate } from "#common/lagos-time.ts";
import type { Db } from "#server/db/client.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import { enforceConsentGate } from "#server/modules/forms/gate.ts";
import { getAppointment } from "./queries.ts";

/** The 409 messages of an outcome set before the visit starts. */
export const EARLY_OUTCOME_MESSAGES = {
  completed: "An appointment cannot be completed before it starts",
  "no-show": "An appointment cannot be marked as a no-show before it starts",
  checkIn: "A client can be checked in only on the day of the visit",
  checkInStatus: "Only a scheduled or confirmed appointment can be checked in",
} as const;

/**
 * Refuses setting `status` 'completed' or 'no-show' on a visit starting at `start` (UTC) while
 * `now` is before it. @throws HttpError 409 with EARLY_OUTCOME_MESSAGES.
 */
export function refuseEarlyOutcome(status: string, start: Date, now: Date = new Date()): void {
  if (start.getTime() <= now.getTime()) return;
  if (status === "completed" || status === "no-show") {
    throw new HttpError(409, EARLY_OUTCOME_MESSAGES[status]);
  }
}

/**
 * The completion instant a write sets with `status`: now (or the one already kept) when the
 * visit becomes or stays completed, cleared when it leaves 'completed'.
 */
export function visitTimes(
  status: string,
  row: { completedAt: Date | null } | null,
): { completedAt?: Date | null } {
  if (status === "completed") return { completedAt: row?.completedAt ?? new Date() };
  return row?.completedAt ? { completedAt: null } : {};
}

/**
 * POST /api/appointments/{id}/check-in: the client has arrived (decision 0187: `checked_in_at`
 * set on a 'scheduled' or 'confirmed' appointment, no new status). Only on the visit's Lagos day
 * (or after its start); a second check-in keeps the first instant. Audited. The consent gate
 * (issue 31) runs first: `overrideReason` is a clinician's reason to go ahead without one.
 * @throws HttpError 404 unknown id; 409 another status, before the visit's day, or no current
 *   signed consent (forms/gate.ts); 403 an override by a role without consent.override.
 */
export async function checkInAppointment(
  db: Db,
  admin: AdminIdentity,
  id: number,
  now: Date = new Date(),
  overrideReason: string | null = null,
): Promise<Appointment> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(appointments).where(eq(appointments.id, id)).for("update");
    if (!row) throw new HttpError(404, "Appointment not found");
    if (row.status !== "scheduled" && row.status !== "confirmed") {
      throw new HttpError(409, EARLY_OUTCOME_MESSAGES.checkInStatus);
    }
    if (row.startsAt > now && lagosDate(row.startsAt) !== lagosDate(now)) {
      throw new HttpError(409, EARLY_OUTCOME_MESSAGES.checkIn);
    }
    if (row.checkedInAt) return;
    // Issue 31: no treatment starts without a current signed consent (or a clinician's reason).
    await enforceConsentGate(tx, admin, {
      clientId: row.clientId,
      items: [{ serviceId: row.serviceId, appointmentId: row.id }],
      overrideReason,
      place: "check-in",
      now,
    });
    await tx
      .update(appointments)
      .set({ checkedInAt: now, updatedAt: now })
      .where(eq(appointments.id, id));
    await recordAudit(tx, admin, {
      action: "appointment.check-in",
      entity: "appointment",
      entityId: id,
      details: { checkedInAt: now.toISOString() },
    });
  });
  const updated = await getAppointment(db, id);
  if (!updated) throw new HttpError(404, "Appointment not found");
  return updated;
}
