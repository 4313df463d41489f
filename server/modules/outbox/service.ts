/**
 * The outbox as staff read it: every message the app writes is stored in `outbox` first
 * (server/modules/messages/service.ts `enqueueMessage`), then sent by the messages worker
 * (messages/worker.ts), which records the outcome on the row. Without SMTP_URL, or when sending
 * fails, the message stays readable in the admin's Outbox, so booking, order and review emails
 * are never lost. This file only reads it: the list, its pages and the retryable check.
 */

import { and, desc, eq, ilike, inArray, isNull, notInArray, or, type SQL } from "drizzle-orm";
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
