/** Stored emails as the admin Outbox shows them (ARCHITECTURE.md "email"). */

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
  /** ISO 8601 UTC; null until sent. */
  sentAt: string | null;
};

/** What the admin Outbox screen reads (server/modules/outbox/pages.ts). */
export type OutboxPages = {
  /** The latest stored emails, newest first. */
  list(): Promise<OutboxMessage[]>;
};
