/**
 * The catalogue reads that page loaders use: the public ones (common/catalog.ts `CatalogPages`)
 * and, for the back office, the paged lists (common/catalog-forms.ts `CatalogAdminPages`).
 */
import type { CatalogPages } from "#common/catalog.ts";
import type { CatalogAdminPages } from "#common/catalog-forms.ts";
import type { Db } from "#server/db/client.ts";
import {
  getProduct,
  listProducts,
  listProductsPage,
  listServices,
  listServicesPage,
  relatedProducts,
} from "./service.ts";

export function catalogPages(db: Db): CatalogPages {
  return {
    services: () => listServices(db),
    products: () => listProducts(db),
    product: (id) => getProduct(db, id),
    related: (id) => relatedProducts(db, id),
  };
}

export function catalogAdminPages(db: Db): CatalogAdminPages {
  return {
    ...catalogPages(db),
    servicesPage: (query) => listServicesPage(db, query),
    productsPage: (query) => listProductsPage(db, query),
  };
}
