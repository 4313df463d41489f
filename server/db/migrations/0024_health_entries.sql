CREATE TABLE "client_health_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"code" text,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_health_entries_kind_valid" CHECK ("client_health_entries"."kind" IN ('allergy', 'condition', 'medication', 'pregnancy', 'skin', 'flag'))
);
--> statement-breakpoint
ALTER TABLE "client_health_entries" ADD CONSTRAINT "client_health_entries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_health_entries_client_idx" ON "client_health_entries" USING btree ("client_id","id");