ALTER TABLE "staff" ADD COLUMN "calendar_feed_token_hash" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "calendar_feed_created_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_calendar_feed_token_unique" ON "staff" USING btree ("calendar_feed_token_hash");