/**
 * Treatment records, photos and aftercare over HTTP (issue 31). Clinical routes declare
 * 'records.read' / 'records.write' (manager; therapist on their own); the service checks the
 * owner. Responses with health data are never cached. The photo upload takes the image itself
 * as the body (`Content-Type: image/*`), as a phone's file input gives it; GET of a photo serves
 * its bytes only through the app, audited. The aftercare cart link is public and signed.
 *
 * GET  /api/appointments/{id}/treatment-record     PUT the draft
 * POST /api/treatment-records/{id}/sign-off        POST /api/treatment-records/{id}/amendments
 * GET  /api/customers/{id}/treatment-records
 * POST /api/appointments/{id}/photos?kind=before|after
 * GET  /api/treatment-photos/{id}
 * GET  /api/admin/aftercare-templates   GET|PUT /api/services/{id}/aftercare
 * GET  /api/aftercare/{token}  (public)
 */
import express, { type Router as ExpressRouter, Router } from "express";
import { z } from "zod";
import { listQuerySchema } from "#common/paging.ts";
import {
  aftercareTemplateSchema,
  amendmentSchema,
  PHOTO_KINDS,
  PHOTO_MAX_BYTES,
  RECORD_MESSAGES,
  recordFieldsSchema,
} from "#common/records.ts";
import type { Db } from "#server/db/client.ts";
import { HttpError, handler, parse, parseId } from "#server/http.ts";
import { currentAdmin } from "#server/modules/auth/current-admin.ts";
import { requireCapability } from "#server/modules/auth/roles.ts";
import {
  aftercareCart,
  listAftercareTemplates,
  readAftercareTemplate,
  saveAftercareTemplate,
} from "./aftercare.ts";
import { PHOTO_UPLOAD_TYPES, type PhotoStore } from "./photo-store.ts";
import {
  addPhoto,
  amendRecord,
  listClientRecords,
  readAppointmentRecord,
  saveDraft,
  signOff,
  viewPhoto,
} from "./service.ts";

const photoQuerySchema = z.object({
  kind: z.enum(PHOTO_KINDS, { message: "Say whether the photo is before or after" }),
});

/** The raw image body, up to PHOTO_MAX_BYTES; a bigger one is refused with the spec's message. */
const imageBody = express.raw({ type: "image/*", limit: PHOTO_MAX_BYTES });

function uploadPhoto(db: Db, store: PhotoStore) {
  return handler(async (req, res) => {
    const id = parseId(req.params.id, "Appointment");
    const { kind } = parse(photoQuerySchema, req.query);
    const type = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    if (!(PHOTO_UPLOAD_TYPES as readonly string[]).includes(type) || !Buffer.isBuffer(req.body)) {
      throw new HttpError(400, RECORD_MESSAGES.photoType, { photo: RECORD_MESSAGES.photoType });
    }
    res.status(201).json(await addPhoto(db, store, currentAdmin(req), id, kind, req.body));
  });
}

/** express.raw's 413 becomes the API's error with the message the screen shows. */
function photoTooLarge(
  err: unknown,
  _req: express.Request,
  _res: express.Response,
  next: express.NextFunction,
) {
  if ((err as { type?: string }).type === "entity.too.large") {
    next(
      new HttpError(413, RECORD_MESSAGES.photoTooLarge, { photo: RECORD_MESSAGES.photoTooLarge }),
    );
  } else next(err);
}

/** The records router; `secret` signs aftercare links (SESSION_SECRET). */
export function recordsRouter(db: Db, store: PhotoStore, secret: string): ExpressRouter {
  const router = Router();
  const noStore: express.RequestHandler = (_req, res, next) => {
    res.setHeader("cache-control", "no-store");
    next();
  };
  router.get(
    "/appointments/:id/treatment-record",
    requireCapability("records.read"),
    noStore,
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Appointment");
      res.json(await readAppointmentRecord(db, currentAdmin(req), id));
    }),
  );
  router.put(
    "/appointments/:id/treatment-record",
    requireCapability("records.write"),
    noStore,
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Appointment");
      const fields = parse(recordFieldsSchema, req.body);
      res.json(await saveDraft(db, currentAdmin(req), id, fields));
    }),
  );
  router.post(
    "/treatment-records/:id/sign-off",
    requireCapability("records.write"),
    noStore,
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Treatment record");
      res.json(await signOff(db, currentAdmin(req), id));
    }),
  );
  router.post(
    "/treatment-records/:id/amendments",
    requireCapability("records.write"),
    noStore,
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Treatment record");
      const input = parse(amendmentSchema, req.body);
      res.status(201).json(await amendRecord(db, currentAdmin(req), id, input));
    }),
  );
  router.get(
    "/customers/:id/treatment-records",
    requireCapability("records.read"),
    noStore,
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Customer");
      res.json(await listClientRecords(db, currentAdmin(req), id));
    }),
  );
  router.post(
    "/appointments/:id/photos",
    requireCapability("records.write"),
    imageBody,
    photoTooLarge,
    uploadPhoto(db, store),
  );
  router.get(
    "/treatment-photos/:id",
    requireCapability("records.read"),
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Photo");
      const photo = await viewPhoto(db, store, currentAdmin(req), id);
      // Private and never stored by a browser or proxy: each view is a new, audited read.
      res.setHeader("cache-control", "no-store, private");
      res.setHeader("content-type", photo.contentType);
      res.setHeader("x-content-type-options", "nosniff");
      res.send(photo.bytes);
    }),
  );
  router.get(
    "/admin/aftercare-templates",
    requireCapability("aftercare.manage"),
    handler(async (req, res) => {
      res.json(await listAftercareTemplates(db, listQuerySchema.parse(req.query)));
    }),
  );
  router.get(
    "/services/:id/aftercare",
    requireCapability("aftercare.manage"),
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Service");
      res.json(await readAftercareTemplate(db, id));
    }),
  );
  router.put(
    "/services/:id/aftercare",
    requireCapability("aftercare.manage"),
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Service");
      const input = parse(aftercareTemplateSchema, req.body);
      res.json(await saveAftercareTemplate(db, currentAdmin(req), id, input));
    }),
  );
  router.get(
    "/aftercare/:token",
    noStore,
    handler(async (req, res) => {
      res.json(await aftercareCart(db, secret, String(req.params.token)));
    }),
  );
  return router;
}
