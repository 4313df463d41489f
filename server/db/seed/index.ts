/**
 * The demo catalogue: realistic Lagos treatments and skincare products, loaded only into an empty
 * catalogue (ARCHITECTURE.md "Data rules"). Prices in the data files are naira; stored as kobo.
 */
import { count } from "drizzle-orm";
import { nairaToKobo } from "#common/money.ts";
import type { Db } from "#server/db/client.ts";
import { products, services } from "#server/db/schema/catalog.ts";
import { SEED_PRODUCTS, type SeedProduct } from "./products-data.ts";
import { SEED_SERVICES, type SeedService } from "./services-data.ts";

export function serviceRow(s: SeedService): typeof services.$inferInsert {
  return {
    name: s.name,
    description: s.description,
    category: s.category,
    priceKobo: s.price === null ? null : nairaToKobo(s.price),
    priceNote: s.priceNote ?? null,
    duration: s.duration,
    consultationFirst: s.consultationFirst ?? false,
  };
}

export function productRow(p: SeedProduct): typeof products.$inferInsert {
  return {
    name: p.name,
    description: p.description,
    priceKobo: nairaToKobo(p.price),
    image: p.image,
    category: p.category,
    stock: p.stock,
    rating: p.rating,
    details: p.details,
    ingredients: p.ingredients,
    howToUse: p.howToUse,
    benefits: p.benefits,
  };
}

/**
 * Loads the demo services and products, each only when its table is empty, in one transaction.
 * @returns how many rows of each were inserted.
 */
export async function seedDemoCatalogue(db: Db): Promise<{ services: number; products: number }> {
  return db.transaction(async (tx) => {
    const [serviceCount] = await tx.select({ n: count() }).from(services);
    const [productCount] = await tx.select({ n: count() }).from(products);
    let insertedServices = 0;
    let insertedProducts = 0;
    if (serviceCount?.n === 0) {
      await tx.insert(services).values(SEED_SERVICES.map(serviceRow));
      insertedServices = SEED_SERVICES.length;
    }
    if (productCount?.n === 0) {
      await tx.insert(products).values(SEED_PRODUCTS.map(productRow));
      insertedProducts = SEED_PRODUCTS.length;
    }
    return { services: insertedServices, products: insertedProducts };
  });
}
