CREATE TABLE "sale_day_tenders" (
	"business_date" date NOT NULL,
	"method" text NOT NULL,
	"amount_kobo" bigint DEFAULT 0 NOT NULL,
	"tip_kobo" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sale_day_tenders_business_date_method_pk" PRIMARY KEY("business_date","method")
);
--> statement-breakpoint
CREATE TABLE "sale_day_totals" (
	"business_date" date PRIMARY KEY NOT NULL,
	"sale_count" integer DEFAULT 0 NOT NULL,
	"service_qty" integer DEFAULT 0 NOT NULL,
	"service_kobo" bigint DEFAULT 0 NOT NULL,
	"product_qty" integer DEFAULT 0 NOT NULL,
	"product_kobo" bigint DEFAULT 0 NOT NULL,
	"surcharges_kobo" bigint DEFAULT 0 NOT NULL,
	"discount_kobo" bigint DEFAULT 0 NOT NULL,
	"tips_kobo" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "service_qty" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "service_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "product_qty" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "product_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "tips_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "paid_by_method" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Backfill the stored totals of sales made before this migration (docs/decisions/0235).
UPDATE "sales" SET
  "service_qty" = coalesce((SELECT sum("quantity") FROM "sale_lines" l WHERE l."sale_id" = "sales"."id" AND l."item_type" = 'service'), 0),
  "service_kobo" = coalesce((SELECT sum("line_total_kobo") FROM "sale_lines" l WHERE l."sale_id" = "sales"."id" AND l."item_type" = 'service'), 0),
  "product_qty" = coalesce((SELECT sum("quantity") FROM "sale_lines" l WHERE l."sale_id" = "sales"."id" AND l."item_type" = 'product'), 0),
  "product_kobo" = coalesce((SELECT sum("line_total_kobo") FROM "sale_lines" l WHERE l."sale_id" = "sales"."id" AND l."item_type" = 'product'), 0),
  "tips_kobo" = coalesce((SELECT sum("tip_kobo") FROM "sale_payments" p WHERE p."sale_id" = "sales"."id"), 0),
  "paid_by_method" = coalesce((SELECT jsonb_object_agg(m."method", jsonb_build_object('amountKobo', m."amount", 'tipKobo', m."tip")) FROM (SELECT "method", sum("amount_kobo") AS "amount", sum("tip_kobo") AS "tip" FROM "sale_payments" p WHERE p."sale_id" = "sales"."id" GROUP BY "method") m), '{}'::jsonb);
--> statement-breakpoint
-- Each Lagos day's running totals from the sales' stored totals (decision 0235; Lagos is UTC+1).
INSERT INTO "sale_day_totals" ("business_date", "sale_count", "service_qty", "service_kobo", "product_qty", "product_kobo", "surcharges_kobo", "discount_kobo", "tips_kobo")
SELECT to_char(("sold_at" AT TIME ZONE 'UTC') + interval '1 hour', 'YYYY-MM-DD')::date, count(*), sum("service_qty"), sum("service_kobo"), sum("product_qty"), sum("product_kobo"), sum("surcharges_kobo"), sum("discount_kobo"), sum("tips_kobo")
FROM "sales" GROUP BY 1;
--> statement-breakpoint
INSERT INTO "sale_day_tenders" ("business_date", "method", "amount_kobo", "tip_kobo")
SELECT to_char(("sold_at" AT TIME ZONE 'UTC') + interval '1 hour', 'YYYY-MM-DD')::date, part.key, sum((part.value->>'amountKobo')::bigint), sum((part.value->>'tipKobo')::bigint)
FROM "sales" CROSS JOIN LATERAL jsonb_each("paid_by_method") AS part GROUP BY 1, 2;
