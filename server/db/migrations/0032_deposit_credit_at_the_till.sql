ALTER TABLE "sale_payments" DROP CONSTRAINT "sale_payments_method_valid";--> statement-breakpoint
ALTER TABLE "sale_refunds" DROP CONSTRAINT "sale_refunds_method_valid";--> statement-breakpoint
ALTER TABLE "sales" DROP CONSTRAINT "sales_payment_method_valid";--> statement-breakpoint
ALTER TABLE "booking_deposits" ADD COLUMN "applied_kobo" bigint;--> statement-breakpoint
ALTER TABLE "booking_deposits" ADD CONSTRAINT "booking_deposits_applied_within_amount" CHECK ("booking_deposits"."applied_kobo" IS NULL OR ("booking_deposits"."applied_kobo" > 0 AND "booking_deposits"."applied_kobo" <= "booking_deposits"."amount_kobo"));--> statement-breakpoint
ALTER TABLE "sale_payments" ADD CONSTRAINT "sale_payments_method_valid" CHECK ("sale_payments"."method" IN ('cash', 'card', 'transfer', 'online', 'gift_card', 'deposit'));--> statement-breakpoint
ALTER TABLE "sale_refunds" ADD CONSTRAINT "sale_refunds_method_valid" CHECK ("sale_refunds"."method" IN ('cash', 'card', 'transfer', 'online', 'gift_card', 'deposit'));--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_payment_method_valid" CHECK ("sales"."payment_method" IN ('cash', 'card', 'transfer', 'online', 'split', 'deposit'));