CREATE TABLE "consent_overrides" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"category" text NOT NULL,
	"reason" text NOT NULL,
	"place" text NOT NULL,
	"overridden_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"appointment_id" integer,
	"template_ids" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_requests_status_valid" CHECK ("form_requests"."status" IN ('pending', 'signed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "form_template_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"version" integer NOT NULL,
	"body" jsonb NOT NULL,
	"text" text NOT NULL,
	"text_sha256" text NOT NULL,
	"published_by" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"category" text,
	"draft" jsonb NOT NULL,
	"draft_updated_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_templates_kind_valid" CHECK ("form_templates"."kind" IN ('intake', 'consent')),
	CONSTRAINT "form_templates_category_for_kind" CHECK (("form_templates"."kind" = 'intake') = ("form_templates"."category" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "health_entry_proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"signed_form_id" integer NOT NULL,
	"kind" text NOT NULL,
	"code" text,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "health_entry_proposals_kind_valid" CHECK ("health_entry_proposals"."kind" IN ('allergy', 'condition', 'medication', 'pregnancy')),
	CONSTRAINT "health_entry_proposals_status_valid" CHECK ("health_entry_proposals"."status" IN ('pending', 'accepted', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "signed_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"request_id" integer,
	"appointment_id" integer,
	"version_id" integer NOT NULL,
	"kind" text NOT NULL,
	"category" text,
	"answers" jsonb NOT NULL,
	"photography_consent" boolean DEFAULT false NOT NULL,
	"marketing_photo_consent" boolean DEFAULT false NOT NULL,
	"signer_name" text NOT NULL,
	"signature" text,
	"text_sha256" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"channel" text NOT NULL,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "signed_forms_kind_valid" CHECK ("signed_forms"."kind" IN ('intake', 'consent')),
	CONSTRAINT "signed_forms_channel_valid" CHECK ("signed_forms"."channel" IN ('link', 'kiosk'))
);
--> statement-breakpoint
ALTER TABLE "consent_overrides" ADD CONSTRAINT "consent_overrides_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_requests" ADD CONSTRAINT "form_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_requests" ADD CONSTRAINT "form_requests_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_template_versions" ADD CONSTRAINT "form_template_versions_template_id_form_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."form_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_entry_proposals" ADD CONSTRAINT "health_entry_proposals_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_entry_proposals" ADD CONSTRAINT "health_entry_proposals_signed_form_id_signed_forms_id_fk" FOREIGN KEY ("signed_form_id") REFERENCES "public"."signed_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_forms" ADD CONSTRAINT "signed_forms_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_forms" ADD CONSTRAINT "signed_forms_request_id_form_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."form_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_forms" ADD CONSTRAINT "signed_forms_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_forms" ADD CONSTRAINT "signed_forms_version_id_form_template_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."form_template_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consent_overrides_unique" ON "consent_overrides" USING btree ("appointment_id","category");--> statement-breakpoint
CREATE INDEX "form_requests_client_idx" ON "form_requests" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "form_requests_appointment_idx" ON "form_requests" USING btree ("appointment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "form_template_versions_unique" ON "form_template_versions" USING btree ("template_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "form_templates_kind_category_unique" ON "form_templates" USING btree ("kind",coalesce("category", ''));--> statement-breakpoint
CREATE INDEX "health_entry_proposals_client_idx" ON "health_entry_proposals" USING btree ("client_id","status");--> statement-breakpoint
CREATE INDEX "signed_forms_client_idx" ON "signed_forms" USING btree ("client_id","kind","category","signed_at");--> statement-breakpoint
CREATE INDEX "signed_forms_appointment_idx" ON "signed_forms" USING btree ("appointment_id");