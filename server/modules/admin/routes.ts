/**
 * Back-office shell API (admin spec §2, §7; issue 6): GET /api/admin/summary (sidebar badge),
 * GET /api/admin/search?q=, GET /api/admin/dashboard, GET /api/admin/export and
 * POST /api/admin/clear-data → {success, cleared, message}. All require an admin session.
 */
import { Router } from "express";
import { z } from "zod";
import { ANY_ROLE, DESK_ROLES, MANAGER_ONLY } from "#common/roles.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { handler, parse } from "#server/http.ts";
import { currentAdmin } from "#server/modules/auth/current-admin.ts";
import { requireRole } from "#server/modules/auth/roles.ts";
import { countClients } from "#server/modules/clients/back-office.ts";
import { clientScopeOf } from "#server/modules/clients/scope.ts";
import type { PhotoStore } from "#server/modules/records/photo-store.ts";
import { dashboardFor } from "./dashboard-view.ts";
import { clearAdminData, exportAdminData } from "./data-export.ts";
import { searchAdmin } from "./search.ts";

export const searchQuery = z.object({
  q: z.string({ error: "q is required" }).max(100, "Search text is too long").default(""),
});

export function adminRouter(db: Db, config: Config, photoStore: PhotoStore | null = null): Router {
  const router = Router();

  router.get(
    "/admin/summary",
    requireRole(...ANY_ROLE),
    handler(async (req, res) => {
      res.json({ clients: await countClients(db, clientScopeOf(currentAdmin(req))) });
    }),
  );
  router.get(
    "/admin/search",
    requireRole(...DESK_ROLES),
    handler(async (req, res) => {
      const { q } = parse(searchQuery, req.query);
      res.json({ query: q, results: await searchAdmin(db, q) });
    }),
  );
  router.get(
    "/admin/dashboard",
    requireRole(...ANY_ROLE),
    handler(async (req, res) => {
      res.json(await dashboardFor(db, currentAdmin(req)));
    }),
  );
  router.get(
    "/admin/export",
    requireRole(...MANAGER_ONLY),
    handler(async (_req, res) => {
      const data = await exportAdminData(db);
      res.setHeader("Cache-Control", "no-store");
      res.setHeader(
        "Content-Disposition",
        `attachment; filename="glowhaven-admin-data-${data.exportedAt.slice(0, 10)}.json"`,
      );
      res.json(data);
    }),
  );
  router.post(
    "/admin/clear-data",
    requireRole(...MANAGER_ONLY),
    handler(async (req, res) => {
      const result = await clearAdminData(
        db,
        currentAdmin(req),
        config.dataDir,
        photoStore,
        req.log,
      );
      req.log?.warn({ cleared: result.cleared, backup: result.backup }, "admin data cleared");
      res.json(result);
    }),
  );

  return router;
}
