/**
 * GET /api/admin/settings and PATCH /api/admin/settings: the clinic's settings (issue 28;
 * docs/decisions/0241), a manager's (`settings.manage`).
 */
import { type Request, type Response, Router } from "express";
import { clinicSettingsPatchSchema } from "#common/settings.ts";
import type { Db } from "#server/db/client.ts";
import { handler, parse } from "#server/http.ts";
import { currentAdmin } from "#server/modules/auth/current-admin.ts";
import { requireCapability } from "#server/modules/auth/roles.ts";
import { readClinicSettings, updateClinicSettings } from "./service.ts";

export function settingsRouter(db: Db): Router {
  const router = Router();
  router.get("/admin/settings", requireCapability("settings.manage"), handler(getSettings));
  router.patch("/admin/settings", requireCapability("settings.manage"), handler(patchSettings));
  return router;

  async function getSettings(_req: Request, res: Response) {
    res.json(await readClinicSettings(db));
  }
  async function patchSettings(req: Request, res: Response) {
    const patch = parse(clinicSettingsPatchSchema, req.body);
    res.json(await updateClinicSettings(db, currentAdmin(req), patch));
  }
}
