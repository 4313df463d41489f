/**
 * A client's health record (issue 30): GET /api/customers/{id}/health (alert labels for anyone
 * who may see the client; details for clinical roles, each read audited), POST to record an
 * entry, DELETE /api/customers/{id}/health/{entryId} to remove one (common/roles.ts
 * 'health.read', 'health.edit'). Never cached by the browser.
 */
import { type Router as ExpressRouter, Router } from "express";
import { healthEntryInputSchema } from "#common/health.ts";
import { ANY_ROLE } from "#common/roles.ts";
import type { Db } from "#server/db/client.ts";
import { handler, parse, parseId } from "#server/http.ts";
import { currentAdmin } from "#server/modules/auth/current-admin.ts";
import { requireCapability, requireRole } from "#server/modules/auth/roles.ts";
import { addHealthEntry, readHealthRecord, removeHealthEntry } from "./service.ts";

function readHealth(db: Db) {
  return handler(async (req, res) => {
    const id = parseId(req.params.id, "Customer");
    res.setHeader("cache-control", "no-store");
    res.json(await readHealthRecord(db, currentAdmin(req), id));
  });
}

function recordHealth(db: Db) {
  return handler(async (req, res) => {
    const id = parseId(req.params.id, "Customer");
    const input = parse(healthEntryInputSchema, req.body);
    res.status(201).json(await addHealthEntry(db, currentAdmin(req), id, input));
  });
}

function removeHealth(db: Db) {
  return handler(async (req, res) => {
    const id = parseId(req.params.id, "Customer");
    const entryId = parseId(req.params.entryId, "Health entry");
    await removeHealthEntry(db, currentAdmin(req), id, entryId);
    res.status(204).end();
  });
}

export function healthRouter(db: Db): ExpressRouter {
  const router = Router();
  router.get("/customers/:id/health", requireRole(...ANY_ROLE), readHealth(db));
  router.post("/customers/:id/health", requireCapability("health.edit"), recordHealth(db));
  router.delete(
    "/customers/:id/health/:entryId",
    requireCapability("health.edit"),
    removeHealth(db),
  );
  return router;
}
