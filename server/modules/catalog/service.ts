/**
 * Catalogue queries: services and products as the public API and the page loaders return them,
 * prices converted from kobo to naira at this edge (storefront spec §3, §7).
 */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { PublicProduct, PublicService } from "#common/catalog.ts";
import { RELATED_PRODUCTS_LIMIT } from "#common/catalog.ts";
import { koboToNaira } from "#common/money.ts";
import type { Db } from "#server/db/client.ts";
import { products, services } from "#server/db/schema/catalog.ts";

const serviceColumns = {
  id: services.id,
  name: services.name,
  description: services.description,
  category: services.category,
  priceKobo: services.priceKobo,
  priceNote: services.priceNote,
  duration: services.duration,
};

type ServiceRow = { [K in keyof typeof serviceColumns]: (typeof services.$inferSelect)[K] };

function toPublicService(row: ServiceRow): PublicService {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    price: row.priceNote ?? (row.priceKobo === null ? null : koboToNaira(row.priceKobo)),
    duration: row.duration,
  };
}

/** All services, by category then name. */
export async function listServices(db: Db): Promise<PublicService[]> {
  const rows = await db
    .select(serviceColumns)
    .from(services)
    .orderBy(asc(services.category), asc(services.id));
  return rows.map(toPublicService);
}

/** One service by id, or null. */
export async function getService(db: Db, id: number): Promise<PublicService | null> {
  const [row] = await db.select(serviceColumns).from(services).where(eq(services.id, id));
  return row ? toPublicService(row) : null;
}

const productColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  priceKobo: products.priceKobo,
  image: products.image,
  category: products.category,
  stock: products.stock,
  rating: products.rating,
  details: products.details,
  ingredients: products.ingredients,
  howToUse: products.howToUse,
  benefits: products.benefits,
};

type ProductRow = { [K in keyof typeof productColumns]: (typeof products.$inferSelect)[K] };

function toPublicProduct(row: ProductRow): PublicProduct {
  const { priceKobo, ...rest } = row;
  return {
    ...rest,
    price: koboToNaira(priceKobo),
    imageUrl: row.image,
    rating: Number(row.rating),
  };
}

/** All products in catalogue order (id). */
export async function listProducts(db: Db): Promise<PublicProduct[]> {
  const rows = await db.select(productColumns).from(products).orderBy(asc(products.id));
  return rows.map(toPublicProduct);
}

/** One product by id, or null. */
export async function getProduct(db: Db, id: number): Promise<PublicProduct | null> {
  const [row] = await db.select(productColumns).from(products).where(eq(products.id, id));
  return row ? toPublicProduct(row) : null;
}

/**
 * Up to 4 products related to `id` (spec §9): same category first, then others, in-stock first.
 * Returns an empty list for an unknown id.
 */
export async function relatedProducts(db: Db, id: number): Promise<PublicProduct[]> {
  const [self] = await db
    .select({ category: products.category })
    .from(products)
    .where(eq(products.id, id));
  if (!self) return [];
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(and(ne(products.id, id)))
    .orderBy(
      sql`case when ${products.category} = ${self.category} then 0 else 1 end`,
      sql`case when ${products.stock} > 0 then 0 else 1 end`,
      asc(products.id),
    )
    .limit(RELATED_PRODUCTS_LIMIT);
  return rows.map(toPublicProduct);
}
