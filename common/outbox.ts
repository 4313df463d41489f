/** Stored emails as the admin Outbox shows them (ARCHITECTURE.md "email"). */

/** An outbox row is 'stored' (no SMTP configured), then 'sent' or 'failed'. */
export const OUTBOX_STATUSES = ["stored", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export type OutboxMessage = {
  id: number;
  kind: string;
  toAddress: string;
  subject: string;
  textBody: string;
  /** One of OUTBOX_STATUSES. */
  status: string;
  error: string | null;
  /** ISO 8601 UTC. */
  createdAt: string;
  /** ISO 8601 UTC; null until sent. */
  sentAt: string | null;
};

/** What the admin Outbox screen reads (server/modules/outbox/pages.ts). */
export type OutboxPages = {
  /** The latest stored emails, newest first. */
  list(): Promise<OutboxMessage[]>;
};
