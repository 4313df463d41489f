/**
 * Builds what page loaders may read for one request (common/page-context.ts): the public reads
 * always, the admin reads only while an admin is signed in. Set in React Router's load context by
 * server/app.ts, so the API and the pages share one db (ARCHITECTURE.md "Conventions").
 */
import type { AdminIdentity } from "#common/auth.ts";
import type { PageServices } from "#common/page-context.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import { type AdminOps, adminPages } from "./modules/admin/pages.ts";
import { catalogPages } from "./modules/catalog/pages.ts";
import { consentPages } from "./modules/consent/pages.ts";
import { orderStatusPages } from "./modules/orders/status-links.ts";
import { reviewPages } from "./modules/reviews/pages.ts";

export type RequestFacts = {
  /** The signed-in admin, or null. */
  admin: AdminIdentity | null;
  /** CSP nonce of this response. */
  nonce: string;
  /** Absolute site origin, e.g. 'https://glowhaven.ng'. */
  origin: string;
};

/**
 * `ops`: the scheduled jobs of this process and the API's OpenAPI document, for the admin's
 * Operations and API reference pages (issue 16).
 */
export function pageServices(
  db: Db,
  config: Config,
  request: RequestFacts,
  ops: AdminOps = {},
): PageServices {
  return {
    nonce: request.nonce,
    origin: request.origin,
    catalog: catalogPages(db),
    reviews: reviewPages(db, config.SESSION_SECRET),
    consent: consentPages(db, config.SESSION_SECRET),
    orderStatus: orderStatusPages(db, config.SESSION_SECRET),
    admin: request.admin ? adminPages(db, request.admin, ops) : null,
  };
}
