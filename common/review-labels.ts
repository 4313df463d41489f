/**
 * Review star labels, index 0 = 1 star (admin spec §2, §9). A module of its own, without zod, so
 * the star rating the home page's testimonials show does not bring the review schemas (zod,
 * ~22 KB on the wire) into the home page's first load (issue 33's 120 KB budget).
 */
export const REVIEW_LABELS = ["Poor", "Fair", "Good", "Very Good", "Excellent"] as const;
