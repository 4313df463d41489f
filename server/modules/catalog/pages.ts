/**
 * The catalogue reads that page loaders use: the public ones (common/catalog.ts `CatalogPages`)
 * and, for the back office, the paged lists (common/catalog-forms.ts `CatalogAdminPages`).
 */
import type { CatalogPages } from "#common/catalog.ts";
import type { CatalogAdminPages } from "#common/catalog-forms.ts";
import type { Db } from "#server/db/client.ts";
import { cachedCatalogue } from "./cached.ts";
import {
  getProduct,
  listProducts,
  listProductsPage,
  listServices,
  listServicesPage,
  relatedProducts,
} from "./service.ts";

/** The public reads, from the in-process catalogue cache (./cache.ts, issue 15). */
export function catalogPages(db: Db): CatalogPages {
  const cached = cachedCatalogue(db);
  return {
    services: async () => (await cached.services()).value,
    products: async () => (await cached.products()).value,
    product: async (id) => (await cached.product(id)).value,
    related: async (id) => (await cached.related(id)).value,
  };
}

export function catalogAdminPages(db: Db): CatalogAdminPages {
  return {
    // The back office reads the database directly: an admin sees each write at once.
    services: () => listServices(db),
    products: () => listProducts(db),
    product: (id) => getProduct(db, id),
    related: (id) => relatedProducts(db, id),
    servicesPage: (query) => listServicesPage(db, query),
    productsPage: (query) => listProductsPage(db, query),
  };
}
