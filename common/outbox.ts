/** Stored emails as the admin Outbox shows them (ARCHITECTURE.md "email"). */
import type { z } from "zod";
import { listQuerySchema, oneOf, type Page } from "./paging.ts";

/**
 * An outbox row is 'pending' (waiting for the messages worker), 'sending' (claimed by one
 * worker), 'stored' (its channel is not configured: kept for the admin to read), then 'sent' or
 * 'failed' (see `error`; retried with backoff until OUTBOX_MAX_ATTEMPTS).
 */
export const OUTBOX_STATUSES = ["stored", "sent", "failed", "pending", "sending"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** The channels a message goes through (issue 17). */
export const MESSAGE_CHANNELS = ["email", "whatsapp"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** What an opt-out stops (issue 17 "Consent and opt-out"); transactional messages still go. */
export const OPT_OUT_SCOPES = ["reminders", "marketing", "all"] as const;
export type OptOutScope = (typeof OPT_OUT_SCOPES)[number];

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
  /** Sending attempts so far (issue 16: failed emails are retried with backoff). */
  attempts: number;
  /** ISO 8601 UTC of the next retry of a failed message; null when none will be made. */
  nextAttemptAt: string | null;
  /** 'email' or 'whatsapp' (MESSAGE_CHANNELS; issue 17). */
  channel: string;
  /** The template it came from; null for emails written before issue 17. */
  template: string | null;
  /** The provider's last delivery report (WhatsApp webhook), e.g. 'delivered'; null when none. */
  deliveryStatus: string | null;
};

/**
 * The status staff see (issue 17): 'pending' (waiting or being sent), 'stored' (channel not
 * configured), 'sent', 'delivered' (the provider reported it delivered or read), 'failed'.
 */
export const OUTBOX_SHOWN_STATUSES = ["pending", "stored", "sent", "delivered", "failed"] as const;
export type OutboxShownStatus = (typeof OUTBOX_SHOWN_STATUSES)[number];

/** The shown status of a message (see OUTBOX_SHOWN_STATUSES). */
export function shownStatus(m: {
  status: string;
  deliveryStatus: string | null;
}): OutboxShownStatus {
  if (m.status === "failed") return "failed";
  if (m.status === "pending" || m.status === "sending") return "pending";
  if (m.status === "stored") return "stored";
  return m.deliveryStatus === "delivered" || m.deliveryStatus === "read" ? "delivered" : "sent";
}

/** A message as a booking card lists it (issue 17). */
export type MessageSummary = {
  id: number;
  /** 'email' or 'whatsapp'. */
  channel: string;
  /** The template, or the kind for messages written before issue 17. */
  template: string;
  subject: string;
  /** The recipient: an email address or an E.164 number. */
  toAddress: string;
  status: OutboxShownStatus;
  /** ISO 8601 UTC: when it was sent, else when it was written. */
  at: string;
};

/** Whether staff may send `m` again from the outbox (failed messages only). */
export function canRetry(m: { status: string }): boolean {
  return m.status === "failed";
}

/** The Outbox list's status filter (shown statuses). */
export const OUTBOX_LIST_STATUSES = ["all", ...OUTBOX_SHOWN_STATUSES] as const;
/** The Outbox list's channel filter. */
export const OUTBOX_LIST_CHANNELS = ["all", ...MESSAGE_CHANNELS] as const;

/**
 * The Outbox list's URL params (common/paging.ts): page, pageSize, `q` (recipient, subject,
 * kind or template), `status` (a shown status, default 'all') and `channel` (default 'all').
 */
export const outboxListQuerySchema = listQuerySchema.extend({
  status: oneOf(OUTBOX_LIST_STATUSES, "all"),
  channel: oneOf(OUTBOX_LIST_CHANNELS, "all"),
});
export type OutboxListQuery = z.infer<typeof outboxListQuerySchema>;

/** What the admin Outbox screen reads (server/modules/outbox/pages.ts). */
export type OutboxPages = {
  /** One page of stored emails, newest first. */
  page(query: OutboxListQuery): Promise<Page<OutboxMessage>>;
};
