/** Review reads: the public review page's and the admin reviews screen's (common/reviews.ts). */
import type { AdminIdentity } from "#common/auth.ts";
import type { ReviewPages, ReviewsAdminPages } from "#common/reviews.ts";
import { reachOf } from "#common/roles.ts";
import type { Db } from "#server/db/client.ts";
import { readClinicSettings } from "#server/modules/settings/service.ts";
import { listReviewsPage, reviewTarget, verifyReviewLink } from "./service.ts";

/** `secret` is SESSION_SECRET, the key of the review links' HMAC. */
export function reviewPages(db: Db, secret: string): ReviewPages {
  return {
    verifyLink: (bookingId, sig) => verifyReviewLink(secret, bookingId, sig),
    target: (bookingId) => reviewTarget(db, bookingId),
  };
}

/** The reviews screen's reads for `identity`: the page, and the settings for a manager. */
export function reviewsAdminPages(db: Db, identity: AdminIdentity): ReviewsAdminPages {
  return {
    page: (query) => listReviewsPage(db, query),
    settings: async () =>
      reachOf(identity.role, "settings.manage") === "all" ? readClinicSettings(db) : null,
  };
}
