ALTER TABLE "clients" ADD COLUMN "marketing_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "marketing_consent_source" text;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_consent_source_valid" CHECK ("clients"."marketing_consent_source" IN ('newsletter', 'admin'));