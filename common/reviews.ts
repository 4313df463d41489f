/** Reviews: the public review page and review requests (admin spec §2, §5, §7). */
import { z } from "zod";

/** Review star labels, index 0 = 1 star (admin spec §2, §9). */
export const REVIEW_LABELS = ["Poor", "Fair", "Good", "Very Good", "Excellent"] as const;

/** POST /api/reviews (admin spec §5 "Review"). */
export const reviewSubmitSchema = z.object({
  bookingId: z.coerce.number({ error: "Invalid booking" }).int().positive("Invalid booking"),
  sig: z.string({ error: "Invalid review link" }).min(1, "Invalid review link").max(200),
  rating: z.coerce
    .number({ error: "Please select a star rating before submitting." })
    .int("Please select a star rating before submitting.")
    .min(1, "Please select a star rating before submitting.")
    .max(5, "Rating must be from 1 to 5"),
  reviewText: z
    .string()
    .trim()
    .max(2000, "Review must be at most 2000 characters")
    .nullish()
    .transform((v) => (v ? v : null)),
});

/** POST /api/send-review-request (admin spec §7). */
export const reviewRequestSchema = z.object({
  bookingId: z.coerce.number({ error: "Invalid booking" }).int().positive("Invalid booking"),
  customerName: z.string().trim().max(100).optional(),
  customerEmail: z.string().trim().max(254).optional(),
  serviceName: z.string().trim().max(200).optional(),
});
