/**
 * The public catalogue reads through the in-process cache (./cache.ts), each encoded once (value
 * for page loaders, JSON + gzip + ETag for the API), and the sender of those answers with their
 * validators (issue 15: ETag/Last-Modified and 304s on the catalogue APIs).
 */
import type { Request, Response } from "express";
import type { PublicProduct, PublicService } from "#common/catalog.ts";
import type { Db } from "#server/db/client.ts";
import { type CachedJson, encode, sendCachedJson } from "#server/response-cache.ts";
import { catalogueCache } from "./cache.ts";
import { getProduct, listProducts, listServices, relatedProducts } from "./service.ts";

/** A cached answer and when it was read (HTTP date precision: whole seconds). */
export type CatalogueAnswer<T> = CachedJson<T> & { lastModified: Date };

async function answer<T>(value: T): Promise<CatalogueAnswer<T>> {
  const encoded = await encode(value);
  return { ...encoded, lastModified: new Date(Math.floor(Date.now() / 1000) * 1000) };
}

/** The cached public reads of `db`'s catalogue (values are shared: callers must not mutate). */
export function cachedCatalogue(db: Db) {
  const cache = catalogueCache(db);
  return {
    services: (): Promise<CatalogueAnswer<PublicService[]>> =>
      cache.get("services", () => listServices(db).then(answer)),
    products: (): Promise<CatalogueAnswer<PublicProduct[]>> =>
      cache.get("products", () => listProducts(db).then(answer)),
    product: (id: number): Promise<CatalogueAnswer<PublicProduct | null>> =>
      cache.get(`product:${id}`, () => getProduct(db, id).then(answer)),
    related: (id: number): Promise<CatalogueAnswer<PublicProduct[]>> =>
      cache.get(`related:${id}`, () => relatedProducts(db, id).then(answer)),
  };
}

/**
 * Sends a cached catalogue answer with ETag and Last-Modified: 304 when the request's validators
 * match, else the JSON (pre-gzipped when accepted). `public, no-cache`: a browser or CDN may keep
 * it but asks every time, so a stock change is never hidden behind a stored copy.
 */
export function sendCatalogueJson<T>(req: Request, res: Response, cached: CatalogueAnswer<T>) {
  sendCachedJson(req, res, cached, { scope: "public", lastModified: cached.lastModified });
}
