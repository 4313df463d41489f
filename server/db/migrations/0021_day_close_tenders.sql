CREATE TABLE "sale_cash_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_date" date NOT NULL,
	"kind" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_cash_movements_kind_valid" CHECK ("sale_cash_movements"."kind" IN ('float', 'pay_in', 'pay_out')),
	CONSTRAINT "sale_cash_movements_amount_positive" CHECK ("sale_cash_movements"."amount_kobo" > 0)
);
--> statement-breakpoint
ALTER TABLE "sale_day_closes" ADD COLUMN "tenders" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_day_closes" ADD COLUMN "cash_count" jsonb;--> statement-breakpoint
ALTER TABLE "sale_day_closes" ADD COLUMN "paystack" jsonb;--> statement-breakpoint
ALTER TABLE "sale_payments" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "sale_payments" ADD COLUMN "payer_name" text;--> statement-breakpoint
ALTER TABLE "sale_cash_movements" ADD CONSTRAINT "sale_cash_movements_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_cash_movements_date_idx" ON "sale_cash_movements" USING btree ("business_date");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_cash_movements_one_float_idx" ON "sale_cash_movements" USING btree ("business_date") WHERE "sale_cash_movements"."kind" = 'float';--> statement-breakpoint
CREATE INDEX "sale_payments_reference_idx" ON "sale_payments" USING btree ("reference");