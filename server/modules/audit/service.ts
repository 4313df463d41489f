/**
 * The back-office audit log: who changed what, and when (issue 6 "Authorisation"). Callers pass
 * the transaction of the change so the record and the change commit or roll back together.
 */
import { desc } from "drizzle-orm";
import type { AuditRecord } from "#common/audit.ts";
import type { AdminIdentity } from "#common/auth.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { auditLog } from "#server/db/schema/access.ts";

export type AuditEntry = {
  action: string;
  entity: string;
  entityId?: string | number | null;
  details?: Record<string, unknown> | null;
};

/** Writes one audit record for `admin` inside `tx`. */
export async function recordAudit(
  tx: Db | Tx,
  admin: AdminIdentity,
  entry: AuditEntry,
): Promise<void> {
  await tx.insert(auditLog).values({
    adminId: admin.id,
    adminUsername: admin.username,
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
  return rows.map((r) => ({
    id: r.id,
    adminUsername: r.adminUsername,
    action: r.action,
    entity: r.entity,
    entityId: r.entityId,
    details: r.details,
    createdAt: r.createdAt.toISOString(),
  }));
}
