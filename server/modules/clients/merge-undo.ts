/**
 * Undoing a client merge within 30 days (issue 28 item 7), in one transaction: the merged
 * client's row, health record and notes are inserted again as they were (same id), every moved
 * row still with the kept client goes back with the email and client it had, the kept client's
 * filled blanks and notes go back where nobody changed them since, and the newsletter sign-up and
 * copied opt-outs are put back. The undo record then drops the stored data and is marked undone.
 * Audited (docs/decisions/0210-client-merge-moves-rows-and-keeps-an-undo-record.md).
 */
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import { type ClientMergeRecord, MERGE_MESSAGES, MERGE_UNDO_DAYS } from "#common/client-merge.ts";
import { clientDisplayName } from "#common/clients.ts";
import type { Db, Tx } from "#server/db/client.ts";
import type { ClientRef } from "#server/db/move-rows.ts";
import { clientHealth, clientMerges, clients, customerNotes } from "#server/db/schema/clients.ts";
import { messageOptOuts, newsletterSubscribers } from "#server/db/schema/content.ts";
import { SQL_STATE, sqlState } from "#server/db/sql-state.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import { restoreHealthEntries } from "#server/modules/health/service.ts";
import { restoreClientRecords } from "#server/modules/records/service.ts";
import {
  asStored,
  type ClientRow,
  type MergeMoved,
  type MergeSnapshot,
  MOVED_TABLES,
  type MovedTable,
} from "./merge-parts.ts";

const DAY_MS = 86_400_000;
const INSTANTS = new Set(["createdAt", "updatedAt", "marketingConsentAt"]);

/** A stored value back as the column takes it (instants as Date). */
const revive = (key: string, v: unknown) =>
  INSTANTS.has(key) && typeof v === "string" ? new Date(v) : v;

const undoUntil = (mergedAt: Date) => new Date(mergedAt.getTime() + MERGE_UNDO_DAYS * DAY_MS);

/**
 * The merges into client `keptId` that can still be undone (not undone, under 30 days old),
 * newest first, for the detail dialog: who was merged, by whom and when.
 */
export async function listUndoableMerges(
  db: Db | Tx,
  keptId: number,
): Promise<ClientMergeRecord[]> {
  const rows = await db
    .select()
    .from(clientMerges)
    .where(
      and(
        eq(clientMerges.keptClientId, keptId),
        isNull(clientMerges.undoneAt),
        gt(clientMerges.mergedAt, sql`now() - make_interval(days => ${MERGE_UNDO_DAYS})`),
      ),
    )
    .orderBy(desc(clientMerges.mergedAt), desc(clientMerges.id));
  return rows.map((r) => {
    const c = (r.mergedClient as MergeSnapshot).client;
    return {
      id: r.id,
      mergedClientId: r.mergedClientId,
      mergedName: clientDisplayName(String(c.firstName ?? ""), String(c.lastName ?? "")),
      mergedEmail: String(c.email ?? ""),
      mergedBy: r.mergedBy,
      mergedAt: r.mergedAt.toISOString(),
      undoUntil: undoUntil(r.mergedAt).toISOString(),
    };
  });
}

/** Sets the kept client's filled fields back, those still holding what the merge put there. */
async function revertKept(tx: Tx, keep: ClientRow, snap: MergeSnapshot) {
  const back: Record<string, unknown> = {};
  for (const [key, filledWith] of Object.entries(snap.keptFilled)) {
    if (asStored(keep[key as keyof ClientRow]) === filledWith) {
      back[key] = revive(key, snap.keptBefore[key]);
    }
  }
  if (Object.keys(back).length > 0) {
    await tx.update(clients).set(back).where(eq(clients.id, keep.id));
  }
  const [health] = await tx.select().from(clientHealth).where(eq(clientHealth.clientId, keep.id));
  if (health) {
    const cleared: Record<string, null> = {};
    for (const [key, filledWith] of Object.entries(snap.keptHealth.filled)) {
      if (health[key as keyof typeof health] === filledWith) cleared[key] = null;
    }
    const emptied = Object.keys(cleared).length === Object.keys(snap.keptHealth.filled).length;
    if (!snap.keptHealth.hadRow && emptied && Object.keys(cleared).length > 0) {
      await tx.delete(clientHealth).where(eq(clientHealth.clientId, keep.id));
    } else if (Object.keys(cleared).length > 0) {
      await tx.update(clientHealth).set(cleared).where(eq(clientHealth.clientId, keep.id));
    }
  }
  if (snap.keptNotes) {
    const [notes] = await tx
      .select()
      .from(customerNotes)
      .where(eq(customerNotes.clientId, keep.id));
    if (notes?.notes === snap.keptNotes.after) {
      if (snap.keptNotes.before === null) {
        await tx.delete(customerNotes).where(eq(customerNotes.clientId, keep.id));
      } else {
        await tx
          .update(customerNotes)
          .set({ notes: snap.keptNotes.before })
          .where(eq(customerNotes.clientId, keep.id));
      }
    }
  }
}

/** Inserts the merged client again as it was: row (same id), health record, notes. */
async function reinsertMerged(tx: Tx, snap: MergeSnapshot): Promise<ClientRef> {
  const row = Object.fromEntries(Object.entries(snap.client).map(([k, v]) => [k, revive(k, v)]));
  const values = row as typeof clients.$inferInsert;
  const [taken] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(sql`lower(${clients.email}) = ${String(values.email).toLowerCase()}`);
  if (taken) {
    throw new HttpError(409, MERGE_MESSAGES.emailTaken);
  }
  await tx.insert(clients).values(values);
  const id = Number(values.id);
  if (snap.health) await tx.insert(clientHealth).values({ ...snap.health, clientId: id });
  if (snap.notes) {
    await tx
      .insert(customerNotes)
      .values({ clientId: id, notes: snap.notes.notes, updatedAt: new Date(snap.notes.updatedAt) });
  }
  return { id, email: String(values.email).toLowerCase() };
}

/** Puts the newsletter sign-up back under the merged email and removes the copied opt-outs. */
async function restoreConsent(tx: Tx, moved: MergeMoved, merged: ClientRef, kept: ClientRef) {
  const { movedId, deleted } = moved.newsletter;
  if (movedId !== null) {
    await tx
      .update(newsletterSubscribers)
      .set({ email: merged.email })
      .where(
        and(eq(newsletterSubscribers.id, movedId), eq(newsletterSubscribers.email, kept.email)),
      );
  }
  if (deleted) {
    await tx
      .insert(newsletterSubscribers)
      .values({ email: deleted.email, consentAt: new Date(deleted.consentAt) })
      .onConflictDoNothing();
  }
  for (const id of moved.optOutIds)
    await tx.delete(messageOptOuts).where(eq(messageOptOuts.id, id));
}

/**
 * POST /api/client-merges/{id}/undo: undoes merge `id` (see the file's header).
 * @throws HttpError 404 for an unknown merge; 409 when already undone, older than 30 days, or
 *   the merged client's email belongs to a client again.
 */
export async function undoMerge(
  db: Db,
  admin: AdminIdentity,
  id: number,
): Promise<{ restoredClientId: number }> {
  try {
    return await db.transaction(async (tx) => {
      const [merge] = await tx
        .select()
        .from(clientMerges)
        .where(eq(clientMerges.id, id))
        .for("update");
      if (!merge) throw new HttpError(404, MERGE_MESSAGES.mergeNotFound);
      if (merge.undoneAt) throw new HttpError(409, MERGE_MESSAGES.alreadyUndone);
      if (undoUntil(merge.mergedAt) <= new Date())
        throw new HttpError(409, MERGE_MESSAGES.undoExpired);
      const [keep] = await tx
        .select()
        .from(clients)
        .where(eq(clients.id, merge.keptClientId))
        .for("update");
      if (!keep) throw new HttpError(404, MERGE_MESSAGES.mergeNotFound);
      const snap = merge.mergedClient as MergeSnapshot;
      const moved = merge.moved as MergeMoved;
      const kept: ClientRef = { id: keep.id, email: keep.email.toLowerCase() };
      const merged = await reinsertMerged(tx, snap);
      await restoreHealthEntries(tx, moved.healthEntryIds ?? [], kept.id, merged.id);
      await restoreClientRecords(tx, moved.treatmentRecords ?? {}, kept.id, merged.id);
      const restored: Record<string, number> = {};
      for (const name of Object.keys(MOVED_TABLES) as MovedTable[]) {
        restored[name] = await MOVED_TABLES[name].restore(tx, moved[name] ?? [], kept);
      }
      await restoreConsent(tx, moved, merged, kept);
      await revertKept(tx, keep, snap);
      await tx
        .update(clientMerges)
        .set({ undoneAt: new Date(), mergedClient: {}, moved: {} })
        .where(eq(clientMerges.id, id));
      await recordAudit(tx, admin, {
        action: "client.merge-undo",
        entity: "client",
        entityId: merged.id,
        details: { mergeRecordId: id, keptClientId: keep.id, restored },
      });
      return { restoredClientId: merged.id };
    });
  } catch (err) {
    if (sqlState(err) === SQL_STATE.uniqueViolation)
      throw new HttpError(409, MERGE_MESSAGES.emailTaken);
    throw err;
  }
}
