/** The stored emails for the admin's Outbox screen, newest first (ARCHITECTURE.md "email"). */
import { and, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { OutboxListQuery, OutboxMessage } from "#common/outbox.ts";
import { likePattern, type Page, pageWindow } from "#common/paging.ts";
import type { Db } from "#server/db/client.ts";
import { outbox } from "#server/db/schema/content.ts";

const messageColumns = {
  id: outbox.id,
  kind: outbox.kind,
  toAddress: outbox.toAddress,
  subject: outbox.subject,
  textBody: outbox.textBody,
  status: outbox.status,
  error: outbox.error,
  createdAt: outbox.createdAt,
};

/** The latest `limit` messages, newest first. */
export async function listOutbox(db: Db, limit = 200): Promise<OutboxMessage[]> {
  const rows = await db.select(messageColumns).from(outbox).orderBy(desc(outbox.id)).limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * One page of the Outbox, newest first (id order). `q` matches the recipient, the subject or the
 * kind (case-insensitive, contains); `status` keeps stored, sent or failed messages. `total`
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
    );
    if (text) conditions.push(text);
  }
  if (query.status !== "all") conditions.push(eq(outbox.status, query.status));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      matching: where
        ? sql<number>`(count(*) filter (where ${where}))::int`
        : sql<number>`count(*)::int`,
    })
    .from(outbox);
  const total = counts?.total ?? 0;
  const matching = counts?.matching ?? 0;
  const { page, offset } = pageWindow(query.page, query.pageSize, matching);
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
    rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total,
    matching,
    page,
    pageSize: query.pageSize,
  };
}
