/**
 * The back-office audit log: who changed what, and when (issue 6 "Authorisation"). Callers pass
 * the transaction of the change so the record and the change commit or roll back together.
 */

import { asc, desc, ilike, or } from "drizzle-orm";
import type { AuditListQuery, AuditRecord } from "#common/audit.ts";
import type { AdminIdentity } from "#common/auth.ts";
import { likePattern, type Page } from "#common/paging.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { pageCounts } from "#server/db/paging.ts";
import { auditLog } from "#server/db/schema/access.ts";

export type AuditEntry = {
  action: string;
  entity: string;
  entityId?: string | number | null;
  details?: Record<string, unknown> | null;
};

/**
 * Who acted, as the log shows it: a staff member's account as 'Tola Ayo <tola@example.com>'
 * (issue 13: the log names the member), the ADMIN_USERNAME account by its username.
 */
export function auditName(admin: AdminIdentity): string {
  return admin.name && admin.name !== admin.username
    ? `${admin.name} <${admin.username}>`
    : admin.username;
}

/** Writes one audit record for `admin` inside `tx`. */
export async function recordAudit(
  tx: Db | Tx,
  admin: AdminIdentity,
  entry: AuditEntry,
): Promise<void> {
  await insertAudit(tx, { id: admin.id, name: auditName(admin) }, entry);
}

/**
 * Writes one audit record for someone who is not signed in (a failed sign-in, issue 14):
 * no account id, `username` as they typed it.
 */
export async function recordAnonymousAudit(
  tx: Db | Tx,
  entry: AuditEntry & { username: string },
): Promise<void> {
  await insertAudit(tx, { id: null, name: entry.username }, entry);
}

async function insertAudit(
  tx: Db | Tx,
  actor: { id: number | null; name: string },
  entry: AuditEntry,
): Promise<void> {
  await tx.insert(auditLog).values({
    adminId: actor.id,
    adminUsername: actor.name,
    action: entry.action,
    entity: entry.entity,
    entityId:
      entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    details: entry.details ?? null,
  });
}

/** The latest `limit` audit records, newest first. */
export async function listAudit(db: Db, limit = 200): Promise<AuditRecord[]> {
  const rows = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(limit);
  return rows.map(toRecord);
}

function toRecord(r: typeof auditLog.$inferSelect): AuditRecord {
  return {
    id: r.id,
    adminUsername: r.adminUsername,
    action: r.action,
    entity: r.entity,
    entityId: r.entityId,
    details: r.details,
    createdAt: r.createdAt.toISOString(),
  };
}

function auditOrder(query: AuditListQuery) {
  const by = query.dir === "asc" ? asc : desc;
  if (query.sort === "who") return [by(auditLog.adminUsername), desc(auditLog.id)];
  if (query.sort === "what") return [by(auditLog.action), desc(auditLog.id)];
  return [by(auditLog.id)];
}

/**
 * One page of the activity log, newest first by default. `q` matches who, the action (e.g.
 * 'booking.process'), the record type or the record id (case-insensitive, contains); `sort`
 * orders by time ('when', id order), person ('who') or action ('what'), then newest first.
 * `total` counts every record.
 */
export async function listAuditPage(db: Db, query: AuditListQuery): Promise<Page<AuditRecord>> {
  const pattern = query.q ? likePattern(query.q) : null;
  const where = pattern
    ? or(
        ilike(auditLog.adminUsername, pattern),
        ilike(auditLog.action, pattern),
        ilike(auditLog.entity, pattern),
        ilike(auditLog.entityId, pattern),
      )
    : undefined;
  const { total, matching, page, offset } = await pageCounts(db, auditLog, query, where);
  const rows =
    matching === 0
      ? []
      : await db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(...auditOrder(query))
          .limit(query.pageSize)
          .offset(offset);
  return { rows: rows.map(toRecord), total, matching, page, pageSize: query.pageSize };
}
