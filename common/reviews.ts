/** Reviews: the public review page and review requests (admin spec §2, §5, §7). */
import { z } from "zod";
import { databaseIdSchema } from "./ids.ts";
import { listQuerySchema, oneOf, type Page } from "./paging.ts";
import type { ClinicSettings } from "./settings.ts";

export { REVIEW_LABELS } from "./review-labels.ts";

/** POST /api/reviews (admin spec §5 "Review"). */
export const reviewSubmitSchema = z.object({
  bookingId: databaseIdSchema("Invalid booking"),
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
  bookingId: databaseIdSchema("Invalid booking"),
  customerName: z.string().trim().max(100).optional(),
  customerEmail: z.string().trim().max(254).optional(),
  serviceName: z.string().trim().max(200).optional(),
});

export type ReviewTarget = {
  bookingId: number;
  customerName: string;
  customerEmail: string;
  serviceName: string;
  /** The appointment time, ISO 8601 UTC. */
  date: string;
  /** True when this booking already has a review. */
  reviewed: boolean;
};

export type ReviewRecord = {
  id: number;
  bookingId: number | null;
  customerName: string;
  customerEmail: string;
  rating: number;
  reviewText: string | null;
  serviceName: string;
  /** ISO 8601 UTC. */
  createdAt: string;
};

/** What the public review page reads (server/modules/reviews/pages.ts). */
export type ReviewPages = {
  /** Whether `sig` signs `bookingId` (constant-time; the link's HMAC with SESSION_SECRET). */
  verifyLink(bookingId: number, sig: string): boolean;
  /** What the page shows for a booking, or null when there is no such booking. */
  target(bookingId: number): Promise<ReviewTarget | null>;
};

export const REVIEW_RATING_FILTERS = ["all", "5", "4", "3", "2", "1"] as const;

/**
 * The admin reviews list's URL params (common/paging.ts): page, pageSize, `q` (client name or
 * email, service, review text) and `rating` (stars, default 'all').
 */
export const reviewListQuerySchema = listQuerySchema.extend({
  rating: oneOf(REVIEW_RATING_FILTERS, "all"),
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

/** What the admin reviews screen reads. */
export type ReviewsAdminPages = {
  /** One page of reviews, newest first. */
  page(query: ReviewListQuery): Promise<Page<ReviewRecord>>;
  /** The clinic's settings the screen offers (the review request on completion), or null for a
   * role without `settings.manage` (decision 0241). */
  settings(): Promise<ClinicSettings | null>;
};
