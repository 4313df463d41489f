/**
 * Reviews (admin spec §2 "Public review page", §3 "Review", §5, §7): signed review links, the
 * review-request email, one review per booking, and the admin's list. The link's signature is an
 * HMAC-SHA256 of the booking id under SESSION_SECRET, so booking ids cannot be guessed
 * (ARCHITECTURE.md "Security").
 */

import { and, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import { formatLagosDateTime } from "#common/lagos-time.ts";
import { likePattern, type Page } from "#common/paging.ts";
import type { ReviewListQuery, ReviewRecord, ReviewTarget } from "#common/reviews.ts";
import type { Db } from "#server/db/client.ts";
import { pageCounts } from "#server/db/paging.ts";
import { bookings, reviews } from "#server/db/schema/bookings.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import { enqueueMessage } from "#server/modules/messages/service.ts";
import { reviewRequestEmail, reviewRequestWhatsApp } from "#server/modules/messages/templates.ts";
import { kickMessages } from "#server/modules/messages/worker.ts";
import { signValue, verifySignedValue } from "#server/signed-links.ts";

/** The signature of a review link for `bookingId` (32 base64url characters). */
export function signReviewLink(secret: string, bookingId: number): string {
  return signValue(secret, "review", String(bookingId));
}

/** Whether `sig` is the signature of `bookingId` (constant-time comparison). */
export function verifyReviewLink(secret: string, bookingId: number, sig: string): boolean {
  return verifySignedValue(secret, "review", String(bookingId), sig);
}

/** '/review/{bookingId}?sig=…' on `origin` (e.g. 'https://glowhaven.ng'). */
export function reviewLink(origin: string, secret: string, bookingId: number): string {
  return `${origin.replace(/\/$/, "")}/review/${bookingId}?sig=${signReviewLink(secret, bookingId)}`;
}

/** What the review page shows for a booking, or null when there is no such booking. */
export async function reviewTarget(db: Db, bookingId: number): Promise<ReviewTarget | null> {
  const [row] = await db
    .select({
      bookingId: bookings.id,
      customerName: bookings.name,
      customerEmail: bookings.email,
      serviceName: bookings.serviceName,
      date: bookings.date,
      reviewId: reviews.id,
    })
    .from(bookings)
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
    .where(eq(bookings.id, bookingId));
  if (!row) return null;
  const { reviewId, date, ...rest } = row;
  return { ...rest, date: date.toISOString(), reviewed: reviewId !== null };
}

/** The 409 of a review request before the visit (issue 28 item 5). */
export const REVIEW_BEFORE_VISIT_MESSAGE =
  "A review can be requested only after the visit is completed";

/**
 * Whether the visit of booking `bookingId` is over (issue 28 item 5; docs/decisions/0197): its
 * linked appointment is completed, or, with no appointment, its requested time (`date`, ISO UTC)
 * has passed.
 */
async function visitCompleted(db: Db, bookingId: number, date: string): Promise<boolean> {
  const linked = await db
    .select({ status: appointments.status })
    .from(appointments)
    .where(eq(appointments.bookingId, bookingId));
  if (linked.length > 0) return linked.some((a) => a.status === "completed");
  return new Date(date).getTime() <= Date.now();
}

/**
 * Queues, in one transaction with the audit entry, the email (HTML and text) and the WhatsApp
 * message (to the booking's phone) that carry a signed link to the review page to the client of
 * a processed booking (POST /api/send-review-request; issue 17: the messages worker sends them
 * after the answer, or stores them when the channel is not configured).
 * The address and names come from the booking, not the request.
 * @returns the email's outbox id and status ('pending' until the worker sends it), `reviewUrl` (the signed link, for staff to copy or
 *   share through wa.me) and `whatsappOutboxId` (null when the booking has no phone).
 * @throws HttpError 404 unknown booking; 409 when the booking is not processed, is a no-show,
 *   its visit is not completed yet (`visitCompleted`), or it already has a review.
 */
export async function sendReviewRequest(
  db: Db,
  deps: { secret: string; origin: string },
  admin: AdminIdentity,
  bookingId: number,
): Promise<{
  outboxId: number;
  status: string;
  reviewUrl: string;
  whatsappOutboxId: number | null;
}> {
  const target = await reviewTarget(db, bookingId);
  if (!target) throw new HttpError(404, "Booking not found");
  const [booking] = await db
    .select({ processed: bookings.processed, status: bookings.status, phone: bookings.phone })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!booking?.processed || booking.status === "no-show") {
    throw new HttpError(409, "Reviews can be requested only for completed bookings");
  }
  if (!(await visitCompleted(db, bookingId, target.date))) {
    throw new HttpError(409, REVIEW_BEFORE_VISIT_MESSAGE);
  }
  if (target.reviewed) throw new HttpError(409, "This client has already left a review");
  const link = reviewLink(deps.origin, deps.secret, bookingId);
  const serviceName = target.serviceName || "Treatment";
  const requestedAt = new Date();
  const review = {
    bookingId,
    customerName: target.customerName,
    customerEmail: target.customerEmail,
    customerPhone: booking.phone,
    serviceName,
    visitedAt: formatLagosDateTime(target.date),
    link,
    requestedAt,
  };
  const emailMessage = await reviewRequestEmail(review);
  const queued = await db.transaction(async (tx) => {
    const email = await enqueueMessage(tx, emailMessage);
    if (!email) throw new Error("review request email already queued");
    const whatsapp = booking.phone.trim()
      ? await enqueueMessage(tx, reviewRequestWhatsApp(review))
      : null;
    await recordAudit(tx, admin, {
      action: "booking.review-request",
      entity: "booking",
      entityId: bookingId,
      details: {
        to: target.customerEmail,
        outboxId: email.id,
        whatsappOutboxId: whatsapp?.id ?? null,
      },
    });
    return { email, whatsapp };
  });
  kickMessages(db);
  return {
    outboxId: queued.email.id,
    status: queued.email.status,
    reviewUrl: link,
    whatsappOutboxId: queued.whatsapp?.id ?? null,
  };
}

function toReview(row: typeof reviews.$inferSelect): ReviewRecord {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/**
 * Saves the review of a booking from the public page (POST /api/reviews). Name, email and
 * service come from the booking.
 * @throws HttpError 403 bad signature; 404 unknown booking; 409 when it already has a review.
 */
export async function submitReview(
  db: Db,
  secret: string,
  input: { bookingId: number; sig: string; rating: number; reviewText: string | null },
): Promise<ReviewRecord> {
  if (!verifyReviewLink(secret, input.bookingId, input.sig)) {
    throw new HttpError(403, "Invalid Review Link");
  }
  const target = await reviewTarget(db, input.bookingId);
  if (!target) throw new HttpError(404, "Review Not Found");
  if (target.reviewed)
    throw new HttpError(409, "A review has already been submitted for this booking");
  const [row] = await db
    .insert(reviews)
    .values({
      bookingId: input.bookingId,
      customerName: target.customerName,
      customerEmail: target.customerEmail,
      rating: input.rating,
      reviewText: input.reviewText,
      serviceName: target.serviceName,
    })
    .onConflictDoNothing({ target: reviews.bookingId })
    .returning();
  // Two submits racing: the unique booking_id lets only one in.
  if (!row) throw new HttpError(409, "A review has already been submitted for this booking");
  return toReview(row);
}

/** All reviews, newest first (GET /api/reviews, admin). */
export async function listReviews(db: Db): Promise<ReviewRecord[]> {
  const rows = await db.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map(toReview);
}

/**
 * One page of the admin reviews list, newest first. `q` matches the client's name or email, the
 * service or the review text (case-insensitive, contains); `rating` keeps reviews of that many
 * stars. `total` counts every review.
 */
export async function listReviewsPage(db: Db, query: ReviewListQuery): Promise<Page<ReviewRecord>> {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    const text = or(
      ilike(reviews.customerName, pattern),
      ilike(reviews.customerEmail, pattern),
      ilike(reviews.serviceName, pattern),
      ilike(reviews.reviewText, pattern),
    );
    if (text) conditions.push(text);
  }
  if (query.rating !== "all") conditions.push(eq(reviews.rating, Number(query.rating)));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const { total, matching, page, offset } = await pageCounts(db, reviews, query, where);
  const rows =
    matching === 0
      ? []
      : await db
          .select()
          .from(reviews)
          .where(where)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(query.pageSize)
          .offset(offset);
  return { rows: rows.map(toReview), total, matching, page, pageSize: query.pageSize };
}
