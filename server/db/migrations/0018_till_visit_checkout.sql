CREATE TABLE "staff_commission_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"item_type" text NOT NULL,
	"category" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_commission_rates_item_type_valid" CHECK ("staff_commission_rates"."item_type" IN ('service', 'product')),
	CONSTRAINT "staff_commission_rates_rate_range" CHECK ("staff_commission_rates"."rate_bp" >= 0 AND "staff_commission_rates"."rate_bp" <= 10000)
);
--> statement-breakpoint
ALTER TABLE "sale_lines" ADD COLUMN "commission_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "sale_payments" ADD COLUMN "tip_staff_id" integer;--> statement-breakpoint
ALTER TABLE "sale_refund_lines" ADD COLUMN "surcharges_kobo" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_refund_lines" ADD COLUMN "discount_kobo" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_refunds" ADD COLUMN "surcharge_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_refunds" ADD COLUMN "discount_kobo" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_commission_rates" ADD CONSTRAINT "staff_commission_rates_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_commission_rates_member_category" ON "staff_commission_rates" USING btree ("staff_id","item_type","category");--> statement-breakpoint
ALTER TABLE "sale_payments" ADD CONSTRAINT "sale_payments_tip_staff_id_staff_id_fk" FOREIGN KEY ("tip_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_commission_rate_range" CHECK ("sale_lines"."commission_rate_bp" IS NULL OR ("sale_lines"."commission_rate_bp" >= 0 AND "sale_lines"."commission_rate_bp" <= 10000));