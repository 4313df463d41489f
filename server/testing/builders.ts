/**
 * Test-data builders with overrides, producing the same shapes the demo seed loads
 * (server/db/seed): services and products in naira, inserted as kobo.
 */
import type { Db } from "#server/db/client.ts";
import { products, services } from "#server/db/schema/catalog.ts";
import { productRow, serviceRow } from "#server/db/seed/index.ts";
import type { SeedProduct } from "#server/db/seed/products-data.ts";
import type { SeedService } from "#server/db/seed/services-data.ts";

export function buildService(overrides: Partial<SeedService> = {}): SeedService {
  return {
    name: "Signature Glow Facial",
    description: "Deep cleanse, exfoliation and hydration for a bright, even complexion.",
    category: "facial",
    price: 45000,
    duration: "1h",
    ...overrides,
  };
}

export function buildProduct(overrides: Partial<SeedProduct> = {}): SeedProduct {
  return {
    name: "Gentle Foaming Cleanser",
    description: "A low-foam, pH-balanced cleanser that lifts sunscreen and oil without tightness.",
    price: 12500,
    image: "/images/products/gentle-foaming-cleanser.svg",
    category: "cleansers",
    stock: 20,
    rating: 4.5,
    details: "150 ml · All skin types",
    ingredients: "Aqua, Glycerin, Coco-Glucoside",
    howToUse: "Massage onto damp skin morning and evening, then rinse.",
    benefits: ["Gentle", "Non-stripping"],
    ...overrides,
  };
}

export async function insertService(db: Db, overrides: Partial<SeedService> = {}) {
  const [row] = await db
    .insert(services)
    .values(serviceRow(buildService(overrides)))
    .returning();
  if (!row) throw new Error("no row");
  return row;
}

export async function insertProduct(db: Db, overrides: Partial<SeedProduct> = {}) {
  const [row] = await db
    .insert(products)
    .values(productRow(buildProduct(overrides)))
    .returning();
  if (!row) throw new Error("no row");
  return row;
}
