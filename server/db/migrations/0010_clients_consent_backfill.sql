-- Issue 12: marketing consent is recorded with its date and source (NDPA 2023). Clients that
-- migration 0004 back-filled from newsletter sign-ups get the sign-up's time and 'newsletter'.
UPDATE "clients" AS c
SET "marketing_consent" = true,
    "marketing_consent_at" = ns."consent_at",
    "marketing_consent_source" = 'newsletter'
FROM "newsletter_subscribers" AS ns
WHERE ns."email" = lower(c."email")
  AND c."marketing_consent_at" IS NULL;
