/** Review reads: the public review page's and the admin reviews screen's (common/reviews.ts). */
import type { ReviewPages, ReviewsAdminPages } from "#common/reviews.ts";
import type { Db } from "#server/db/client.ts";
import { listReviewsPage, reviewTarget, verifyReviewLink } from "./service.ts";

/** `secret` is SESSION_SECRET, the key of the review links' HMAC. */
export function reviewPages(db: Db, secret: string): ReviewPages {
  return {
    verifyLink: (bookingId, sig) => verifyReviewLink(secret, bookingId, sig),
    target: (bookingId) => reviewTarget(db, bookingId),
  };
}

export function reviewsAdminPages(db: Db): ReviewsAdminPages {
  return { page: (query) => listReviewsPage(db, query) };
}
