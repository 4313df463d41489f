CREATE TABLE "appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer,
	"client_id" integer,
	"service_id" integer,
	"service_name" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_phone" text NOT NULL,
	"booking_id" integer,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"notes" text,
	"price_kobo" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"during" "tstzrange" GENERATED ALWAYS AS (tstzrange(starts_at, ends_at, '[)')) STORED NOT NULL,
	"duration_minutes" integer DEFAULT 60 NOT NULL,
	"group_size" integer DEFAULT 1 NOT NULL,
	"is_recurring" boolean DEFAULT false NOT NULL,
	"recurrence_type" text,
	"recurrence_interval" integer,
	"recurrence_end_date" date,
	"series_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_status_valid" CHECK ("appointments"."status" IN ('scheduled', 'confirmed', 'completed', 'cancelled', 'no-show', 'pending')),
	CONSTRAINT "appointments_ends_after_start" CHECK ("appointments"."ends_at" > "appointments"."starts_at"),
	CONSTRAINT "appointments_duration_positive" CHECK ("appointments"."duration_minutes" > 0),
	CONSTRAINT "appointments_end_matches_duration" CHECK ("appointments"."ends_at" = "appointments"."starts_at" + make_interval(mins => "appointments"."duration_minutes")),
	CONSTRAINT "appointments_group_size_range" CHECK ("appointments"."group_size" BETWEEN 1 AND 10),
	CONSTRAINT "appointments_price_nonnegative" CHECK ("appointments"."price_kobo" IS NULL OR "appointments"."price_kobo" >= 0),
	CONSTRAINT "appointments_recurrence_type_valid" CHECK ("appointments"."recurrence_type" IN ('daily', 'weekly', 'monthly')),
	CONSTRAINT "appointments_recurrence_interval_positive" CHECK ("appointments"."recurrence_interval" IS NULL OR "appointments"."recurrence_interval" >= 1),
	CONSTRAINT "appointments_recurring_has_type" CHECK (NOT "appointments"."is_recurring" OR ("appointments"."recurrence_type" IS NOT NULL AND "appointments"."recurrence_interval" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "blocked_times" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"staff_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"during" "tstzrange" GENERATED ALWAYS AS (tstzrange(starts_at, ends_at, '[)')) STORED NOT NULL,
	"block_type" text DEFAULT 'break' NOT NULL,
	"is_paid" boolean DEFAULT false NOT NULL,
	"is_recurring" boolean DEFAULT false NOT NULL,
	"color" text DEFAULT '#ff6b6b' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocked_times_block_type_valid" CHECK ("blocked_times"."block_type" IN ('break', 'admin', 'meeting', 'personal', 'training')),
	CONSTRAINT "blocked_times_ends_after_start" CHECK ("blocked_times"."ends_at" > "blocked_times"."starts_at"),
	CONSTRAINT "blocked_times_color_format" CHECK ("blocked_times"."color" ~ '^#[0-9a-fA-F]{6}$')
);
--> statement-breakpoint
CREATE TABLE "client_health" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"emergency_contact" text,
	"emergency_phone" text,
	"medical_conditions" text,
	"allergies" text,
	"skin_type" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_health_skin_type_valid" CHECK ("client_health"."skin_type" IN ('oily', 'dry', 'combination', 'sensitive', 'normal'))
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text,
	"address" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"date_of_birth" date,
	"status" text DEFAULT 'active' NOT NULL,
	"marketing_consent" boolean DEFAULT false NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"referred_by" text,
	"preferred_services" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_status_valid" CHECK ("clients"."status" IN ('active', 'inactive', 'prospect')),
	CONSTRAINT "clients_source_valid" CHECK ("clients"."source" IN ('manual', 'website', 'referral', 'social_media', 'walk_in'))
);
--> statement-breakpoint
CREATE TABLE "customer_notes" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"item_type" text NOT NULL,
	"item_id" integer,
	"item_name" text NOT NULL,
	"unit_price_kobo" integer NOT NULL,
	"quantity" integer NOT NULL,
	"line_total_kobo" integer NOT NULL,
	CONSTRAINT "sale_lines_item_type_valid" CHECK ("sale_lines"."item_type" IN ('service', 'product')),
	CONSTRAINT "sale_lines_quantity_positive" CHECK ("sale_lines"."quantity" > 0),
	CONSTRAINT "sale_lines_price_nonnegative" CHECK ("sale_lines"."unit_price_kobo" >= 0),
	CONSTRAINT "sale_lines_total_is_product" CHECK ("sale_lines"."line_total_kobo" = "sale_lines"."unit_price_kobo" * "sale_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "sale_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"method" text NOT NULL,
	"amount_kobo" integer NOT NULL,
	"tip_kobo" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_payments_method_valid" CHECK ("sale_payments"."method" IN ('cash', 'card', 'transfer', 'online', 'gift_card')),
	CONSTRAINT "sale_payments_amount_positive" CHECK ("sale_payments"."amount_kobo" > 0),
	CONSTRAINT "sale_payments_tip_nonnegative" CHECK ("sale_payments"."tip_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_number" integer GENERATED ALWAYS AS IDENTITY (sequence name "sales_sale_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1),
	"client_id" integer,
	"customer_name" text NOT NULL,
	"customer_email" text,
	"customer_phone" text,
	"subtotal_kobo" integer NOT NULL,
	"surcharges_kobo" integer DEFAULT 0 NOT NULL,
	"discount_kobo" integer DEFAULT 0 NOT NULL,
	"total_kobo" integer NOT NULL,
	"cash_received_kobo" integer,
	"change_kobo" integer DEFAULT 0 NOT NULL,
	"payment_method" text NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"notes" text,
	"sold_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_sale_number_unique" UNIQUE("sale_number"),
	CONSTRAINT "sales_status_valid" CHECK ("sales"."status" IN ('completed', 'refunded', 'voided')),
	CONSTRAINT "sales_payment_method_valid" CHECK ("sales"."payment_method" IN ('cash', 'card', 'transfer', 'online', 'split')),
	CONSTRAINT "sales_amounts_nonnegative" CHECK ("sales"."subtotal_kobo" >= 0 AND "sales"."surcharges_kobo" >= 0 AND "sales"."discount_kobo" >= 0 AND "sales"."total_kobo" >= 0 AND "sales"."change_kobo" >= 0 AND ("sales"."cash_received_kobo" IS NULL OR "sales"."cash_received_kobo" >= 0)),
	CONSTRAINT "sales_total_is_sum" CHECK ("sales"."total_kobo" = "sales"."subtotal_kobo" + "sales"."surcharges_kobo" - "sales"."discount_kobo")
);
--> statement-breakpoint
CREATE TABLE "surcharges" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"type" text NOT NULL,
	"amount" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "surcharges_type_valid" CHECK ("surcharges"."type" IN ('percentage', 'fixed')),
	CONSTRAINT "surcharges_amount_range" CHECK ("surcharges"."amount" >= 0 AND ("surcharges"."type" <> 'percentage' OR "surcharges"."amount" <= 10000))
);
--> statement-breakpoint
CREATE TABLE "pay_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"pay_period_start" date NOT NULL,
	"pay_period_end" date NOT NULL,
	"regular_hours" numeric(7, 2) DEFAULT 0 NOT NULL,
	"overtime_hours" numeric(7, 2) DEFAULT 0 NOT NULL,
	"regular_pay_kobo" integer DEFAULT 0 NOT NULL,
	"overtime_pay_kobo" integer DEFAULT 0 NOT NULL,
	"commission_kobo" integer DEFAULT 0 NOT NULL,
	"tips_kobo" integer DEFAULT 0 NOT NULL,
	"deductions_kobo" integer DEFAULT 0 NOT NULL,
	"gross_pay_kobo" integer DEFAULT 0 NOT NULL,
	"net_pay_kobo" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_runs_status_valid" CHECK ("pay_runs"."status" IN ('pending', 'paid')),
	CONSTRAINT "pay_runs_period_order" CHECK ("pay_runs"."pay_period_end" >= "pay_runs"."pay_period_start"),
	CONSTRAINT "pay_runs_hours_nonnegative" CHECK ("pay_runs"."regular_hours" >= 0 AND "pay_runs"."overtime_hours" >= 0),
	CONSTRAINT "pay_runs_amounts_nonnegative" CHECK ("pay_runs"."regular_pay_kobo" >= 0 AND "pay_runs"."overtime_pay_kobo" >= 0 AND "pay_runs"."commission_kobo" >= 0 AND "pay_runs"."tips_kobo" >= 0 AND "pay_runs"."deductions_kobo" >= 0 AND "pay_runs"."net_pay_kobo" >= 0),
	CONSTRAINT "pay_runs_gross_is_sum" CHECK ("pay_runs"."gross_pay_kobo" = "pay_runs"."regular_pay_kobo" + "pay_runs"."overtime_pay_kobo" + "pay_runs"."commission_kobo" + "pay_runs"."tips_kobo"),
	CONSTRAINT "pay_runs_net_is_gross_less_deductions" CHECK ("pay_runs"."net_pay_kobo" = "pay_runs"."gross_pay_kobo" - "pay_runs"."deductions_kobo")
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"role" text DEFAULT 'therapist' NOT NULL,
	"department" text DEFAULT 'treatments' NOT NULL,
	"hourly_rate_kobo" integer DEFAULT 0 NOT NULL,
	"start_date" date NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"calendar_color" text DEFAULT '#8b5cf6' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_role_valid" CHECK ("staff"."role" IN ('therapist', 'receptionist', 'manager', 'cleaner', 'assistant')),
	CONSTRAINT "staff_department_valid" CHECK ("staff"."department" IN ('treatments', 'administration', 'maintenance', 'sales')),
	CONSTRAINT "staff_status_valid" CHECK ("staff"."status" IN ('active', 'inactive', 'archived')),
	CONSTRAINT "staff_hourly_rate_nonnegative" CHECK ("staff"."hourly_rate_kobo" >= 0),
	CONSTRAINT "staff_calendar_color_format" CHECK ("staff"."calendar_color" ~ '^#[0-9a-fA-F]{6}$')
);
--> statement-breakpoint
CREATE TABLE "staff_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"day_of_week" smallint NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"location" text DEFAULT 'Main' NOT NULL,
	CONSTRAINT "staff_schedules_day_of_week_range" CHECK ("staff_schedules"."day_of_week" BETWEEN 0 AND 6),
	CONSTRAINT "staff_schedules_start_before_end" CHECK ("staff_schedules"."start_time" < "staff_schedules"."end_time")
);
--> statement-breakpoint
CREATE TABLE "time_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"clock_in_time" timestamp with time zone DEFAULT now() NOT NULL,
	"clock_out_time" timestamp with time zone,
	"status" text DEFAULT 'clocked_in' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_entries_status_valid" CHECK ("time_entries"."status" IN ('clocked_in', 'clocked_out')),
	CONSTRAINT "time_entries_clock_out_after_in" CHECK ("time_entries"."clock_out_time" IS NULL OR "time_entries"."clock_out_time" > "time_entries"."clock_in_time"),
	CONSTRAINT "time_entries_status_matches_clock_out" CHECK (("time_entries"."status" = 'clocked_in') = ("time_entries"."clock_out_time" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "kind" text DEFAULT 'service' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "service_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_times" ADD CONSTRAINT "blocked_times_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_health" ADD CONSTRAINT "client_health_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_payments" ADD CONSTRAINT "sale_payments_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_runs" ADD CONSTRAINT "pay_runs_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_schedules" ADD CONSTRAINT "staff_schedules_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_starts_at_idx" ON "appointments" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "appointments_staff_starts_at_idx" ON "appointments" USING btree ("staff_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_client_idx" ON "appointments" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "appointments_customer_email_idx" ON "appointments" USING btree (lower("customer_email"));--> statement-breakpoint
CREATE INDEX "appointments_booking_idx" ON "appointments" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "appointments_series_idx" ON "appointments" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "blocked_times_during_idx" ON "blocked_times" USING gist ("during");--> statement-breakpoint
CREATE INDEX "blocked_times_staff_idx" ON "blocked_times" USING btree ("staff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_email_lower_unique" ON "clients" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "clients_last_first_name_idx" ON "clients" USING btree ("last_name","first_name");--> statement-breakpoint
CREATE INDEX "sale_lines_sale_idx" ON "sale_lines" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "sale_lines_item_idx" ON "sale_lines" USING btree ("item_type","item_id");--> statement-breakpoint
CREATE INDEX "sale_payments_sale_idx" ON "sale_payments" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "sales_sold_at_idx" ON "sales" USING btree ("sold_at");--> statement-breakpoint
CREATE INDEX "sales_client_idx" ON "sales" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "sales_customer_email_idx" ON "sales" USING btree (lower("customer_email"));--> statement-breakpoint
CREATE INDEX "pay_runs_staff_period_idx" ON "pay_runs" USING btree ("staff_id","pay_period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_email_lower_unique" ON "staff" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "staff_schedules_staff_day_idx" ON "staff_schedules" USING btree ("staff_id","day_of_week");--> statement-breakpoint
CREATE UNIQUE INDEX "time_entries_one_open_per_staff" ON "time_entries" USING btree ("staff_id") WHERE "time_entries"."clock_out_time" IS NULL;--> statement-breakpoint
CREATE INDEX "time_entries_staff_clock_in_idx" ON "time_entries" USING btree ("staff_id","clock_in_time");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_client_idx" ON "bookings" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "bookings_service_idx" ON "bookings" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "orders_client_idx" ON "orders" USING btree ("client_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_valid" CHECK ("bookings"."status" IN ('scheduled', 'confirmed', 'completed', 'cancelled', 'no-show', 'pending'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_kind_valid" CHECK ("bookings"."kind" IN ('service', 'consultation'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_consultation_has_no_service" CHECK ("bookings"."kind" = 'service' OR "bookings"."service_id" IS NULL);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_valid" CHECK ("orders"."status" IN ('pending', 'processing', 'shipped', 'completed', 'cancelled', 'refund-required'));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_status_valid" CHECK ("outbox"."status" IN ('stored', 'sent', 'failed'));