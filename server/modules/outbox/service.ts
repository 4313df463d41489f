/**
 * The email outbox (ARCHITECTURE.md "email"): every email the app writes is stored in `outbox`
 * FIRST, then handed to the SMTP transport when one is configured, and the outcome is recorded
 * on the row. Without SMTP_URL, or when sending fails, the message stays readable in the admin's
 * Outbox, so booking, order and review emails are never lost.
 */
import { desc, eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { OutboxMessage } from "#common/outbox.ts";
import type { Db } from "#server/db/client.ts";
import { outbox } from "#server/db/schema/content.ts";
import type { EmailMessage, EmailTransport } from "#server/integrations/smtp.ts";

/** What queueEmail needs: the db, the SMTP transport (null = store only) and a logger. */
export type EmailDeps = { db: Db; smtp: EmailTransport | null; logger?: Logger };

/** A stored email's fate: 'stored' (no SMTP configured), 'sent', or 'failed' (kept, see error). */
export type QueuedEmail = { outboxId: number; status: "stored" | "sent" | "failed" };

/**
 * Stores `message` in the outbox, then sends it through `deps.smtp` (if any) and records the
 * outcome ('sent' with sentAt, or 'failed' with the transport's error, first 500 characters).
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
      .set({ status: "failed", error: reason.slice(0, 500) })
      .where(eq(outbox.id, row.id));
    return { outboxId: row.id, status: "failed" };
  }
  await deps.db
    .update(outbox)
    .set({ status: "sent", sentAt: new Date(), error: null })
    .where(eq(outbox.id, row.id));
  return { outboxId: row.id, status: "sent" };
}

/** The latest `limit` messages, newest first (the admin's Outbox screen and API). */
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
      sentAt: outbox.sentAt,
    })
    .from(outbox)
    .orderBy(desc(outbox.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  }));
}
