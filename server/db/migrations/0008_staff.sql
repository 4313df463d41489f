CREATE TABLE "staff_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "staff_invitations_role_valid" CHECK ("staff_invitations"."role" IN ('manager', 'front_desk', 'therapist'))
);
--> statement-breakpoint
CREATE TABLE "time_entry_breaks" (
	"id" serial PRIMARY KEY NOT NULL,
	"time_entry_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"is_paid" boolean DEFAULT false NOT NULL,
	CONSTRAINT "time_entry_breaks_end_after_start" CHECK ("time_entry_breaks"."ended_at" IS NULL OR "time_entry_breaks"."ended_at" >= "time_entry_breaks"."started_at")
);
--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "role" text DEFAULT 'manager' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "commission_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entry_breaks" ADD CONSTRAINT "time_entry_breaks_time_entry_id_time_entries_id_fk" FOREIGN KEY ("time_entry_id") REFERENCES "public"."time_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_invitations_staff_idx" ON "staff_invitations" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "time_entry_breaks_entry_idx" ON "time_entry_breaks" USING btree ("time_entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "time_entry_breaks_one_open_per_entry" ON "time_entry_breaks" USING btree ("time_entry_id") WHERE "time_entry_breaks"."ended_at" IS NULL;--> statement-breakpoint
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_users_staff_unique" ON "admin_users" USING btree ("staff_id");--> statement-breakpoint
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_role_valid" CHECK ("admin_users"."role" IN ('manager', 'front_desk', 'therapist'));--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_commission_rate_range" CHECK ("staff"."commission_rate_bp" >= 0 AND "staff"."commission_rate_bp" <= 10000);