/** The catalogue reads that page loaders use (common/catalog.ts `CatalogPages`). */
import type { CatalogPages } from "#common/catalog.ts";
import type { Db } from "#server/db/client.ts";
import { getProduct, listProducts, listServices, relatedProducts } from "./service.ts";

export function catalogPages(db: Db): CatalogPages {
  return {
    services: () => listServices(db),
    products: () => listProducts(db),
    product: (id) => getProduct(db, id),
    related: (id) => relatedProducts(db, id),
  };
}
