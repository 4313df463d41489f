-- What drizzle cannot express (docs/decisions.md "Back-office data model"):
-- 1. btree_gist and the exclusion constraint that keeps two active appointments of one staff
--    member from overlapping (ARCHITECTURE.md "Data rules"). Unassigned appointments (staff_id
--    null) never conflict; cancelled and no-show ones free their slot.
-- 2. Back-fill of bookings.kind/service_id from the text `service` ('12' or 'consultation-facial').
-- 3. Back-fill of clients: one row per lower-cased email found in bookings, orders, reviews and
--    newsletter subscribers; name and phone from the most recent record that has one; address
--    from the most recent order; then bookings.client_id and orders.client_id.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap"
  EXCLUDE USING gist ("staff_id" WITH =, "during" WITH &&)
  WHERE ("status" NOT IN ('cancelled', 'no-show'));
--> statement-breakpoint
UPDATE "bookings" SET "kind" = 'consultation' WHERE "service" ~ '^consultation-[a-z-]+$';
--> statement-breakpoint
UPDATE "bookings" AS b SET "service_id" = s."id"
  FROM "services" AS s
  WHERE b."kind" = 'service'
    AND s."id" = CASE WHEN b."service" ~ '^[1-9][0-9]{0,8}$' THEN b."service"::integer END;
--> statement-breakpoint
WITH "records" AS (
  -- priority breaks ties between records of the same instant: bookings, orders, reviews.
  SELECT lower(trim("email")) AS "email", "name", "phone", "created_at" AS "at", 1 AS "priority",
         true AS "visited"
    FROM "bookings"
  UNION ALL
  SELECT lower(trim("customer_email")), "customer_name", "customer_phone", "created_at", 2,
         "status" <> 'pending'
    FROM "orders"
  UNION ALL
  SELECT lower(trim("customer_email")), "customer_name", NULL, "created_at", 3, true
    FROM "reviews"
  UNION ALL
  SELECT lower(trim("email")), NULL, NULL, "created_at", 4, false
    FROM "newsletter_subscribers"
),
"people" AS (
  SELECT "email", min("at") AS "first_seen", bool_or("visited") AS "visited"
    FROM "records" WHERE "email" <> '' GROUP BY "email"
),
"names" AS (
  SELECT DISTINCT ON ("email") "email", regexp_replace(trim("name"), '\s+', ' ', 'g') AS "name"
    FROM "records" WHERE trim(coalesce("name", '')) <> ''
    ORDER BY "email", "at" DESC, "priority"
),
"phones" AS (
  SELECT DISTINCT ON ("email") "email", trim("phone") AS "phone"
    FROM "records" WHERE trim(coalesce("phone", '')) <> ''
    ORDER BY "email", "at" DESC, "priority"
),
"addresses" AS (
  SELECT DISTINCT ON (lower(trim("customer_email")))
         lower(trim("customer_email")) AS "email", "delivery_address", "delivery_city",
         "delivery_state", "delivery_postal_code"
    FROM "orders"
    ORDER BY lower(trim("customer_email")), "created_at" DESC, "id" DESC
),
"subscribed" AS (
  SELECT DISTINCT lower(trim("email")) AS "email" FROM "newsletter_subscribers"
)
INSERT INTO "clients" ("email", "first_name", "last_name", "phone", "address", "city", "state",
                       "zip_code", "status", "marketing_consent", "source", "created_at",
                       "updated_at")
SELECT p."email",
       coalesce(split_part(n."name", ' ', 1), ''),
       CASE WHEN strpos(n."name", ' ') > 0 THEN substr(n."name", strpos(n."name", ' ') + 1)
            ELSE '' END,
       ph."phone",
       a."delivery_address", a."delivery_city", a."delivery_state", a."delivery_postal_code",
       CASE WHEN p."visited" THEN 'active' ELSE 'prospect' END,
       sub."email" IS NOT NULL,
       'website',
       p."first_seen",
       now()
  FROM "people" AS p
  LEFT JOIN "names" AS n ON n."email" = p."email"
  LEFT JOIN "phones" AS ph ON ph."email" = p."email"
  LEFT JOIN "addresses" AS a ON a."email" = p."email"
  LEFT JOIN "subscribed" AS sub ON sub."email" = p."email"
  ORDER BY p."first_seen", p."email";
--> statement-breakpoint
UPDATE "bookings" AS b SET "client_id" = c."id"
  FROM "clients" AS c WHERE lower(c."email") = lower(trim(b."email"));
--> statement-breakpoint
UPDATE "orders" AS o SET "client_id" = c."id"
  FROM "clients" AS c WHERE lower(c."email") = lower(trim(o."customer_email"));
