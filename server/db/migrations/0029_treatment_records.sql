CREATE TABLE "aftercare_templates" (
	"service_id" integer PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"dos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"donts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"follow_up_days" integer,
	"follow_up_text" text,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treatment_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"appointment_id" integer,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"taken_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "treatment_photos_kind_valid" CHECK ("treatment_photos"."kind" IN ('before', 'after'))
);
--> statement-breakpoint
CREATE TABLE "treatment_record_amendments" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"changes" jsonb NOT NULL,
	"reason" text NOT NULL,
	"amended_by" text NOT NULL,
	"amended_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treatment_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer,
	"client_id" integer,
	"former_client_id" integer,
	"service_name" text NOT NULL,
	"visit_at" timestamp with time zone,
	"staff_id" integer,
	"staff_name" text,
	"fields" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_by" text,
	"signed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "aftercare_templates" ADD CONSTRAINT "aftercare_templates_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_photos" ADD CONSTRAINT "treatment_photos_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_photos" ADD CONSTRAINT "treatment_photos_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_record_amendments" ADD CONSTRAINT "treatment_record_amendments_record_id_treatment_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."treatment_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_records" ADD CONSTRAINT "treatment_records_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_records" ADD CONSTRAINT "treatment_records_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "treatment_photos_client_idx" ON "treatment_photos" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "treatment_photos_appointment_idx" ON "treatment_photos" USING btree ("appointment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "treatment_photos_storage_key_unique" ON "treatment_photos" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "treatment_record_amendments_record_idx" ON "treatment_record_amendments" USING btree ("record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "treatment_records_appointment_unique" ON "treatment_records" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "treatment_records_client_idx" ON "treatment_records" USING btree ("client_id");--> statement-breakpoint
-- Custom (issue 31; decision 0270): a signed treatment record is append-only. Its clinical
-- fields, service, visit time, author and signature never change; only the links the database
-- itself rewrites (appointment, client on merge/erasure) may. Amendments are never updated.
CREATE FUNCTION treatment_records_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.signed_at IS NOT NULL AND (
    NEW.fields IS DISTINCT FROM OLD.fields OR
    NEW.service_name IS DISTINCT FROM OLD.service_name OR
    NEW.visit_at IS DISTINCT FROM OLD.visit_at OR
    NEW.staff_id IS DISTINCT FROM OLD.staff_id OR
    NEW.staff_name IS DISTINCT FROM OLD.staff_name OR
    NEW.created_by IS DISTINCT FROM OLD.created_by OR
    NEW.signed_at IS DISTINCT FROM OLD.signed_at OR
    NEW.signed_by IS DISTINCT FROM OLD.signed_by
  ) THEN
    RAISE EXCEPTION 'treatment record % is signed off: add an amendment', OLD.id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER treatment_records_append_only BEFORE UPDATE ON treatment_records
  FOR EACH ROW EXECUTE FUNCTION treatment_records_append_only();--> statement-breakpoint
CREATE FUNCTION treatment_record_amendments_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'treatment record amendments are never changed' USING ERRCODE = 'check_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER treatment_record_amendments_frozen BEFORE UPDATE ON treatment_record_amendments
  FOR EACH ROW EXECUTE FUNCTION treatment_record_amendments_frozen();
