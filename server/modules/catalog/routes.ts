/**
 * Public catalogue API (storefront spec §7): GET /api/services, /api/products,
 * /api/products/related?id=, /api/products/:id. Unknown ids answer 404.
 */
import { Router } from "express";
import { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { HttpError, handler, parse, parseId } from "#server/http.ts";
import { getProduct, listProducts, listServices, relatedProducts } from "./service.ts";

export const relatedQuery = z.object({
  id: z.string({ error: "id is required" }).max(20, "id must be a product id"),
});

export function catalogRouter(db: Db): Router {
  const router = Router();

  router.get(
    "/services",
    handler(async (_req, res) => {
      res.json(await listServices(db));
    }),
  );

  router.get(
    "/products",
    handler(async (_req, res) => {
      res.json(await listProducts(db));
    }),
  );

  router.get(
    "/products/related",
    handler(async (req, res) => {
      const { id } = parse(relatedQuery, req.query);
      const productId = parseId(id, "Product");
      if (!(await getProduct(db, productId))) throw new HttpError(404, "Product not found");
      res.json(await relatedProducts(db, productId));
    }),
  );

  router.get(
    "/products/:id",
    handler(async (req, res) => {
      const product = await getProduct(db, parseId(req.params.id, "Product"));
      if (!product) throw new HttpError(404, "Product not found");
      res.json(product);
    }),
  );

  return router;
}
