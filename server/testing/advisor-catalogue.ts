/**
 * The demo catalogue as a full-text index, for the advisor's pure unit tests (no database): the
 * seed services and products as GET /api/services and /api/products return them (ids in seed
 * order; naira prices).
 */
import { SEED_PRODUCTS } from "#server/db/seed/products-data.ts";
import { SEED_SERVICES } from "#server/db/seed/services-data.ts";
import {
  buildCatalogueIndex,
  type CatalogueIndex,
} from "#server/modules/advisor/catalogue-index.ts";

/** A fresh index of the demo catalogue. */
export function demoCatalogueIndex(): CatalogueIndex {
  return buildCatalogueIndex({
    services: SEED_SERVICES.map((s, i) => ({
      id: i + 1,
      name: s.name,
      description: s.description,
      category: s.category,
      price: s.priceNote ?? s.price,
      duration: s.duration,
    })),
    products: SEED_PRODUCTS.map((p, i) => ({
      ...p,
      id: i + 1,
      imageUrl: p.image,
      details: p.details ?? null,
      ingredients: p.ingredients ?? null,
      howToUse: p.howToUse ?? null,
      benefits: p.benefits ?? [],
    })),
  });
}
