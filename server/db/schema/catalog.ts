/**
 * Catalogue tables: treatments and shop products (storefront spec §3).
 * Money is integer kobo; instants are timestamptz (ARCHITECTURE.md "Data rules").
 */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, numeric, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, kobo, updatedAt } from "./columns.ts";

/** Treatments of the clinic (storefront spec §3 "Service"). */
export const services = pgTable(
  "services",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    category: text("category").notNull(),
    /** Price in kobo; null when the service has no set price (consultation-type). */
    priceKobo: kobo("price_kobo"),
    /** Shown instead of a price when the clinic quotes on request, e.g. 'Contact for details'. */
    priceNote: text("price_note"),
    /** Free text such as '30m' or '1h 30m' (spec §3). */
    duration: text("duration").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("services_category_idx").on(t.category),
    check("services_price_nonnegative", sql`${t.priceKobo} IS NULL OR ${t.priceKobo} >= 0`),
  ],
);

/** Shop products (storefront spec §3 "Product"). */
export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    priceKobo: kobo("price_kobo").notNull(),
    /** Site path of the product image, e.g. '/images/products/gentle-cleanser.svg'. */
    image: text("image").notNull(),
    category: text("category").notNull(),
    stock: integer("stock").notNull().default(100),
    /** Average rating out of 5, one decimal. */
    rating: numeric("rating", { precision: 2, scale: 1, mode: "number" }).notNull().default(4),
    details: text("details"),
    ingredients: text("ingredients"),
    howToUse: text("how_to_use"),
    benefits: jsonb("benefits").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("products_category_idx").on(t.category),
    check("products_stock_nonnegative", sql`${t.stock} >= 0`),
    check("products_price_nonnegative", sql`${t.priceKobo} >= 0`),
    check("products_rating_range", sql`${t.rating} >= 0 AND ${t.rating} <= 5`),
  ],
);
