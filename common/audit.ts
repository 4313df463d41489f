/** The admin activity log as the back office shows it (issue 6: who changed what, when). */

export type AuditRecord = {
  id: number;
  adminUsername: string;
  action: string;
  entity: string;
  entityId: string | null;
  details: Record<string, unknown> | null;
  /** ISO 8601 UTC. */
  createdAt: string;
};

/** What the admin activity log reads (server/modules/audit/pages.ts). */
export type AuditPages = {
  /** The latest audit records, newest first. */
  list(): Promise<AuditRecord[]>;
};
