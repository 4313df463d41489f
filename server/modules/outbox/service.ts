/** The stored emails for the admin's Outbox screen, newest first (ARCHITECTURE.md "email"). */
import { desc } from "drizzle-orm";
import type { OutboxMessage } from "#common/outbox.ts";
import type { Db } from "#server/db/client.ts";
import { outbox } from "#server/db/schema/content.ts";

/** The latest `limit` messages, newest first. */
export async function listOutbox(db: Db, limit = 200): Promise<OutboxMessage[]> {
  const rows = await db
    .select({
      id: outbox.id,
      kind: outbox.kind,
      toAddress: outbox.toAddress,
      subject: outbox.subject,
      textBody: outbox.textBody,
      status: outbox.status,
      error: outbox.error,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .orderBy(desc(outbox.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
