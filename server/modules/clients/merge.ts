/**
 * Merging two clients who are one person (issue 28 item 7): the preview of what would move, and
 * the merge itself, in one transaction: every booking, appointment, sale, order, review and
 * message of the merged client moves to the kept one (re-addressed to its email), the notes are
 * appended, health fields and contact fields fill only the kept client's blanks, the newsletter
 * sign-up and email opt-outs follow, the merged client's row is deleted, and a `client_merges`
 * row keeps what moved so the manager can undo it for 30 days (./merge-undo.ts). Audited with
 * ids and counts, never the health data
 * (docs/decisions/0210-client-merge-moves-rows-and-keeps-an-undo-record.md).
 */
import { and, eq, sql } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import {
  MERGE_MESSAGES,
  MERGE_UNDO_DAYS,
  type MergeCounts,
  type MergeParty,
  type MergePreview,
} from "#common/client-merge.ts";
import { CLIENT_MESSAGES, clientDisplayName } from "#common/clients.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { type ClientRef, countClientRows } from "#server/db/move-rows.ts";
import { clientHealth, clientMerges, clients, customerNotes } from "#server/db/schema/clients.ts";
import { messageOptOuts, newsletterSubscribers } from "#server/db/schema/content.ts";
import { HttpError } from "#server/http.ts";
import { auditName, recordAudit } from "#server/modules/audit/service.ts";
import { moveHealthEntries } from "#server/modules/health/service.ts";
import { moveClientRecords } from "#server/modules/records/service.ts";
import {
  asStored,
  blanksFilled,
  type ClientRow,
  healthFilled,
  type MergeMoved,
  type MergeSnapshot,
  MOVED_TABLES,
  type MovedTable,
} from "./merge-parts.ts";

const refOf = (c: ClientRow): ClientRef => ({ id: c.id, email: c.email.toLowerCase() });

const partyOf = (c: ClientRow): MergeParty => ({
  id: c.id,
  name: clientDisplayName(c.firstName, c.lastName),
  email: c.email,
  phone: c.phone,
});

/**
 * The two clients, locked in id order when `lock`. 400 when they are one; 404 when either is
 * unknown.
 */
async function twoClients(tx: Db | Tx, keepId: number, mergeId: number, lock: boolean) {
  if (keepId === mergeId)
    throw new HttpError(400, MERGE_MESSAGES.self, { mergeId: MERGE_MESSAGES.self });
  const found: ClientRow[] = [];
  for (const id of [keepId, mergeId].sort((a, b) => a - b)) {
    const q = tx.select().from(clients).where(eq(clients.id, id));
    const [row] = lock ? await q.for("update") : await q;
    if (!row) throw new HttpError(404, CLIENT_MESSAGES.notFound);
    found.push(row);
  }
  const keep = found.find((c) => c.id === keepId) as ClientRow;
  const merge = found.find((c) => c.id === mergeId) as ClientRow;
  return { keep, merge };
}

async function healthOf(tx: Db | Tx, id: number) {
  const [row] = await tx.select().from(clientHealth).where(eq(clientHealth.clientId, id));
  return row;
}

async function notesRow(tx: Db | Tx, id: number) {
  const [row] = await tx.select().from(customerNotes).where(eq(customerNotes.clientId, id));
  return row;
}

async function emailOptOuts(tx: Db | Tx, email: string) {
  return tx
    .select()
    .from(messageOptOuts)
    .where(and(eq(messageOptOuts.channel, "email"), eq(messageOptOuts.recipient, email)));
}

async function subscriberOf(tx: Db | Tx, email: string) {
  const [row] = await tx
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  return row;
}

/**
 * GET /api/customers/{keepId}/merge-preview?mergeId= : who stays, who goes, the counts of what
 * would move and which blanks would be filled (health only as a count). Changes nothing.
 * @throws HttpError 400 for one client twice; 404 for an unknown id.
 */
export async function previewMerge(db: Db, keepId: number, mergeId: number): Promise<MergePreview> {
  return db.transaction(async (tx) => {
    const { keep, merge } = await twoClients(tx, keepId, mergeId, false);
    const from = refOf(merge);
    const moves = {} as MergeCounts;
    for (const name of Object.keys(MOVED_TABLES) as MovedTable[]) {
      moves[name] = await countClientRows(tx, MOVED_TABLES[name].rows, from);
    }
    const [mergedHealth, keptHealth, notes, optOuts, sub] = await Promise.all([
      healthOf(tx, merge.id),
      healthOf(tx, keep.id),
      notesRow(tx, merge.id),
      emailOptOuts(tx, from.email),
      subscriberOf(tx, from.email),
    ]);
    moves.notes = notes?.notes ? 1 : 0;
    moves.consent = (merge.marketingConsent ? 1 : 0) + optOuts.length;
    moves.healthRecords = mergedHealth ? 1 : 0;
    moves.newsletter = sub ? 1 : 0;
    return {
      keep: partyOf(keep),
      merge: partyOf(merge),
      moves,
      fills: Object.keys(blanksFilled(keep, merge)),
      healthFieldsFilled: Object.keys(healthFilled(keptHealth, mergedHealth)).length,
    };
  });
}

/** The merged client's row as it can be inserted again (no generated columns; instants ISO). */
function insertable(c: ClientRow): Record<string, unknown> {
  const { searchText: _s, phoneKey: _p, nameKey: _n, ...rest } = c;
  return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, asStored(v)]));
}

/** Fills the kept client's blank health fields (a new record when it had none). */
async function fillHealth(tx: Tx, keep: ClientRow, mergeId: number) {
  const [kept, merged] = await Promise.all([healthOf(tx, keep.id), healthOf(tx, mergeId)]);
  const filled = healthFilled(kept, merged);
  if (Object.keys(filled).length > 0) {
    if (kept) await tx.update(clientHealth).set(filled).where(eq(clientHealth.clientId, keep.id));
    else await tx.insert(clientHealth).values({ clientId: keep.id, ...filled });
  }
  const { clientId: _c, updatedAt: _u, ...health } = merged ?? { clientId: 0, updatedAt: null };
  return {
    health: merged ? health : null,
    keptHealth: { hadRow: kept !== undefined, filled },
  };
}

/** Appends the merged client's notes to the kept client's (or takes them when it has none). */
async function mergeNotes(tx: Tx, keepId: number, mergeId: number) {
  const [kept, merged] = await Promise.all([notesRow(tx, keepId), notesRow(tx, mergeId)]);
  if (!merged?.notes) return { notes: null, keptNotes: null };
  const after = kept?.notes ? `${kept.notes}\n\n${merged.notes}` : merged.notes;
  const now = new Date();
  await tx
    .insert(customerNotes)
    .values({ clientId: keepId, notes: after, updatedAt: now })
    .onConflictDoUpdate({ target: customerNotes.clientId, set: { notes: after, updatedAt: now } });
  return {
    notes: { notes: merged.notes, updatedAt: merged.updatedAt.toISOString() },
    keptNotes: { before: kept ? kept.notes : null, after },
  };
}

/**
 * The merged email's newsletter sign-up moves to the kept email (or goes, when that is signed
 * up already), and its email opt-outs are copied to the kept email, so no wish is lost.
 */
async function moveConsent(tx: Tx, from: ClientRef, to: ClientRef) {
  const [sub, keptSub] = await Promise.all([
    subscriberOf(tx, from.email),
    subscriberOf(tx, to.email),
  ]);
  const newsletter: MergeMoved["newsletter"] = { movedId: null, deleted: null };
  if (sub && !keptSub) {
    await tx
      .update(newsletterSubscribers)
      .set({ email: to.email })
      .where(eq(newsletterSubscribers.id, sub.id));
    newsletter.movedId = sub.id;
  } else if (sub) {
    await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, sub.id));
    newsletter.deleted = { email: sub.email, consentAt: sub.consentAt.toISOString() };
  }
  const optOutIds: number[] = [];
  for (const o of await emailOptOuts(tx, from.email)) {
    const [copy] = await tx
      .insert(messageOptOuts)
      .values({ channel: o.channel, recipient: to.email, scope: o.scope, source: o.source })
      .onConflictDoNothing()
      .returning({ id: messageOptOuts.id });
    if (copy) optOutIds.push(copy.id);
  }
  return { newsletter, optOutIds };
}

/** Deletes undo records older than 30 days: the merged client's data is kept no longer. */
async function purgeExpiredMerges(tx: Tx) {
  await tx
    .delete(clientMerges)
    .where(sql`${clientMerges.mergedAt} < now() - make_interval(days => ${MERGE_UNDO_DAYS})`);
}

/**
 * POST /api/customers/{keepId}/merge {mergeId}: merges client `mergeId` into client `keepId` in
 * one transaction (see the file's header). Returns the merge's id.
 * @throws HttpError 400 for one client twice; 404 for an unknown id.
 */
export async function mergeClients(
  db: Db,
  admin: AdminIdentity,
  keepId: number,
  mergeId: number,
): Promise<{ mergeRecordId: number; moved: Record<string, number> }> {
  return db.transaction(async (tx) => {
    await purgeExpiredMerges(tx);
    const { keep, merge } = await twoClients(tx, keepId, mergeId, true);
    const from = refOf(merge);
    const to = refOf(keep);
    const moved = {} as MergeMoved;
    for (const name of Object.keys(MOVED_TABLES) as MovedTable[]) {
      moved[name] = await MOVED_TABLES[name].move(tx, from, to);
    }
    Object.assign(moved, await moveConsent(tx, from, to));
    const { health, keptHealth } = await fillHealth(tx, keep, merge.id);
    // The health profile's entries follow the kept client: no allergy goes with the merged row.
    moved.healthEntryIds = await moveHealthEntries(tx, merge.id, keep.id);
    // So do treatment records and photos (a photo row would otherwise go with the merged row).
    moved.treatmentRecords = await moveClientRecords(tx, merge.id, keep.id);
    const { notes, keptNotes } = await mergeNotes(tx, keep.id, merge.id);
    const filled = blanksFilled(keep, merge);
    const keptBefore = Object.fromEntries(
      Object.keys(filled).map((k) => [k, asStored(keep[k as keyof ClientRow])]),
    );
    // The merged row goes first: its email and phone must not meet the kept row's twice.
    await tx.delete(clients).where(eq(clients.id, merge.id));
    if (Object.keys(filled).length > 0) {
      await tx
        .update(clients)
        .set({ ...filled, updatedAt: new Date() })
        .where(eq(clients.id, keep.id));
    }
    const snapshot: MergeSnapshot = {
      client: insertable(merge),
      health: health as Record<string, unknown> | null,
      notes,
      keptBefore,
      keptFilled: Object.fromEntries(Object.entries(filled).map(([k, v]) => [k, asStored(v)])),
      keptHealth,
      keptNotes,
    };
    const [record] = await tx
      .insert(clientMerges)
      .values({
        keptClientId: keep.id,
        mergedClientId: merge.id,
        mergedClient: snapshot,
        moved,
        mergedBy: auditName(admin),
      })
      .returning({ id: clientMerges.id });
    if (!record) throw new Error("client_merges insert returned no row");
    const counts = countsOf(moved, snapshot);
    await recordAudit(tx, admin, {
      action: "client.merge",
      entity: "client",
      entityId: keep.id,
      details: {
        mergeRecordId: record.id,
        mergedClientId: merge.id,
        moved: counts,
        filled: Object.keys(filled),
        healthFieldsFilled: Object.keys(keptHealth.filled).length,
      },
    });
    return { mergeRecordId: record.id, moved: counts };
  });
}

/** Rows moved per kind, as the audit records them. */
function countsOf(moved: MergeMoved, snapshot: MergeSnapshot): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const name of Object.keys(MOVED_TABLES) as MovedTable[]) counts[name] = moved[name].length;
  counts.notes = snapshot.notes ? 1 : 0;
  counts.healthRecords = snapshot.health ? 1 : 0;
  counts.newsletter = moved.newsletter.movedId !== null || moved.newsletter.deleted ? 1 : 0;
  counts.optOuts = moved.optOutIds.length;
  return counts;
}
