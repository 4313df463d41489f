CREATE TABLE "client_merges" (
	"id" serial PRIMARY KEY NOT NULL,
	"kept_client_id" integer NOT NULL,
	"merged_client_id" integer NOT NULL,
	"merged_client" jsonb NOT NULL,
	"moved" jsonb NOT NULL,
	"merged_by" text NOT NULL,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "phone_key" text GENERATED ALWAYS AS (case when regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') ~ '^(234|0)?[1-9][0-9]{9}$' then '+234' || right(regexp_replace(phone, '[^0-9]', '', 'g'), 10) end) STORED;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "name_key" text GENERATED ALWAYS AS (btrim(regexp_replace(lower(first_name || ' ' || last_name), '[[:space:]]+', ' ', 'g'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "client_merges" ADD CONSTRAINT "client_merges_kept_client_id_clients_id_fk" FOREIGN KEY ("kept_client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_merges_kept_idx" ON "client_merges" USING btree ("kept_client_id","merged_at");--> statement-breakpoint
CREATE INDEX "clients_phone_key_idx" ON "clients" USING btree ("phone_key");--> statement-breakpoint
CREATE INDEX "clients_name_key_idx" ON "clients" USING btree ("name_key");