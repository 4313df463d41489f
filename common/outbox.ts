/** Stored emails as the admin Outbox shows them (ARCHITECTURE.md "email"). */
import type { z } from "zod";
import { listQuerySchema, oneOf, type Page } from "./paging.ts";

export type OutboxMessage = {
  id: number;
  kind: string;
  toAddress: string;
  subject: string;
  textBody: string;
  /** 'stored', 'sent' or 'failed'. */
  status: string;
  error: string | null;
  /** ISO 8601 UTC. */
  createdAt: string;
};

export const OUTBOX_STATUSES = ["all", "stored", "sent", "failed"] as const;

/**
 * The Outbox list's URL params (common/paging.ts): page, pageSize, `q` (recipient, subject or
 * kind) and `status` (default 'all').
 */
export const outboxListQuerySchema = listQuerySchema.extend({
  status: oneOf(OUTBOX_STATUSES, "all"),
});
export type OutboxListQuery = z.infer<typeof outboxListQuerySchema>;

/** What the admin Outbox screen reads (server/modules/outbox/pages.ts). */
export type OutboxPages = {
  /** One page of stored emails, newest first. */
  page(query: OutboxListQuery): Promise<Page<OutboxMessage>>;
};
