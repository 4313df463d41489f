/**
 * A client's health profile (issue 30): the one module that reads and writes
 * `client_health_entries` (and the health text of `client_health` for the check). Need-to-know:
 * everyone who may see a client sees their alert labels; the details go only to clinical roles
 * (common/roles.ts 'health.read': managers, a therapist for their own clients) and every read of
 * them is written to the audit log. Nothing here logs, queues a message or feeds a list
 * (docs/decisions/0220-health-profile-and-contraindication-check.md).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import { CLIENT_MESSAGES } from "#common/clients.ts";
import {
  alertLabels,
  entryText,
  HEALTH_MESSAGES,
  type HealthEntry,
  type HealthEntryInput,
  type HealthEntryKind,
  type HealthProfile,
  type HealthRecordView,
  profileOf,
} from "#common/health.ts";
import { capabilitiesOf, mayOn } from "#common/roles.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { clientHealth, clientHealthEntries, clients } from "#server/db/schema/clients.ts";
import { HttpError } from "#server/http.ts";
import { auditName, recordAudit } from "#server/modules/audit/service.ts";
import { authorize } from "#server/modules/auth/roles.ts";
import { authorizeClient } from "#server/modules/clients/scope.ts";

type EntryRow = typeof clientHealthEntries.$inferSelect;

function toEntry(r: EntryRow): HealthEntry {
  const kind = r.kind as HealthEntryKind;
  return {
    id: r.id,
    kind,
    code: r.code,
    note: r.note,
    text: entryText(kind, r.code, r.note),
    recordedBy: r.recordedBy,
    recordedAt: r.recordedAt.toISOString(),
  };
}

async function entryRows(db: Db | Tx, clientId: number): Promise<EntryRow[]> {
  return db
    .select()
    .from(clientHealthEntries)
    .where(eq(clientHealthEntries.clientId, clientId))
    .orderBy(asc(clientHealthEntries.id));
}

async function formerText(db: Db | Tx, clientId: number) {
  const [row] = await db
    .select({
      allergies: clientHealth.allergies,
      medicalConditions: clientHealth.medicalConditions,
    })
    .from(clientHealth)
    .where(eq(clientHealth.clientId, clientId));
  return row ?? { allergies: null, medicalConditions: null };
}

/**
 * The profile the contraindication check reads for client `clientId` (entries and Add
 * Customer's free text). Internal: not audited, never sent to a browser as it is.
 */
export async function healthProfileOf(db: Db | Tx, clientId: number): Promise<HealthProfile> {
  const [rows, former] = await Promise.all([entryRows(db, clientId), formerText(db, clientId)]);
  return profileOf(rows, former);
}

/** Whether `viewer` holds `capability` on client `clientId` (own: one of their clients). */
export async function mayOnClient(
  db: Db,
  viewer: AdminIdentity,
  capability: "health.read" | "health.edit",
  clientId: number,
): Promise<boolean> {
  const caps = capabilitiesOf(viewer.role);
  if (caps[capability] === "all") return true;
  if (caps[capability] === "none") return false;
  // 'own' reaches the clients the role table already scopes to the viewer (clients/scope.ts).
  try {
    await authorizeClient(db, viewer, { id: clientId });
    return mayOn(caps, capability, viewer.staffId, viewer.staffId);
  } catch {
    return false;
  }
}

async function refuseUnknownClient(db: Db | Tx, clientId: number): Promise<void> {
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId));
  if (!row) throw new HttpError(404, CLIENT_MESSAGES.notFound);
}

/**
 * GET /api/customers/{id}/health: the alert labels for anyone who may see the client, the
 * entries and Add Customer's free text for clinical roles. A read of the details is audited
 * ('health.read', no content).
 * @throws HttpError 404 unknown client; 403 a therapist's other client.
 */
export async function readHealthRecord(
  db: Db,
  viewer: AdminIdentity,
  clientId: number,
): Promise<HealthRecordView> {
  await authorizeClient(db, viewer, { id: clientId });
  await refuseUnknownClient(db, clientId);
  const [rows, former] = await Promise.all([entryRows(db, clientId), formerText(db, clientId)]);
  const alerts = alertLabels(profileOf(rows, former));
  const details = await mayOnClient(db, viewer, "health.read", clientId);
  const canEdit = await mayOnClient(db, viewer, "health.edit", clientId);
  if (!details) return { clientId, alerts, entries: null, canEdit: false, formerText: null };
  await recordAudit(db, viewer, { action: "health.read", entity: "client", entityId: clientId });
  return { clientId, alerts, entries: rows.map(toEntry), canEdit, formerText: former };
}

/** Refuses a change of client `clientId`'s health record to a viewer without health.edit. */
async function refuseEdit(db: Db, admin: AdminIdentity, clientId: number): Promise<void> {
  await refuseUnknownClient(db, clientId);
  if (!(await mayOnClient(db, admin, "health.edit", clientId))) {
    authorize(admin, "health.edit", null);
  }
}

/**
 * POST /api/customers/{id}/health: records one entry with who and when. Pregnancy and the
 * Fitzpatrick type hold one value (a new one replaces the old); a flag or listed allergen
 * already recorded is not recorded twice. Audited without the content.
 * @throws HttpError 404 unknown client; 403 without health.edit on the client.
 */
export async function addHealthEntry(
  db: Db,
  admin: AdminIdentity,
  clientId: number,
  input: HealthEntryInput,
): Promise<HealthEntry> {
  await refuseEdit(db, admin, clientId);
  return db.transaction((tx) => recordHealthEntryIn(tx, admin, clientId, input));
}

/**
 * The write of addHealthEntry in the caller's transaction `tx`, for a caller that has checked
 * health.edit itself (a clinician accepting a signed form's answer, issue 31). Audited.
 */
export async function recordHealthEntryIn(
  tx: Tx,
  admin: AdminIdentity,
  clientId: number,
  input: HealthEntryInput,
): Promise<HealthEntry> {
  const same = and(
    eq(clientHealthEntries.clientId, clientId),
    eq(clientHealthEntries.kind, input.kind),
  );
  if (input.kind === "pregnancy" || input.kind === "skin") {
    await tx.delete(clientHealthEntries).where(same);
  }
  const [row] = await tx
    .insert(clientHealthEntries)
    .values({
      clientId,
      kind: input.kind,
      code: input.code,
      note: input.note,
      recordedBy: auditName(admin),
    })
    .returning();
  if (!row) throw new Error("client_health_entries insert returned no row");
  await recordAudit(tx, admin, {
    action: "health.record",
    entity: "client",
    entityId: clientId,
    details: { entryId: row.id, kind: row.kind },
  });
  return toEntry(row);
}

/**
 * DELETE /api/customers/{id}/health/{entryId}: removes one entry. Audited without the content.
 * @throws HttpError 404 unknown client or entry; 403 without health.edit on the client.
 */
export async function removeHealthEntry(
  db: Db,
  admin: AdminIdentity,
  clientId: number,
  entryId: number,
): Promise<void> {
  await refuseEdit(db, admin, clientId);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(clientHealthEntries)
      .where(and(eq(clientHealthEntries.id, entryId), eq(clientHealthEntries.clientId, clientId)))
      .returning({ id: clientHealthEntries.id, kind: clientHealthEntries.kind });
    if (!row) throw new HttpError(404, HEALTH_MESSAGES.notFound);
    await recordAudit(tx, admin, {
      action: "health.remove",
      entity: "client",
      entityId: clientId,
      details: { entryId: row.id, kind: row.kind },
    });
  });
}

/** The entries of the client's own NDPA export (GET /api/customers/{id}/export). */
export async function exportedHealthEntries(db: Db | Tx, clientId: number): Promise<HealthEntry[]> {
  return (await entryRows(db, clientId)).map(toEntry);
}

/**
 * A client merge (issue 28 item 7): the merged client's entries follow the kept client, so no
 * allergy is lost with the merged row. Returns the moved ids, for the undo.
 */
export async function moveHealthEntries(tx: Tx, fromId: number, toId: number): Promise<number[]> {
  const rows = await tx
    .update(clientHealthEntries)
    .set({ clientId: toId })
    .where(eq(clientHealthEntries.clientId, fromId))
    .returning({ id: clientHealthEntries.id });
  return rows.map((r) => r.id);
}

/** The undo of `moveHealthEntries`: the entries `ids` go back to client `toId`. */
export async function restoreHealthEntries(
  tx: Tx,
  ids: readonly number[],
  fromId: number,
  toId: number,
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(clientHealthEntries)
    .set({ clientId: toId })
    .where(
      and(inArray(clientHealthEntries.id, [...ids]), eq(clientHealthEntries.clientId, fromId)),
    );
}
