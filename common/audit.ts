/** The admin activity log as the back office shows it (issue 6: who changed what, when). */
import type { z } from "zod";
import { listQuerySchema, oneOf, type Page } from "./paging.ts";

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

/** The activity log's sort columns: time, person, action. */
export const AUDIT_SORT_FIELDS = ["when", "who", "what"] as const;

/**
 * The activity log's URL params (common/paging.ts): page, pageSize, `q` (who, action such as
 * 'booking.process', record type, record id), `sort` (default 'when') and `dir` (default 'desc').
 */
export const auditListQuerySchema = listQuerySchema.extend({
  sort: oneOf(AUDIT_SORT_FIELDS, "when"),
  dir: oneOf(["asc", "desc"], "desc"),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

/** What the admin activity log reads (server/modules/audit/pages.ts). */
export type AuditPages = {
  /** One page of audit records, newest first. */
  page(query: AuditListQuery): Promise<Page<AuditRecord>>;
};
