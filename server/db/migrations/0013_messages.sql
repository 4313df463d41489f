CREATE TABLE "message_opt_outs" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"scope" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_opt_outs_unique" UNIQUE("channel","recipient","scope"),
	CONSTRAINT "message_opt_outs_channel_valid" CHECK ("message_opt_outs"."channel" IN ('email', 'whatsapp')),
	CONSTRAINT "message_opt_outs_scope_valid" CHECK ("message_opt_outs"."scope" IN ('reminders', 'marketing', 'all'))
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_status_valid";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "client_email" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "booking_id" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "appointment_id" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "delivery_status" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."status" IN ('pending', 'sending', 'failed');--> statement-breakpoint
CREATE INDEX "outbox_client_email_idx" ON "outbox" USING btree ("client_email");--> statement-breakpoint
CREATE INDEX "outbox_booking_idx" ON "outbox" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "outbox_appointment_idx" ON "outbox" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "outbox_order_idx" ON "outbox" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "outbox_provider_message_idx" ON "outbox" USING btree ("provider_message_id");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_idempotency_key_unique" UNIQUE("idempotency_key");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_channel_valid" CHECK ("outbox"."channel" IN ('email', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_status_valid" CHECK ("outbox"."status" IN ('stored', 'sent', 'failed', 'pending', 'sending'));