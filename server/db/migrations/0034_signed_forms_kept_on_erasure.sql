ALTER TABLE "signed_forms" DROP CONSTRAINT "signed_forms_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "signed_forms" ALTER COLUMN "client_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "signed_forms" ADD COLUMN "former_client_id" integer;--> statement-breakpoint
ALTER TABLE "signed_forms" ADD CONSTRAINT "signed_forms_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;