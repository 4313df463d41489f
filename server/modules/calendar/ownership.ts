/**
 * Whose an appointment or a blocked time is, for the role rules that let a therapist act on
 * their own only (common/roles.ts CAPABILITIES, issue 28 item 6).
 */
import { eq } from "drizzle-orm";
import { parseAppointmentRef } from "#common/calendar.ts";
import type { Db } from "#server/db/client.ts";
import { appointments, blockedTimes } from "#server/db/schema/calendar.ts";

/**
 * The staff id an appointment is with: null when unassigned or a booking request
 * ('booking-{id}'), undefined when there is no such appointment (the service's 404 follows).
 */
export async function appointmentOwner(db: Db, ref: string): Promise<number | null | undefined> {
  const target = parseAppointmentRef(ref);
  if (!target) return undefined;
  if (target.kind === "booking") return null;
  const [row] = await db
    .select({ staffId: appointments.staffId })
    .from(appointments)
    .where(eq(appointments.id, target.id));
  return row ? row.staffId : undefined;
}

/** The staff id a blocked time belongs to (null: all staff), undefined when unknown. */
export async function blockOwner(db: Db, id: number): Promise<number | null | undefined> {
  const [row] = await db
    .select({ staffId: blockedTimes.staffId })
    .from(blockedTimes)
    .where(eq(blockedTimes.id, id));
  return row ? row.staffId : undefined;
}
