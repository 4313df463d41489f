/**
 * Catalogue queries: services and products as the public API and the page loaders return them,
 * prices converted from kobo to naira at this edge (storefront spec §3, §7).
 */

import { and, asc, desc, eq, gt, ilike, ne, or, type SQL, sql } from "drizzle-orm";
import type { PublicProduct, PublicService } from "#common/catalog.ts";
import { RELATED_PRODUCTS_LIMIT } from "#common/catalog.ts";
import type { ProductListQuery, ServiceListQuery, ServicesPage } from "#common/catalog-forms.ts";
import { koboToNaira } from "#common/money.ts";
import { likePattern, type Page } from "#common/paging.ts";
import type { Db } from "#server/db/client.ts";
import { pageCounts } from "#server/db/paging.ts";
import { products, services } from "#server/db/schema/catalog.ts";
import { availableStockSql } from "#server/db/stock.ts";

const serviceColumns = {
  id: services.id,
  name: services.name,
  description: services.description,
  category: services.category,
  priceKobo: services.priceKobo,
  priceNote: services.priceNote,
  duration: services.duration,
  consultationFirst: services.consultationFirst,
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
    consultationFirst: row.consultationFirst,
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

/**
 * A product as the shop shows it. `stock` is the AVAILABLE stock at this moment: stock minus the
 * units live checkout reservations hold (server/db/stock.ts, issue 14), so a product whose last
 * units are in someone's checkout shows OUT OF STOCK until that reservation ends.
 */
const productColumns = () => ({
  id: products.id,
  name: products.name,
  description: products.description,
  priceKobo: products.priceKobo,
  image: products.image,
  category: products.category,
  stock: availableStockSql(),
  rating: products.rating,
  details: products.details,
  ingredients: products.ingredients,
  howToUse: products.howToUse,
  benefits: products.benefits,
});

type ProductRow = {
  [K in keyof ReturnType<typeof productColumns>]: (typeof products.$inferSelect)[K];
};

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
  const rows = await db.select(productColumns()).from(products).orderBy(asc(products.id));
  return rows.map(toPublicProduct);
}

/** One product by id, or null. */
export async function getProduct(db: Db, id: number): Promise<PublicProduct | null> {
  const [row] = await db.select(productColumns()).from(products).where(eq(products.id, id));
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
    .select(productColumns())
    .from(products)
    .where(and(ne(products.id, id)))
    .orderBy(
      sql`case when ${products.category} = ${self.category} then 0 else 1 end`,
      sql`case when ${availableStockSql()} > 0 then 0 else 1 end`,
      asc(products.id),
    )
    .limit(RELATED_PRODUCTS_LIMIT);
  return rows.map(toPublicProduct);
}

// ---------------------------------------------------------------------------------------------
// Back-office lists (admin spec §2 "Service management", "Product management"; common/paging.ts).

/**
 * One page of the admin services list, newest first (so a service just added is on page 1).
 * `q` matches name or description (case-insensitive, contains); `category` keeps one category
 * (services_category_idx).
 * @returns the page, plus every category's service count (filters ignored) for the filter
 *   buttons, in category order.
 */
export async function listServicesPage(db: Db, query: ServiceListQuery): Promise<ServicesPage> {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    const text = or(ilike(services.name, pattern), ilike(services.description, pattern));
    if (text) conditions.push(text);
  }
  if (query.category !== "all") conditions.push(eq(services.category, query.category));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [{ total, matching, page, offset }, categories] = await Promise.all([
    pageCounts(db, services, query, where),
    db
      .select({ id: services.category, count: sql<number>`count(*)::int` })
      .from(services)
      .groupBy(services.category)
      .orderBy(asc(services.category)),
  ]);
  const rows =
    matching === 0
      ? []
      : await db
          .select(serviceColumns)
          .from(services)
          .where(where)
          .orderBy(desc(services.id))
          .limit(query.pageSize)
          .offset(offset);
  return {
    rows: rows.map(toPublicService),
    total,
    matching,
    page,
    pageSize: query.pageSize,
    categories,
  };
}

/** The ORDER BY column of each product sort field; text sorts ignore case. */
const PRODUCT_SORT_COLUMNS = {
  name: sql`lower(${products.name})`,
  price: sql`${products.priceKobo}`,
  category: sql`${products.category}`,
  rating: sql`${products.rating}`,
  stock: sql`${products.stock}`,
} as const;

/**
 * One page of the admin products list. `q` matches name or description (case-insensitive,
 * contains); `category` keeps one category (products_category_idx); `stock` keeps in-stock
 * (stock > 0) or out-of-stock (0) products; `sort`/`dir` order by name, price, category, rating
 * or stock, ties broken by name then id so paging is stable.
 */
export async function listProductsPage(
  db: Db,
  query: ProductListQuery,
): Promise<Page<PublicProduct>> {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    const text = or(ilike(products.name, pattern), ilike(products.description, pattern));
    if (text) conditions.push(text);
  }
  if (query.category !== "all") conditions.push(eq(products.category, query.category));
  if (query.stock === "in-stock") conditions.push(gt(products.stock, 0));
  if (query.stock === "out-of-stock") conditions.push(eq(products.stock, 0));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const { total, matching, page, offset } = await pageCounts(db, products, query, where);
  const column = PRODUCT_SORT_COLUMNS[query.sort];
  const rows =
    matching === 0
      ? []
      : await db
          // Staff see and edit the units on the shelf, reservations included.
          .select({ ...productColumns(), stock: products.stock })
          .from(products)
          .where(where)
          .orderBy(
            query.dir === "desc" ? desc(column) : asc(column),
            asc(sql`lower(${products.name})`),
            asc(products.id),
          )
          .limit(query.pageSize)
          .offset(offset);
  return { rows: rows.map(toPublicProduct), total, matching, page, pageSize: query.pageSize };
}
