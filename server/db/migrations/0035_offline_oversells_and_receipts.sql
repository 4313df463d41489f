CREATE TABLE "receipt_prefixes" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_prefixes_session_id_unique" UNIQUE("session_id")
);
--> statement-breakpoint
CREATE TABLE "stock_oversells" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"product_id" integer,
	"product_name" text NOT NULL,
	"units_sold" integer NOT NULL,
	"units_short" integer NOT NULL,
	"settled_at" timestamp with time zone,
	"settled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_oversells_units_positive" CHECK ("stock_oversells"."units_short" > 0 AND "stock_oversells"."units_sold" > 0)
);
--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "offline_receipt" text;--> statement-breakpoint
ALTER TABLE "stock_oversells" ADD CONSTRAINT "stock_oversells_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_oversells" ADD CONSTRAINT "stock_oversells_settled_by_admin_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_oversells_open_idx" ON "stock_oversells" USING btree ("settled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_oversells_sale_product_idx" ON "stock_oversells" USING btree ("sale_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_offline_receipt_idx" ON "sales" USING btree ("offline_receipt");