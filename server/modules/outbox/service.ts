/**
 * The email outbox (ARCHITECTURE.md "email"): every email the app writes is stored in `outbox`
 * FIRST, then handed to the SMTP transport when one is configured, and the outcome is recorded
 * on the row. Without SMTP_URL, or when sending fails, the message stays readable in the admin's
 * Outbox, so booking, order and review emails are never lost.
 */

import {
  and,
  asc,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  lte,
  notInArray,
  or,
  type SQL,
} from "drizzle-orm";
import type { Logger } from "pino";
import {
  canRetry,
  type OutboxListQuery,
  type OutboxMessage,
  type OutboxShownStatus,
} from "#common/outbox.ts";
import { likePattern, type Page } from "#common/paging.ts";
import type { Db } from "#server/db/client.ts";
import { pageCounts } from "#server/db/paging.ts";
import { outbox } from "#server/db/schema/content.ts";
import { HttpError } from "#server/http.ts";
import type { EmailMessage, EmailTransport } from "#server/integrations/smtp.ts";

/** What queueEmail needs: the db, the SMTP transport (null = store only) and a logger. */
export type EmailDeps = { db: Db; smtp: EmailTransport | null; logger?: Logger };

/**
 * Sending attempts before a message stays 'failed' for good (the first send and the retries);
 * attempt n (1-based) that fails is tried again OUTBOX_RETRY_BASE_MS × 2^(n−1) later: 1, 2, 4,
 * 8, 16 minutes (issue 16 "retry failed emails with backoff").
 */
export const OUTBOX_MAX_ATTEMPTS = 6;
export const OUTBOX_RETRY_BASE_MS = 60_000;

/** When a message whose `attempts`-th attempt just failed is tried again; null = never. */
export function nextAttemptAt(attempts: number, now: Date): Date | null {
  if (attempts >= OUTBOX_MAX_ATTEMPTS) return null;
  return new Date(now.getTime() + OUTBOX_RETRY_BASE_MS * 2 ** (attempts - 1));
}

/**
 * How long a message stays 'sending' before the retry pass takes it for a send that never
 * finished (the process stopped between storing and recording the outcome). Far above the
 * longest send (server/integrations/smtp.ts SMTP_TIMEOUTS_MS), so a send still running is never
 * started twice; a message whose send succeeded just before the stop is sent again (at least
 * once, never lost).
 */
export const OUTBOX_SEND_LEASE_MS = 5 * 60_000;

/** A stored email's fate: 'stored' (no SMTP configured), 'sent', or 'failed' (kept, see error). */
export type QueuedEmail = { outboxId: number; status: "stored" | "sent" | "failed" };

/**
 * Stores `message` in the outbox, then sends it through `deps.smtp` (if any) and records the
 * outcome ('sent' with sentAt, or 'failed' with the transport's error, first 500 characters).
 * While it is being sent the row is 'sending' with a lease (OUTBOX_SEND_LEASE_MS) that the retry
 * pass honours, so a send cut short by a crash is retried rather than left unsent.
 * Never throws for an SMTP failure; throws only when the message cannot be stored.
 */
export async function queueEmail(deps: EmailDeps, message: EmailMessage): Promise<QueuedEmail> {
  const [row] = await deps.db
    .insert(outbox)
    .values({
      kind: message.kind,
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      ...(deps.smtp
        ? {
            status: "sending" as const,
            nextAttemptAt: new Date(Date.now() + OUTBOX_SEND_LEASE_MS),
          }
        : {}),
    })
    .returning({ id: outbox.id });
  if (!row) throw new Error("outbox insert returned no row");
  if (!deps.smtp) return { outboxId: row.id, status: "stored" };
  try {
    await deps.smtp.send(message);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    deps.logger?.error(
      { err: reason, outboxId: row.id, kind: message.kind },
      "email not sent; kept in the outbox",
    );
    await deps.db
      .update(outbox)
      .set({
        status: "failed",
        error: reason.slice(0, 500),
        attempts: 1,
        nextAttemptAt: nextAttemptAt(1, new Date()),
      })
      .where(eq(outbox.id, row.id));
    return { outboxId: row.id, status: "failed" };
  }
  await deps.db
    .update(outbox)
    .set({ status: "sent", sentAt: new Date(), error: null, attempts: 1, nextAttemptAt: null })
    .where(eq(outbox.id, row.id));
  return { outboxId: row.id, status: "sent" };
}

/** What one retry pass did. */
export type RetryPass = { sent: number; retrying: number; gaveUp: number };

/**
 * Sends again the 'failed' messages whose `next_attempt_at` has come by `now`, and the 'sending'
 * ones whose lease has run out (queueEmail stopped mid-send), oldest first, at most 50 a pass,
 * through `deps.smtp`. A success marks the message 'sent'; a failure counts the
 * attempt and schedules the next one (nextAttemptAt), or leaves it 'failed' for good, with no
 * next attempt, after OUTBOX_MAX_ATTEMPTS. Without SMTP nothing is tried.
 * Callers run it from one place at a time (the scheduler's job lock). Messages enqueued from a
 * template (issue 17, server/modules/messages/) are the messages worker's, not this pass's.
 */
export async function retryFailedEmails(deps: EmailDeps, now: Date): Promise<RetryPass> {
  const pass: RetryPass = { sent: 0, retrying: 0, gaveUp: 0 };
  if (!deps.smtp) return pass;
  const due = await deps.db
    .select()
    .from(outbox)
    .where(
      and(
        inArray(outbox.status, ["failed", "sending"]),
        lte(outbox.nextAttemptAt, now),
        isNull(outbox.template),
      ),
    )
    .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
    .limit(50);
  for (const row of due) {
    const attempts = row.attempts + 1;
    try {
      await deps.smtp.send({
        kind: row.kind,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
      });
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const next = nextAttemptAt(attempts, now);
      if (next) pass.retrying++;
      else pass.gaveUp++;
      await deps.db
        .update(outbox)
        .set({ status: "failed", error: reason.slice(0, 500), attempts, nextAttemptAt: next })
        .where(eq(outbox.id, row.id));
      continue;
    }
    pass.sent++;
    await deps.db
      .update(outbox)
      .set({ status: "sent", sentAt: now, error: null, attempts, nextAttemptAt: null })
      .where(eq(outbox.id, row.id));
  }
  return pass;
}

const messageColumns = {
  id: outbox.id,
  kind: outbox.kind,
  toAddress: outbox.toAddress,
  subject: outbox.subject,
  textBody: outbox.textBody,
  status: outbox.status,
  error: outbox.error,
  createdAt: outbox.createdAt,
  sentAt: outbox.sentAt,
  attempts: outbox.attempts,
  nextAttemptAt: outbox.nextAttemptAt,
  channel: outbox.channel,
  template: outbox.template,
  deliveryStatus: outbox.deliveryStatus,
};

/** A row of `messageColumns` as the API and the Outbox screen show it (ISO 8601 UTC times). */
function toMessage(
  r: { createdAt: Date; sentAt: Date | null; nextAttemptAt: Date | null } & Omit<
    OutboxMessage,
    "createdAt" | "sentAt" | "nextAttemptAt"
  >,
): OutboxMessage {
  return {
    ...r,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
  };
}

/** The latest `limit` messages, newest first (the admin's Outbox API). */
export async function listOutbox(db: Db, limit = 200): Promise<OutboxMessage[]> {
  const rows = await db.select(messageColumns).from(outbox).orderBy(desc(outbox.id)).limit(limit);
  return rows.map(toMessage);
}

const DELIVERED = ["delivered", "read"];

/** The rows whose shown status (common/outbox.ts `shownStatus`) is `status`. */
function shownStatusCondition(status: OutboxShownStatus): SQL {
  switch (status) {
    case "pending":
      return inArray(outbox.status, ["pending", "sending"]);
    case "delivered":
      return and(eq(outbox.status, "sent"), inArray(outbox.deliveryStatus, DELIVERED)) as SQL;
    case "sent":
      return and(
        eq(outbox.status, "sent"),
        or(isNull(outbox.deliveryStatus), notInArray(outbox.deliveryStatus, DELIVERED)),
      ) as SQL;
    default:
      return eq(outbox.status, status);
  }
}

/**
 * The stored message `id` as the Outbox shows it, when staff may retry it (POST
 * /api/admin/outbox/:id/retry, issue 17: failed messages only, `canRetry`). Reads only; the
 * retry itself is messages/worker.ts `retryMessage`.
 * @throws HttpError 404 unknown message; 400 when it did not fail (sent, pending, or stored
 *   without a configured channel).
 */
export async function retryableMessage(db: Db, id: number): Promise<OutboxMessage> {
  const [row] = await db.select(messageColumns).from(outbox).where(eq(outbox.id, id));
  if (!row) throw new HttpError(404, "Message not found");
  if (!canRetry(row)) throw new HttpError(400, "Only failed messages can be retried");
  return toMessage(row);
}

/** The stored message `id` as the Outbox shows it, or null. */
export async function outboxMessage(db: Db, id: number): Promise<OutboxMessage | null> {
  const [row] = await db.select(messageColumns).from(outbox).where(eq(outbox.id, id));
  return row ? toMessage(row) : null;
}

/**
 * One page of the Outbox, newest first (id order). `q` matches the recipient, the subject, the
 * kind or the template (case-insensitive, contains); `status` keeps the messages of one shown
 * status (pending, stored, sent, delivered, failed) and `channel` those of one channel. `total`
 * counts every message.
 */
export async function listOutboxPage(db: Db, query: OutboxListQuery): Promise<Page<OutboxMessage>> {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    const text = or(
      ilike(outbox.toAddress, pattern),
      ilike(outbox.subject, pattern),
      ilike(outbox.kind, pattern),
      ilike(outbox.template, pattern),
    );
    if (text) conditions.push(text);
  }
  if (query.status !== "all") conditions.push(shownStatusCondition(query.status));
  if (query.channel !== "all") conditions.push(eq(outbox.channel, query.channel));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const { total, matching, page, offset } = await pageCounts(db, outbox, query, where);
  const rows =
    matching === 0
      ? []
      : await db
          .select(messageColumns)
          .from(outbox)
          .where(where)
          .orderBy(desc(outbox.id))
          .limit(query.pageSize)
          .offset(offset);
  return {
    rows: rows.map(toMessage),
    total,
    matching,
    page,
    pageSize: query.pageSize,
  };
}
