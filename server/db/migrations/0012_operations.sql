CREATE TABLE "jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"schedule" text NOT NULL,
	"last_status" text,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_result" text,
	"last_error" text,
	"next_run_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_valid";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_retry_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."status" = 'failed';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_valid" CHECK ("orders"."status" IN ('pending', 'processing', 'shipped', 'completed', 'cancelled', 'refund-required', 'refunded', 'expired'));--> statement-breakpoint
-- Emails that failed before retries existed get their retries too (issue 16).
UPDATE "outbox" SET "attempts" = 1, "next_attempt_at" = now() WHERE "status" = 'failed';
