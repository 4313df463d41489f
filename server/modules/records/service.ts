/**
 * Treatment records and before/after photos (issue 31; ARCHITECTURE.md "The visit"). The one
 * writer of `treatment_records`, `treatment_record_amendments` and `treatment_photos`.
 *
 * Invariants:
 * - One record per appointment. A draft changes in place; sign-off freezes it: afterwards only
 *   amendments (changed fields, reason, who, when) are added and the original stays as signed
 *   (the migration's trigger refuses an update of a signed record's fields as well).
 * - Clinical roles only (common/roles.ts 'records.read', 'records.write'): a manager on every
 *   record, a therapist reads their own clients' and writes their own appointments'. The front
 *   desk never reaches these rows. Every read is audited ('record.read', 'photo.view': who,
 *   which client or photo; never the content).
 * - Photos only with a current photography consent; stored resized with no metadata, never in
 *   a public folder (photo-store.ts).
 * (docs/decisions/0270-treatment-records-append-only-with-amendments.md, 0271-…photos….md)
 */
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import {
  type AmendmentInput,
  type AppointmentRecordView,
  applyAmendments,
  type PhotoKind,
  RECORD_MESSAGES,
  type RecordFields,
  type TreatmentPhoto,
  type TreatmentRecordView,
} from "#common/records.ts";
import { capabilitiesOf, mayOn } from "#common/roles.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { clients } from "#server/db/schema/clients.ts";
import {
  treatmentPhotos,
  treatmentRecordAmendments,
  treatmentRecords,
} from "#server/db/schema/records.ts";
import { staff } from "#server/db/schema/staff.ts";
import { HttpError } from "#server/http.ts";
import { auditName, recordAudit } from "#server/modules/audit/service.ts";
import { authorize } from "#server/modules/auth/roles.ts";
import { authorizeClient } from "#server/modules/clients/scope.ts";
import { photographyConsentGiven } from "./consent.ts";
import { type PhotoStore, preparePhoto } from "./photo-store.ts";

type RecordRow = typeof treatmentRecords.$inferSelect;
type AmendmentRow = typeof treatmentRecordAmendments.$inferSelect;
type PhotoRow = typeof treatmentPhotos.$inferSelect;
type AppointmentFacts = {
  id: number;
  clientId: number | null;
  staffId: number | null;
  customerName: string;
  serviceName: string;
  startsAt: Date;
  status: string;
};

/** The URL a photo is served from (GET /api/treatment-photos/{id}). */
export function photoUrl(id: number): string {
  return `/api/treatment-photos/${id}`;
}

function toPhoto(r: PhotoRow): TreatmentPhoto {
  return {
    id: r.id,
    appointmentId: r.appointmentId,
    kind: r.kind as PhotoKind,
    url: photoUrl(r.id),
    width: r.width,
    height: r.height,
    takenAt: r.takenAt.toISOString(),
    takenBy: r.takenBy,
  };
}

function toView(r: RecordRow, amendments: AmendmentRow[]): TreatmentRecordView {
  const list = amendments
    .filter((a) => a.recordId === r.id)
    .map((a) => ({
      id: a.id,
      reason: a.reason,
      changes: a.changes,
      amendedBy: a.amendedBy,
      amendedAt: a.amendedAt.toISOString(),
    }));
  return {
    id: r.id,
    appointmentId: r.appointmentId,
    clientId: r.clientId,
    serviceName: r.serviceName,
    staffName: r.staffName,
    visitAt: r.visitAt?.toISOString() ?? null,
    status: r.signedAt ? "signed" : "draft",
    original: r.fields,
    current: applyAmendments(r.fields, list),
    amendments: list,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    signedBy: r.signedBy,
    signedAt: r.signedAt?.toISOString() ?? null,
  };
}

async function amendmentsOf(db: Db | Tx, recordIds: number[]): Promise<AmendmentRow[]> {
  if (recordIds.length === 0) return [];
  return db
    .select()
    .from(treatmentRecordAmendments)
    .where(inArray(treatmentRecordAmendments.recordId, recordIds))
    .orderBy(asc(treatmentRecordAmendments.id));
}

async function appointmentFacts(db: Db | Tx, id: number): Promise<AppointmentFacts> {
  const [row] = await db
    .select({
      id: appointments.id,
      clientId: appointments.clientId,
      staffId: appointments.staffId,
      customerName: appointments.customerName,
      serviceName: appointments.serviceName,
      startsAt: appointments.startsAt,
      status: appointments.status,
    })
    .from(appointments)
    .where(eq(appointments.id, id));
  if (!row) throw new HttpError(404, RECORD_MESSAGES.appointmentNotFound);
  return row;
}

/**
 * Whether `viewer` may read the records of the client (and appointment) given: a manager always;
 * a therapist for their own appointment or a client they may see (client.view 'own').
 */
async function mayRead(
  db: Db,
  viewer: AdminIdentity,
  target: { clientId: number | null; staffId?: number | null },
): Promise<boolean> {
  const caps = capabilitiesOf(viewer.role);
  if (caps["records.read"] === "all") return true;
  if (caps["records.read"] === "none") return false;
  if (target.staffId != null && mayOn(caps, "records.read", viewer.staffId, target.staffId)) {
    return true;
  }
  if (target.clientId === null) return false;
  try {
    await authorizeClient(db, viewer, { id: target.clientId });
    return viewer.staffId != null;
  } catch {
    return false;
  }
}

async function refuseRead(
  db: Db,
  viewer: AdminIdentity,
  target: { clientId: number | null; staffId?: number | null },
): Promise<void> {
  if (!(await mayRead(db, viewer, target))) authorize(viewer, "records.read", null);
}

/** Refuses `admin` writing on appointment `a` unless a manager or its own therapist. */
function refuseWrite(admin: AdminIdentity, a: { staffId: number | null }): void {
  authorize(admin, "records.write", a.staffId);
}

function mayWrite(admin: AdminIdentity, a: { staffId: number | null }): boolean {
  return mayOn(capabilitiesOf(admin.role), "records.write", admin.staffId, a.staffId);
}

async function recordOfAppointment(db: Db | Tx, appointmentId: number) {
  const [row] = await db
    .select()
    .from(treatmentRecords)
    .where(eq(treatmentRecords.appointmentId, appointmentId));
  return row ?? null;
}

/**
 * GET /api/appointments/{id}/treatment-record: the appointment, its record (or null), its
 * photos' metadata, whether the client has photography consent and whether the viewer may
 * write. Audited ('record.read').
 * @throws HttpError 404 unknown appointment; 403 a role without records.read on it.
 */
export async function readAppointmentRecord(
  db: Db,
  viewer: AdminIdentity,
  appointmentId: number,
): Promise<AppointmentRecordView> {
  const a = await appointmentFacts(db, appointmentId);
  await refuseRead(db, viewer, a);
  const record = await recordOfAppointment(db, appointmentId);
  const [amendments, photos, consent] = await Promise.all([
    amendmentsOf(db, record ? [record.id] : []),
    db
      .select()
      .from(treatmentPhotos)
      .where(eq(treatmentPhotos.appointmentId, appointmentId))
      .orderBy(asc(treatmentPhotos.id)),
    a.clientId === null ? false : photographyConsentGiven(db, a.clientId),
  ]);
  await recordAudit(db, viewer, {
    action: "record.read",
    entity: "appointment",
    entityId: appointmentId,
    details: { clientId: a.clientId },
  });
  return {
    appointment: {
      id: a.id,
      clientId: a.clientId,
      customerName: a.customerName,
      serviceName: a.serviceName,
      startsAt: a.startsAt.toISOString(),
      status: a.status,
    },
    record: record ? toView(record, amendments) : null,
    photos: photos.map(toPhoto),
    photographyConsent: consent,
    canWrite: mayWrite(viewer, a),
  };
}

/**
 * PUT /api/appointments/{id}/treatment-record: writes the draft (creates it the first time).
 * Audited ('record.write', no content).
 * @throws HttpError 404 unknown appointment; 403 not the treating therapist or a manager;
 *   409 the record is signed off (amend it instead).
 */
export async function saveDraft(
  db: Db,
  admin: AdminIdentity,
  appointmentId: number,
  fields: RecordFields,
): Promise<TreatmentRecordView> {
  return db.transaction(async (tx) => {
    const [a] = await tx
      .select({
        id: appointments.id,
        clientId: appointments.clientId,
        staffId: appointments.staffId,
        serviceName: appointments.serviceName,
        startsAt: appointments.startsAt,
        staffName: sql<string>`${staff.firstName} || ' ' || ${staff.lastName}`,
      })
      .from(appointments)
      .leftJoin(staff, eq(staff.id, appointments.staffId))
      .where(eq(appointments.id, appointmentId))
      .for("update", { of: appointments });
    if (!a) throw new HttpError(404, RECORD_MESSAGES.appointmentNotFound);
    refuseWrite(admin, a);
    const existing = await recordOfAppointment(tx, appointmentId);
    if (existing?.signedAt) throw new HttpError(409, RECORD_MESSAGES.signedOff);
    let row: RecordRow | undefined;
    if (existing) {
      [row] = await tx
        .update(treatmentRecords)
        .set({ fields, clientId: a.clientId, updatedAt: new Date() })
        .where(eq(treatmentRecords.id, existing.id))
        .returning();
    } else {
      [row] = await tx
        .insert(treatmentRecords)
        .values({
          appointmentId,
          clientId: a.clientId,
          serviceName: a.serviceName,
          visitAt: a.startsAt,
          staffId: a.staffId,
          staffName: a.staffName,
          fields,
          createdBy: auditName(admin),
        })
        .returning();
    }
    if (!row) throw new Error("treatment_records write returned no row");
    await recordAudit(tx, admin, {
      action: "record.write",
      entity: "appointment",
      entityId: appointmentId,
      details: { recordId: row.id },
    });
    return toView(row, []);
  });
}

async function lockedRecord(tx: Tx, recordId: number) {
  const [row] = await tx
    .select()
    .from(treatmentRecords)
    .where(eq(treatmentRecords.id, recordId))
    .for("update");
  if (!row) throw new HttpError(404, RECORD_MESSAGES.notFound);
  return row;
}

/**
 * POST /api/treatment-records/{id}/sign-off: the clinician signs the record; from now on it is
 * append-only. Audited ('record.sign').
 * @throws HttpError 404; 403 not the record's therapist or a manager; 409 already signed.
 */
export async function signOff(
  db: Db,
  admin: AdminIdentity,
  recordId: number,
): Promise<TreatmentRecordView> {
  return db.transaction(async (tx) => {
    const row = await lockedRecord(tx, recordId);
    refuseWrite(admin, row);
    if (row.signedAt) throw new HttpError(409, RECORD_MESSAGES.signedOff);
    const [signed] = await tx
      .update(treatmentRecords)
      .set({ signedAt: new Date(), signedBy: auditName(admin) })
      .where(eq(treatmentRecords.id, recordId))
      .returning();
    if (!signed) throw new Error("treatment_records sign-off returned no row");
    await recordAudit(tx, admin, {
      action: "record.sign",
      entity: "appointment",
      entityId: row.appointmentId,
      details: { recordId },
    });
    return toView(signed, []);
  });
}

/**
 * POST /api/treatment-records/{id}/amendments: adds an amendment (changed fields, reason, who,
 * when) to a signed record; the original stays. Audited ('record.amend', fields named only).
 * @throws HttpError 404; 403 not the record's therapist or a manager; 409 a draft (change it).
 */
export async function amendRecord(
  db: Db,
  admin: AdminIdentity,
  recordId: number,
  input: AmendmentInput,
): Promise<TreatmentRecordView> {
  return db.transaction(async (tx) => {
    const row = await lockedRecord(tx, recordId);
    refuseWrite(admin, row);
    if (!row.signedAt) throw new HttpError(409, RECORD_MESSAGES.notSigned);
    await tx.insert(treatmentRecordAmendments).values({
      recordId,
      changes: input.changes,
      reason: input.reason,
      amendedBy: auditName(admin),
    });
    await recordAudit(tx, admin, {
      action: "record.amend",
      entity: "appointment",
      entityId: row.appointmentId,
      details: { recordId, fields: Object.keys(input.changes) },
    });
    return toView(row, await amendmentsOf(tx, [recordId]));
  });
}

/**
 * GET /api/customers/{id}/treatment-records: every record of the client (newest visit first)
 * and every photo's metadata, for the client's record and the side-by-side compare. Audited.
 * @throws HttpError 404 unknown client; 403 without records.read on the client.
 */
export async function listClientRecords(
  db: Db,
  viewer: AdminIdentity,
  clientId: number,
): Promise<{ records: TreatmentRecordView[]; photos: TreatmentPhoto[] }> {
  const [client] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!client) throw new HttpError(404, "Customer not found");
  await refuseRead(db, viewer, { clientId });
  const [rows, photos] = await Promise.all([
    db
      .select()
      .from(treatmentRecords)
      .where(eq(treatmentRecords.clientId, clientId))
      .orderBy(desc(treatmentRecords.visitAt), desc(treatmentRecords.id)),
    db
      .select()
      .from(treatmentPhotos)
      .where(eq(treatmentPhotos.clientId, clientId))
      .orderBy(asc(treatmentPhotos.takenAt), asc(treatmentPhotos.id)),
  ]);
  const amendments = await amendmentsOf(
    db,
    rows.map((r) => r.id),
  );
  await recordAudit(db, viewer, { action: "record.read", entity: "client", entityId: clientId });
  return { records: rows.map((r) => toView(r, amendments)), photos: photos.map(toPhoto) };
}

/**
 * POST /api/appointments/{id}/photos?kind=before|after (the image as the body): stores a
 * before/after photo of the appointment's client, resized and without metadata. Audited
 * ('photo.upload').
 * @throws HttpError 404 unknown appointment; 403 not its therapist or a manager; 409 no
 *   current photography consent (or no client on the appointment); 400 not a readable image.
 */
export async function addPhoto(
  db: Db,
  store: PhotoStore,
  admin: AdminIdentity,
  appointmentId: number,
  kind: PhotoKind,
  upload: Buffer,
): Promise<TreatmentPhoto> {
  const a = await appointmentFacts(db, appointmentId);
  refuseWrite(admin, a);
  if (a.clientId === null || !(await photographyConsentGiven(db, a.clientId))) {
    throw new HttpError(409, RECORD_MESSAGES.photoConsent, { photo: RECORD_MESSAGES.photoConsent });
  }
  const clientId = a.clientId;
  const photo = await preparePhoto(upload);
  const key = await store.put(photo.bytes);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(treatmentPhotos)
        .values({
          clientId,
          appointmentId,
          kind,
          storageKey: key,
          contentType: "image/jpeg",
          width: photo.width,
          height: photo.height,
          bytes: photo.bytes.length,
          takenBy: auditName(admin),
        })
        .returning();
      if (!row) throw new Error("treatment_photos insert returned no row");
      await recordAudit(tx, admin, {
        action: "photo.upload",
        entity: "appointment",
        entityId: appointmentId,
        details: { photoId: row.id, kind, clientId },
      });
      return toPhoto(row);
    });
  } catch (err) {
    // The row did not commit: the file must not outlive it.
    await store.remove(key);
    throw err;
  }
}

/**
 * GET /api/treatment-photos/{id}: the photo's bytes for a clinical role, each view audited
 * ('photo.view').
 * @throws HttpError 404 unknown photo or missing file; 403 without records.read on its client.
 */
export async function viewPhoto(
  db: Db,
  store: PhotoStore,
  viewer: AdminIdentity,
  photoId: number,
): Promise<{ bytes: Buffer; contentType: string }> {
  const [row] = await db
    .select({
      id: treatmentPhotos.id,
      clientId: treatmentPhotos.clientId,
      storageKey: treatmentPhotos.storageKey,
      contentType: treatmentPhotos.contentType,
      staffId: appointments.staffId,
    })
    .from(treatmentPhotos)
    .leftJoin(appointments, eq(appointments.id, treatmentPhotos.appointmentId))
    .where(eq(treatmentPhotos.id, photoId));
  if (!row) throw new HttpError(404, RECORD_MESSAGES.photoNotFound);
  await refuseRead(db, viewer, { clientId: row.clientId, staffId: row.staffId });
  const bytes = await store.get(row.storageKey);
  if (!bytes) throw new HttpError(404, RECORD_MESSAGES.photoNotFound);
  await recordAudit(db, viewer, {
    action: "photo.view",
    entity: "client",
    entityId: row.clientId,
    details: { photoId },
  });
  return { bytes, contentType: row.contentType };
}

// ---------------------------------------------------------------------------------------------
// The client's NDPA export and erasure (docs/decisions/0272-…)

/** The client's records (with amendments) and photos' rows, for the export. Not audited here. */
export async function exportedRecords(db: Db | Tx, clientId: number) {
  const rows = await db
    .select()
    .from(treatmentRecords)
    .where(eq(treatmentRecords.clientId, clientId))
    .orderBy(asc(treatmentRecords.id));
  const amendments = await amendmentsOf(
    db,
    rows.map((r) => r.id),
  );
  const photos = await db
    .select()
    .from(treatmentPhotos)
    .where(eq(treatmentPhotos.clientId, clientId))
    .orderBy(asc(treatmentPhotos.id));
  return {
    records: rows.map((r) => toView(r, amendments)),
    photos: photos.map((p) => ({ ...toPhoto(p), storageKey: p.storageKey })),
  };
}

/**
 * Erasure of client `clientId`, in the erasure's transaction: drafts and photos' rows go (the
 * files are removed by the caller once the transaction commits: it gets their keys); signed
 * records stay detached from the person (client_id null, former_client_id kept) because the
 * clinic must keep medical records (decision 0272).
 * @returns the photo files to remove and how many signed records were kept.
 */
export async function eraseClientRecords(
  tx: Tx,
  clientId: number,
): Promise<{ photoKeys: string[]; keptRecords: number; photos: number }> {
  const photos = await tx
    .delete(treatmentPhotos)
    .where(eq(treatmentPhotos.clientId, clientId))
    .returning({ key: treatmentPhotos.storageKey });
  await tx.delete(treatmentRecords).where(
    and(
      eq(treatmentRecords.clientId, clientId),
      // A draft was never signed: nothing the law asks to keep.
      isNull(treatmentRecords.signedAt),
    ),
  );
  const kept = await tx
    .update(treatmentRecords)
    .set({ clientId: null, formerClientId: clientId })
    .where(eq(treatmentRecords.clientId, clientId))
    .returning({ id: treatmentRecords.id });
  return { photoKeys: photos.map((p) => p.key), keptRecords: kept.length, photos: photos.length };
}

/**
 * The storage keys of client `clientId`'s photos, or of every photo when `clientId` is null: what
 * a client's deletion or Clear Admin Data removes from the photo store once it commits (the rows
 * go through the foreign key's cascade).
 */
export async function photoKeysOf(db: Db | Tx, clientId: number | null): Promise<string[]> {
  const rows = await db
    .select({ key: treatmentPhotos.storageKey })
    .from(treatmentPhotos)
    .where(clientId === null ? undefined : eq(treatmentPhotos.clientId, clientId));
  return rows.map((r) => r.key);
}

/**
 * A client merge: the merged client's records and photos follow the kept client (a photo would
 * otherwise go with the merged row). Returns the moved ids, for the undo.
 */
export async function moveClientRecords(
  tx: Tx,
  fromId: number,
  toId: number,
): Promise<{ recordIds: number[]; photoIds: number[] }> {
  const records = await tx
    .update(treatmentRecords)
    .set({ clientId: toId })
    .where(eq(treatmentRecords.clientId, fromId))
    .returning({ id: treatmentRecords.id });
  const photos = await tx
    .update(treatmentPhotos)
    .set({ clientId: toId })
    .where(eq(treatmentPhotos.clientId, fromId))
    .returning({ id: treatmentPhotos.id });
  return { recordIds: records.map((r) => r.id), photoIds: photos.map((p) => p.id) };
}

/** The undo of `moveClientRecords`: those records and photos go back from `fromId` to `toId`. */
export async function restoreClientRecords(
  tx: Tx,
  moved: { recordIds?: number[]; photoIds?: number[] },
  fromId: number,
  toId: number,
): Promise<void> {
  if (moved.recordIds?.length) {
    await tx
      .update(treatmentRecords)
      .set({ clientId: toId })
      .where(
        and(inArray(treatmentRecords.id, moved.recordIds), eq(treatmentRecords.clientId, fromId)),
      );
  }
  if (moved.photoIds?.length) {
    await tx
      .update(treatmentPhotos)
      .set({ clientId: toId })
      .where(
        and(inArray(treatmentPhotos.id, moved.photoIds), eq(treatmentPhotos.clientId, fromId)),
      );
  }
}
