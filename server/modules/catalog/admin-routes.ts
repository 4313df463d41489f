/**
 * Admin catalogue API (admin spec §7): POST /api/services, PATCH/DELETE /api/services/:id,
 * POST /api/products, PATCH/DELETE /api/products/:id. All require an admin session.
 */
import { Router } from "express";
import { productFormSchema, serviceFormSchema } from "#common/catalog-forms.ts";
import { MANAGER_ONLY } from "#common/roles.ts";
import type { Db } from "#server/db/client.ts";
import { handler, parse, parseId } from "#server/http.ts";
import { currentAdmin } from "#server/modules/auth/current-admin.ts";
import { requireRole } from "#server/modules/auth/roles.ts";
import {
  createProduct,
  createService,
  deleteProduct,
  deleteService,
  updateProduct,
  updateService,
} from "./admin-service.ts";

export const servicePatchSchema = serviceFormSchema
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Nothing to update");

// A patch must not fill in defaults (rating, stock) the client did not send.
export const productPatchSchema = productFormSchema
  .extend({
    rating: productFormSchema.shape.rating.unwrap(),
    stock: productFormSchema.shape.stock.unwrap(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Nothing to update");

export function catalogAdminRouter(db: Db): Router {
  const router = Router();

  router.post(
    "/services",
    requireRole(...MANAGER_ONLY),
    handler(async (req, res) => {
      const input = parse(serviceFormSchema, req.body);
      res.status(201).json(await createService(db, currentAdmin(req), input));
    }),
  );
  router.patch(
    "/services/:id",
    requireRole(...MANAGER_ONLY),
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Service");
      const input = parse(servicePatchSchema, req.body);
      res.json(await updateService(db, currentAdmin(req), id, input));
    }),
  );
  router.delete(
    "/services/:id",
    requireRole(...MANAGER_ONLY),
    handler(async (req, res) => {
      await deleteService(db, currentAdmin(req), parseId(req.params.id, "Service"));
      res.json({ success: true });
    }),
  );

  router.post(
    "/products",
    requireRole(...MANAGER_ONLY),
    handler(async (req, res) => {
      const input = parse(productFormSchema, req.body);
      res.status(201).json(await createProduct(db, currentAdmin(req), input));
    }),
  );
  router.patch(
    "/products/:id",
    requireRole(...MANAGER_ONLY),
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Product");
      const input = parse(productPatchSchema, req.body);
      res.json(await updateProduct(db, currentAdmin(req), id, input));
    }),
  );
  router.delete(
    "/products/:id",
    requireRole(...MANAGER_ONLY),
    handler(async (req, res) => {
      await deleteProduct(db, currentAdmin(req), parseId(req.params.id, "Product"));
      res.json({ success: true });
    }),
  );

  return router;
}
