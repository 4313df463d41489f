/**
 * Appointment reminders 24 hours and 2 hours before (issue 17), enqueued by the scheduler's
 * 'appointment-reminders' job with its (injectable) clock.
 */

import { and, gt, inArray, lte } from "drizzle-orm";
import { lagosMinutes, lagosStartOfDay } from "#common/lagos-time.ts";
import type { Db } from "#server/db/client.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import {
  type LinkKeys,
  listUnsubscribeHeaders,
  unsubscribeUrl,
} from "#server/modules/consent/links.ts";
import { enqueueMessage, isOptedOut } from "./service.ts";
import { appointmentReminderMessages, type ReminderKind } from "./templates.ts";

/** Appointment statuses that get reminders (not pending, cancelled, no-show or completed). */
export const REMINDED_STATUSES = ["scheduled", "confirmed"] as const;

/** Quiet hours in Lagos: no reminder is sent from 21:00 up to 07:00 (issue 17). */
export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 7;

const HOUR_MS = 3_600_000;
const REMINDERS: Array<{ kind: ReminderKind; beforeMs: number; windowEndBeforeMs: number }> = [
  // The 24-hour reminder stops when the 2-hour one is due, so a client never gets both at once.
  { kind: "24h", beforeMs: 24 * HOUR_MS, windowEndBeforeMs: 2 * HOUR_MS },
  { kind: "2h", beforeMs: 2 * HOUR_MS, windowEndBeforeMs: 0 },
];

/** Whether `now` falls in Lagos quiet hours (21:00–06:59 Africa/Lagos). */
export function inQuietHours(now: Date): boolean {
  const hour = Math.floor(lagosMinutes(now) / 60);
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}

/**
 * When a message written at `now` may go out: null outside quiet hours (now), else the next
 * 07:00 Lagos (Lagos keeps UTC+1 all year, so a day is 24 hours).
 */
export function afterQuietHours(now: Date): Date | null {
  if (!inQuietHours(now)) return null;
  const seven = lagosStartOfDay(now).getTime() + QUIET_UNTIL_HOUR * HOUR_MS;
  return new Date(now.getTime() < seven ? seven : seven + 24 * HOUR_MS);
}

/** What one pass enqueued. */
export type ReminderPass = { enqueued: number; quiet: boolean };

/**
 * Enqueues the reminders due at `now` (a UTC instant; the job passes its clock) and returns how
 * many messages were added. The rule:
 *
 * - The 24-hour reminder is due from start − 24 h until start − 2 h; the 2-hour reminder from
 *   start − 2 h until the start. Outside its window a reminder is not sent (it is not caught up
 *   later): the client would get it too late to matter, or together with the next one.
 * - Only appointments whose status is 'scheduled' or 'confirmed' at that moment are reminded,
 *   so a cancelled (or no-show, completed, still pending) appointment gets none.
 * - An appointment booked after a reminder's due time does not get that reminder (its
 *   confirmation serves).
 * - Quiet hours: nothing is enqueued from 21:00 up to 07:00 Lagos time. A reminder that falls
 *   due then is sent at 07:00 (the first pass after it) if it is still within its window, e.g.
 *   the 2-hour reminder of an 08:00 appointment goes at 07:00; otherwise it is not sent.
 * - Each reminder is one message per channel and appointment start (idempotency key
 *   'appointment-reminder-{24h|2h}:{id}:{start ISO}|{channel}|{recipient}'), so repeated passes
 *   and concurrent instances add it once; a rescheduled appointment is reminded for its new time.
 * - A recipient who opted out of reminders on a channel (message_opt_outs scope 'reminders' or
 *   'all') gets none on that channel. With `links` (site origin and SESSION_SECRET) the email
 *   carries the client's signed unsubscribe link (consent/links.ts).
 */
export async function enqueueDueReminders(
  db: Db,
  now: Date,
  links?: LinkKeys,
): Promise<ReminderPass> {
  if (inQuietHours(now)) return { enqueued: 0, quiet: true };
  const rows = await db
    .select({
      id: appointments.id,
      customerName: appointments.customerName,
      customerEmail: appointments.customerEmail,
      customerPhone: appointments.customerPhone,
      serviceName: appointments.serviceName,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      bookingId: appointments.bookingId,
      createdAt: appointments.createdAt,
    })
    .from(appointments)
    .where(
      and(
        inArray(appointments.status, [...REMINDED_STATUSES]),
        gt(appointments.startsAt, now),
        lte(appointments.startsAt, new Date(now.getTime() + 24 * HOUR_MS)),
      ),
    );
  let enqueued = 0;
  for (const row of rows) {
    const start = row.startsAt.getTime();
    for (const reminder of REMINDERS) {
      const due = start - reminder.beforeMs;
      const windowEnd = start - reminder.windowEndBeforeMs;
      if (now.getTime() < due || now.getTime() >= windowEnd) continue;
      if (row.createdAt.getTime() > due) continue;
      const messages = await appointmentReminderMessages(row, reminder.kind, {
        unsubscribeUrl: links ? unsubscribeUrl(links, row.customerEmail) : undefined,
        headers: links ? listUnsubscribeHeaders(links, row.customerEmail) : undefined,
      });
      await db.transaction(async (tx) => {
        for (const message of messages) {
          const optedOut = await isOptedOut(tx, {
            channel: message.channel,
            recipient: message.to,
            scope: "reminders",
          });
          if (optedOut) continue;
          if (await enqueueMessage(tx, message)) enqueued++;
        }
      });
    }
  }
  return { enqueued, quiet: false };
}
