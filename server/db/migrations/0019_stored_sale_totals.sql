ALTER TABLE "sales" ADD COLUMN "service_qty" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "service_kobo" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "product_qty" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "product_kobo" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "tips_kobo" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "paid_by_method" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Backfill the stored totals of sales made before this migration (docs/decisions/0235).
UPDATE "sales" SET
  "service_qty" = coalesce((SELECT sum("quantity") FROM "sale_lines" l WHERE l."sale_id" = "sales"."id" AND l."item_type" = 'service'), 0),
  "service_kobo" = coalesce((SELECT sum("line_total_kobo") FROM "sale_lines" l WHERE l."sale_id" = "sales"."id" AND l."item_type" = 'service'), 0),
  "product_qty" = coalesce((SELECT sum("quantity") FROM "sale_lines" l WHERE l."sale_id" = "sales"."id" AND l."item_type" = 'product'), 0),
  "product_kobo" = coalesce((SELECT sum("line_total_kobo") FROM "sale_lines" l WHERE l."sale_id" = "sales"."id" AND l."item_type" = 'product'), 0),
  "tips_kobo" = coalesce((SELECT sum("tip_kobo") FROM "sale_payments" p WHERE p."sale_id" = "sales"."id"), 0),
  "paid_by_method" = coalesce((SELECT jsonb_object_agg(m."method", jsonb_build_object('amountKobo', m."amount", 'tipKobo', m."tip")) FROM (SELECT "method", sum("amount_kobo") AS "amount", sum("tip_kobo") AS "tip" FROM "sale_payments" p WHERE p."sale_id" = "sales"."id" GROUP BY "method") m), '{}'::jsonb);
