/**
 * The review request a completed visit queues by itself when the clinic's setting "Send the
 * review request when a visit is completed" is on (issue 28; docs/decisions/0241). It is the
 * same email and WhatsApp message as Request Review (templates `reviewRequestEmail`,
 * `reviewRequestWhatsApp`), queued in the completing write's transaction, once per booking.
 */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { formatLagosDateTime } from "#common/lagos-time.ts";
import type { Tx } from "#server/db/client.ts";
import { bookings, reviews } from "#server/db/schema/bookings.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { outbox } from "#server/db/schema/content.ts";
import { afterQuietHours } from "#server/modules/messages/reminders.ts";
import { enqueueMessage, isOptedOut } from "#server/modules/messages/service.ts";
import { reviewRequestEmail, reviewRequestWhatsApp } from "#server/modules/messages/templates.ts";
import { readClinicSettings } from "#server/modules/settings/service.ts";
import { reviewLink } from "./service.ts";

/** What a review link is signed with and where it points (SESSION_SECRET, the site's origin). */
export type ReviewLinkKeys = { secret: string; origin: string };

// The process's configuration, set once by createApp: completing a visit happens deep inside
// calendar and till writes that have no request (and so no origin) at hand.
let linkKeys: ReviewLinkKeys | null = null;

/** Sets the keys review links are made with (createApp, from SESSION_SECRET and PUBLIC_URL). */
export function installReviewLinks(keys: ReviewLinkKeys): void {
  linkKeys = keys;
}

/**
 * In the transaction `tx` that completed `appointmentIds` (Mark Complete, a checkout, completing
 * a booking request on the calendar): when the setting is on, queues each linked booking's review
 * request, unless the booking already has a review or a review request (manual or automatic:
 * once per booking), or is a no-show. Appointments without a booking request have no review page
 * (reviews are per booking, admin spec §3) and get none. A channel whose recipient opted out of
 * marketing (or all) messages is skipped; completed in quiet hours (21:00-07:00 Lagos), the
 * message waits until 07:00.
 * @param now the completion instant (UTC), for quiet hours.
 * @returns how many messages were queued.
 */
export async function queueReviewsOnCompletion(
  tx: Tx,
  appointmentIds: readonly number[],
  now: Date = new Date(),
): Promise<number> {
  if (appointmentIds.length === 0 || !linkKeys) return 0;
  if (!(await readClinicSettings(tx)).reviewRequestOnComplete) return 0;
  const keys = linkKeys;
  const rows = await tx
    .select({
      bookingId: bookings.id,
      customerName: bookings.name,
      customerEmail: bookings.email,
      customerPhone: bookings.phone,
      serviceName: bookings.serviceName,
      bookingStatus: bookings.status,
      visitedAt: appointments.startsAt,
      reviewId: reviews.id,
    })
    .from(appointments)
    .innerJoin(bookings, eq(bookings.id, appointments.bookingId))
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
    .where(
      and(
        inArray(appointments.id, [...appointmentIds]),
        eq(appointments.status, "completed"),
        isNotNull(appointments.bookingId),
      ),
    );
  const notBefore = afterQuietHours(now) ?? undefined;
  let queued = 0;
  const seen = new Set<number>();
  for (const row of rows) {
    if (seen.has(row.bookingId) || row.reviewId !== null || row.bookingStatus === "no-show") {
      continue;
    }
    seen.add(row.bookingId);
    if (await reviewRequested(tx, row.bookingId)) continue;
    const review = {
      bookingId: row.bookingId,
      customerName: row.customerName,
      customerEmail: row.customerEmail,
      customerPhone: row.customerPhone,
      serviceName: row.serviceName || "Treatment",
      visitedAt: formatLagosDateTime(row.visitedAt),
      link: reviewLink(keys.origin, keys.secret, row.bookingId),
      requestedAt: now,
    };
    // One event per booking, so two completions (or two instances) queue it once.
    const event = `review-request:${row.bookingId}:visit-completed`;
    const messages = [await reviewRequestEmail(review)];
    if (row.customerPhone.trim()) messages.push(reviewRequestWhatsApp(review));
    for (const message of messages) {
      const optedOut = await isOptedOut(tx, {
        channel: message.channel,
        recipient: message.to,
        scope: "marketing",
      });
      if (optedOut) continue;
      if (await enqueueMessage(tx, { ...message, event, notBefore })) queued++;
    }
  }
  return queued;
}

/** Whether a review request of `bookingId` is in the outbox already (sent or not). */
async function reviewRequested(tx: Tx, bookingId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.bookingId, bookingId), eq(outbox.template, "review-request")))
    .limit(1);
  return row !== undefined;
}
