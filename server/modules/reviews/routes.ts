/**
 * Review API (admin spec §7): POST /api/send-review-request (admin), POST /api/reviews (public,
 * needs the link's signature), GET /api/reviews (admin).
 */
import { Router } from "express";
import { reviewRequestSchema, reviewSubmitSchema } from "#common/reviews.ts";
import { DESK_ROLES } from "#common/roles.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { handler, parse, siteOrigin } from "#server/http.ts";
import { currentAdmin } from "#server/modules/auth/current-admin.ts";
import { requireRole } from "#server/modules/auth/roles.ts";
import { listReviews, sendReviewRequest, submitReview } from "./service.ts";

export function reviewsRouter(db: Db, config: Config): Router {
  const router = Router();

  router.post(
    "/send-review-request",
    requireRole(...DESK_ROLES),
    handler(async (req, res) => {
      const { bookingId } = parse(reviewRequestSchema, req.body);
      const origin = siteOrigin(config, req);
      const result = await sendReviewRequest(
        db,
        { secret: config.SESSION_SECRET, origin },
        currentAdmin(req),
        bookingId,
      );
      res.json({ success: true, message: "Review request sent to customer", ...result });
    }),
  );

  router.post(
    "/reviews",
    handler(async (req, res) => {
      const input = parse(reviewSubmitSchema, req.body);
      res.status(201).json(await submitReview(db, config.SESSION_SECRET, input));
    }),
  );

  router.get(
    "/reviews",
    requireRole(...DESK_ROLES),
    handler(async (_req, res) => {
      res.json(await listReviews(db));
    }),
  );

  return router;
}
