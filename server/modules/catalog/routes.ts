/**
 * Public catalogue API (storefront spec §7): GET /api/services, /api/products,
 * /api/products/related?id=, /api/products/:id. Unknown ids answer 404.
 */
import { Router } from "express";
import { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { HttpError, handler, parse, parseId } from "#server/http.ts";
import { cachedCatalogue, sendCatalogueJson } from "./cached.ts";

export const relatedQuery = z.object({
  id: z.string({ error: "id is required" }).max(20, "id must be a product id"),
});

export function catalogRouter(db: Db): Router {
  const router = Router();
  // Served from the in-process catalogue cache with ETag/Last-Modified (issue 15).
  const catalogue = cachedCatalogue(db);

  router.get(
    "/services",
    handler(async (req, res) => {
      sendCatalogueJson(req, res, await catalogue.services());
    }),
  );

  router.get(
    "/products",
    handler(async (req, res) => {
      sendCatalogueJson(req, res, await catalogue.products());
    }),
  );

  router.get(
    "/products/related",
    handler(async (req, res) => {
      const { id } = parse(relatedQuery, req.query);
      const productId = parseId(id, "Product");
      if (!(await catalogue.product(productId)).value) {
        throw new HttpError(404, "Product not found");
      }
      sendCatalogueJson(req, res, await catalogue.related(productId));
    }),
  );

  router.get(
    "/products/:id",
    handler(async (req, res) => {
      const product = await catalogue.product(parseId(req.params.id, "Product"));
      if (!product.value) throw new HttpError(404, "Product not found");
      sendCatalogueJson(req, res, product);
    }),
  );

  return router;
}
