CREATE TABLE "booking_deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer,
	"booking_id" integer,
	"customer_email" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"mode" text NOT NULL,
	"access_code" text,
	"channel" text,
	"paid_at" timestamp with time zone,
	"applied_sale_id" integer,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_deposits_appointment_id_unique" UNIQUE("appointment_id"),
	CONSTRAINT "booking_deposits_reference_unique" UNIQUE("reference"),
	CONSTRAINT "booking_deposits_status_valid" CHECK ("booking_deposits"."status" IN ('pending', 'paid', 'applied', 'refunded', 'forfeited', 'expired', 'at_clinic')),
	CONSTRAINT "booking_deposits_amount_positive" CHECK ("booking_deposits"."amount_kobo" > 0)
);
--> statement-breakpoint
ALTER TABLE "test_payments" DROP CONSTRAINT "test_payments_reference_orders_payment_reference_fk";
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "booked_online" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clinic_settings" ADD COLUMN "deposit_kobo" bigint DEFAULT 2000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinic_settings" ADD COLUMN "deposit_hold_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinic_settings" ADD COLUMN "pay_at_clinic_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clinic_settings" ADD COLUMN "deposit_free_service_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_deposits" ADD CONSTRAINT "booking_deposits_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_deposits" ADD CONSTRAINT "booking_deposits_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_deposits" ADD CONSTRAINT "booking_deposits_applied_sale_id_sales_id_fk" FOREIGN KEY ("applied_sale_id") REFERENCES "public"."sales"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_deposits_status_idx" ON "booking_deposits" USING btree ("status");--> statement-breakpoint
CREATE INDEX "booking_deposits_paid_at_idx" ON "booking_deposits" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "booking_deposits_settled_at_idx" ON "booking_deposits" USING btree ("settled_at");--> statement-breakpoint
CREATE INDEX "appointments_held_until_idx" ON "appointments" USING btree ("held_until");--> statement-breakpoint
ALTER TABLE "clinic_settings" ADD CONSTRAINT "clinic_settings_deposit_nonnegative" CHECK ("clinic_settings"."deposit_kobo" >= 0);--> statement-breakpoint
ALTER TABLE "clinic_settings" ADD CONSTRAINT "clinic_settings_hold_minutes_range" CHECK ("clinic_settings"."deposit_hold_minutes" BETWEEN 5 AND 120);