/**
 * GET /api/openapi.json (signed-in staff, any role): the OpenAPI 3.1 description of the API,
 * built once from the app's own route table (server/openapi/document.ts).
 */
import { type Express, Router } from "express";
import { ANY_ROLE } from "#common/roles.ts";
import { requireRole } from "#server/modules/auth/roles.ts";
import { apiRouteTable } from "#server/route-table.ts";
import { buildOpenApiDocument } from "./document.ts";

/** The document of `app`, built on first use (the routes are fixed once the app is built). */
export function openApiDocumentOf(app: Express): () => ReturnType<typeof buildOpenApiDocument> {
  let document: ReturnType<typeof buildOpenApiDocument> | null = null;
  return () => {
    document ??= buildOpenApiDocument(apiRouteTable(app));
    return document;
  };
}

export function openApiRouter(document: () => unknown): Router {
  const router = Router();
  router.get("/openapi.json", requireRole(...ANY_ROLE), (_req, res) => {
    res.json(document());
  });
  return router;
}
