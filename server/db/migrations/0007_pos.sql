CREATE TABLE "sale_day_closes" (
	"business_date" date PRIMARY KEY NOT NULL,
	"expected_cash_kobo" integer NOT NULL,
	"counted_cash_kobo" integer NOT NULL,
	"notes" text,
	"closed_by" integer,
	"closed_by_name" text NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_refund_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_id" integer NOT NULL,
	"sale_line_id" integer NOT NULL,
	"item_type" text NOT NULL,
	"quantity" integer NOT NULL,
	"amount_kobo" integer NOT NULL,
	CONSTRAINT "sale_refund_lines_quantity_positive" CHECK ("sale_refund_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "sale_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_kobo" integer NOT NULL,
	"method" text NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_refunds_kind_valid" CHECK ("sale_refunds"."kind" IN ('refund', 'void')),
	CONSTRAINT "sale_refunds_method_valid" CHECK ("sale_refunds"."method" IN ('cash', 'card', 'transfer', 'online', 'gift_card')),
	CONSTRAINT "sale_refunds_amount_nonnegative" CHECK ("sale_refunds"."amount_kobo" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sale_lines" ADD COLUMN "refunded_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "surcharge_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "appointment_id" integer;--> statement-breakpoint
ALTER TABLE "sale_day_closes" ADD CONSTRAINT "sale_day_closes_closed_by_admin_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_refund_lines" ADD CONSTRAINT "sale_refund_lines_refund_id_sale_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."sale_refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_refund_lines" ADD CONSTRAINT "sale_refund_lines_sale_line_id_sale_lines_id_fk" FOREIGN KEY ("sale_line_id") REFERENCES "public"."sale_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_refunds" ADD CONSTRAINT "sale_refunds_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_refunds" ADD CONSTRAINT "sale_refunds_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_refund_lines_refund_idx" ON "sale_refund_lines" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "sale_refunds_sale_idx" ON "sale_refunds" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "sale_refunds_created_idx" ON "sale_refunds" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_idempotency_key_idx" ON "sales" USING btree ("idempotency_key");--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_refunded_range" CHECK ("sale_lines"."refunded_quantity" >= 0 AND "sale_lines"."refunded_quantity" <= "sale_lines"."quantity");