/**
 * Clients API (admin spec §7): GET/POST /api/customers, GET /api/customers/{id} (the client's
 * own record, health included), PATCH /api/customers/{email}, DELETE /api/customers/{id},
 * GET /api/customers/{id}/export, POST /api/customers/{id}/erase, GET /api/subscribers,
 * GET/PUT /api/customer-notes/{email}; possible duplicates and the merge (issue 28 item 7):
 * GET /api/customers/{id}/duplicates, GET /api/customers/{id}/merge-preview?mergeId=,
 * POST /api/customers/{id}/merge, POST /api/client-merges/{id}/undo. Admin only; changes are
 * audited. Who may do what is common/roles.ts CAPABILITIES: a therapist reads their own clients
 * only (./scope.ts).
 */

import { Router } from "express";
import { mergeRequestSchema } from "#common/client-merge.ts";
import {
  CLIENT_MESSAGES,
  clientListQuerySchema,
  customerInputSchema,
  customerNotesSchema,
  customerPatchSchema,
} from "#common/clients.ts";
import { EMAIL_MAX_LENGTH } from "#common/contact.ts";
import { paramsObject } from "#common/paging.ts";
import { ANY_ROLE, DESK_ROLES } from "#common/roles.ts";
import type { Db } from "#server/db/client.ts";
import { HttpError, handler, parse, parseId } from "#server/http.ts";
import { currentAdmin } from "#server/modules/auth/current-admin.ts";
import { requireCapability, requireRole } from "#server/modules/auth/roles.ts";
import { replayOnce } from "#server/modules/offline/replay.ts";
import type { PhotoStore } from "#server/modules/records/photo-store.ts";
import { getClientRecord } from "./detail.ts";
import { findDuplicatesOf } from "./duplicates.ts";
import { listClientsPage, listSubscribers } from "./list.ts";
import { mergeClients, previewMerge } from "./merge.ts";
import { undoMerge } from "./merge-undo.ts";
import { eraseClient, exportClient, exportClientZip } from "./privacy.ts";
import { authorizeClient, clientScopeOf } from "./scope.ts";
import {
  clientExists,
  createClient,
  deleteClient,
  getNotesByEmail,
  saveNotesByEmail,
  updateClientByEmail,
} from "./service.ts";

/** An email path parameter; anything that cannot be one is no such client (404). */
function emailParam(value: unknown): string {
  const text = typeof value === "string" ? value.trim() : "";
  if (!text || text.length > EMAIL_MAX_LENGTH || !text.includes("@")) {
    throw new HttpError(404, CLIENT_MESSAGES.notFound);
  }
  return text.toLowerCase();
}

/** /api/customers: the list, add, export, erase, one record, change, delete. */
function customerRoutes(
  router: Router,
  db: Db,
  dataDir: string | null,
  photoStore: PhotoStore | null,
): void {
  // The Customer Database as JSON: the rows of one page (no health fields); `page`, `pageSize`,
  // `q`, `status`, `sort` and `dir` as on the screen; the counts in headers.
  router.get(
    "/customers",
    requireRole(...ANY_ROLE),
    handler(async (req, res) => {
      const params = paramsObject(new URL(req.url, "http://x").searchParams);
      const query = clientListQuerySchema.parse({ pageSize: "100", ...params });
      const page = await listClientsPage(db, query, clientScopeOf(currentAdmin(req)));
      res.setHeader("x-total-count", String(page.total));
      res.setHeader("x-matching-count", String(page.matching));
      res.json(page.rows);
    }),
  );
  router.post(
    "/customers",
    requireCapability("client.edit"),
    handler(async (req, res) => {
      const input = parse(customerInputSchema, req.body);
      res.status(201).json(await createClient(db, currentAdmin(req), input));
    }),
  );
  router.get(
    "/customers/:id/export",
    requireCapability("client.export"),
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Customer");
      const data = await exportClient(db, currentAdmin(req), id);
      res.setHeader("content-disposition", `attachment; filename="client-${id}.json"`);
      res.setHeader("cache-control", "no-store");
      res.json(data);
    }),
  );
  router.get(
    "/customers/:id/export.zip",
    requireCapability("client.export"),
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Customer");
      if (!photoStore) throw new HttpError(404, "Not found");
      const zip = await exportClientZip(db, photoStore, currentAdmin(req), id);
      res.setHeader("content-type", "application/zip");
      res.setHeader("content-disposition", `attachment; filename="client-${id}.zip"`);
      res.setHeader("cache-control", "no-store");
      res.send(Buffer.from(zip));
    }),
  );
  router.post(
    "/customers/:id/erase",
    requireCapability("client.erase"),
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Customer");
      res.json(await eraseClient(db, currentAdmin(req), id, dataDir, photoStore, req.log));
    }),
  );
  router.get(
    "/customers/:id",
    requireRole(...ANY_ROLE),
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Customer");
      await authorizeClient(db, currentAdmin(req), { id });
      const record = await getClientRecord(db, id);
      if (!record) throw new HttpError(404, CLIENT_MESSAGES.notFound);
      res.setHeader("cache-control", "no-store");
      res.json(record);
    }),
  );
  router.patch(
    "/customers/:email",
    requireCapability("client.edit"),
    handler(async (req, res) => {
      const email = emailParam(req.params.email);
      const patch = parse(customerPatchSchema, req.body);
      res.json(await updateClientByEmail(db, currentAdmin(req), email, patch));
    }),
  );
  router.delete(
    "/customers/:id",
    requireCapability("client.delete"),
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Customer");
      await deleteClient(db, currentAdmin(req), id, photoStore, req.log);
      res.json({ success: true, message: CLIENT_MESSAGES.deletedText });
    }),
  );
}

/** /api/subscribers and /api/customer-notes/{email}. */
function subscriberAndNoteRoutes(router: Router, db: Db): void {
  router.get(
    "/subscribers",
    requireRole(...DESK_ROLES),
    handler(async (_req, res) => {
      res.json(await listSubscribers(db));
    }),
  );
  router.get(
    "/customer-notes/:email",
    requireRole(...ANY_ROLE),
    handler(async (req, res) => {
      const email = emailParam(req.params.email);
      await authorizeClient(db, currentAdmin(req), { email });
      res.json(await getNotesByEmail(db, email));
    }),
  );
  router.put(
    "/customer-notes/:email",
    requireRole(...ANY_ROLE),
    replayOnce(db),
    handler(async (req, res) => {
      const email = emailParam(req.params.email);
      const { notes } = parse(customerNotesSchema, req.body);
      await authorizeClient(db, currentAdmin(req), { email });
      res.json(await saveNotesByEmail(db, currentAdmin(req), email, notes));
    }),
  );
}

/**
 * Possible duplicates (front desk) and the merge with its preview and undo (managers: a merge
 * deletes a client row, like Delete and Erase).
 */
function duplicateAndMergeRoutes(router: Router, db: Db): void {
  router.get(
    "/customers/:id/duplicates",
    requireRole(...DESK_ROLES),
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Customer");
      if (!(await clientExists(db, id))) throw new HttpError(404, CLIENT_MESSAGES.notFound);
      res.json(await findDuplicatesOf(db, id));
    }),
  );
  router.get(
    "/customers/:id/merge-preview",
    requireCapability("client.merge"),
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Customer");
      const { mergeId } = parse(mergeRequestSchema, req.query);
      res.setHeader("cache-control", "no-store");
      res.json(await previewMerge(db, id, mergeId));
    }),
  );
  router.post(
    "/customers/:id/merge",
    requireCapability("client.merge"),
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Customer");
      const { mergeId } = parse(mergeRequestSchema, req.body);
      res.json(await mergeClients(db, currentAdmin(req), id, mergeId));
    }),
  );
  router.post(
    "/client-merges/:id/undo",
    requireCapability("client.merge"),
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Merge");
      res.json(await undoMerge(db, currentAdmin(req), id));
    }),
  );
}

export function clientsRouter(
  db: Db,
  dataDir: string | null = null,
  photoStore: PhotoStore | null = null,
): Router {
  const router = Router();
  duplicateAndMergeRoutes(router, db);
  customerRoutes(router, db, dataDir, photoStore);
  subscriberAndNoteRoutes(router, db);
  return router;
}
