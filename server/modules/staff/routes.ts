/** HTTP routes of the staff area (admin spec §7), behind an admin session: POST /api/staff. */
import { Router } from "express";
import { staffInputSchema } from "#common/staff.ts";
import type { Db } from "#server/db/client.ts";
import { handler, parse } from "#server/http.ts";
import { currentAdmin } from "#server/modules/auth/current-admin.ts";
import { requireAdmin } from "#server/modules/auth/middleware.ts";
import { createStaff } from "./service.ts";

export function staffRouter(db: Db): Router {
  const router = Router();
  router.post(
    "/staff",
    requireAdmin,
    handler(async (req, res) => {
      const input = parse(staffInputSchema, req.body);
      res.status(201).json(await createStaff(db, currentAdmin(req), input));
    }),
  );
  return router;
}
