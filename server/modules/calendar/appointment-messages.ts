/**
 * What the client is told when an appointment is booked, moved or cancelled (issue 17): the
 * change a write makes, and its email (with .ics) and WhatsApp queued in the write's transaction.
 * The caller kicks the messages worker after commit. A confirmation (or a move) also queues the
 * link to the intake and consent forms still to sign (server/modules/forms, issue 31).
 */
import type { Tx } from "#server/db/client.ts";
import { queueFormsForAppointment } from "#server/modules/forms/requests.ts";
import { enqueueMessage } from "#server/modules/messages/service.ts";
import {
  type AppointmentChange,
  type AppointmentForMessage,
  appointmentChangeMessages,
} from "#server/modules/messages/templates.ts";

/** Statuses in which the client has an appointment to come to (and gets messages about it). */
const BOOKED_STATUSES = new Set(["scheduled", "confirmed"]);

/**
 * What the client is told after a change of an appointment from (`before`) to (`after`): null
 * when nothing they care about changed. Booked = 'scheduled' or 'confirmed'.
 */
export function appointmentChangeFor(
  before: { status: string; start: Date } | null,
  after: { status: string; start: Date },
): AppointmentChange | null {
  const wasBooked = before !== null && BOOKED_STATUSES.has(before.status);
  const isBooked = BOOKED_STATUSES.has(after.status);
  if (isBooked && !wasBooked) return "confirmed";
  if (wasBooked && after.status === "cancelled") return "cancelled";
  if (wasBooked && isBooked && before.start.getTime() !== after.start.getTime()) {
    return "rescheduled";
  }
  return null;
}

/**
 * Queues the client's email (with .ics) and WhatsApp for `change` in the caller's transaction
 * (issue 17); the caller kicks the messages worker after commit. The .ics SEQUENCE is the change's
 * time in seconds, so each later change replaces the earlier one in calendar apps.
 */
export async function queueAppointmentMessages(
  tx: Tx,
  change: AppointmentChange,
  appointment: AppointmentForMessage,
): Promise<void> {
  const sequence = Math.floor(Date.now() / 1000);
  for (const message of await appointmentChangeMessages(appointment, change, sequence)) {
    await enqueueMessage(tx, message);
  }
  // Issue 31: a confirmed treatment sends the forms the client still has to sign (a link).
  if (change === "confirmed" || change === "rescheduled") {
    await queueFormsForAppointment(tx, appointment.id);
  }
}
