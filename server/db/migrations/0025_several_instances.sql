CREATE SEQUENCE "public"."cache_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "test_payments" (
	"reference" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_payments_status_valid" CHECK ("test_payments"."status" IN ('success', 'failed', 'reversed'))
);
--> statement-breakpoint
ALTER TABLE "test_payments" ADD CONSTRAINT "test_payments_reference_orders_payment_reference_fk" FOREIGN KEY ("reference") REFERENCES "public"."orders"("payment_reference") ON DELETE cascade ON UPDATE no action;