/**
 * Opt-outs (issue 17 "Consent and opt-out"): who asked not to receive reminders and marketing,
 * on which channel. A WhatsApp STOP or an email unsubscribe link adds rows to
 * `message_opt_outs`; START on WhatsApp removes them. The messages module skips reminders and
 * marketing for a recipient with a matching row; transactional messages still go.
 */
import { and, eq, or, type SQL } from "drizzle-orm";
import {
  type OptOutChannel,
  type OptOutChoice,
  type OptOutScope,
  STOP_SCOPES,
} from "#common/consent.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { messageOptOuts } from "#server/db/schema/content.ts";
import { optOutRecipient } from "#server/modules/messages/service.ts";

/** The key an email recipient is stored under: trimmed, lower case. */
export function emailRecipient(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Records that `recipient` does not want `scopes` on `channel` (default reminders and
 * marketing). Asking twice changes nothing (the first row, with its date and source, stays).
 * @returns how many scopes were newly recorded.
 */
export async function optOut(
  db: Db | Tx,
  input: {
    channel: OptOutChannel;
    recipient: string;
    source: string;
    scopes?: readonly OptOutScope[];
  },
): Promise<number> {
  const scopes = input.scopes ?? STOP_SCOPES;
  const rows = await db
    .insert(messageOptOuts)
    .values(
      scopes.map((scope) => ({
        channel: input.channel,
        recipient: input.recipient,
        scope,
        source: input.source,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: messageOptOuts.id });
  return rows.length;
}

/**
 * Removes every opt-out of `recipient` on `channel` (a WhatsApp START).
 * @returns how many were removed.
 */
export async function optIn(
  db: Db | Tx,
  channel: OptOutChannel,
  recipient: string,
): Promise<number> {
  const rows = await db
    .delete(messageOptOuts)
    .where(and(eq(messageOptOuts.channel, channel), eq(messageOptOuts.recipient, recipient)))
    .returning({ id: messageOptOuts.id });
  return rows.length;
}

/** Whether `email` has opted out of reminders and marketing (or everything) by email. */
export async function isEmailUnsubscribed(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .select({ scope: messageOptOuts.scope })
    .from(messageOptOuts)
    .where(
      and(eq(messageOptOuts.channel, "email"), eq(messageOptOuts.recipient, emailRecipient(email))),
    );
  const scopes = new Set(rows.map((r) => r.scope));
  return scopes.has("all") || STOP_SCOPES.every((s) => scopes.has(s));
}

/**
 * The opt-outs of one client, for the client record: by email (their address) and by WhatsApp
 * (their phone as E.164), oldest first.
 */
export async function optOutsOf(
  db: Db | Tx,
  person: { email: string; phone: string | null },
): Promise<OptOutChoice[]> {
  const conditions: SQL[] = [];
  const email = and(
    eq(messageOptOuts.channel, "email"),
    eq(messageOptOuts.recipient, emailRecipient(person.email)),
  );
  if (email) conditions.push(email);
  const phone = person.phone ? optOutRecipient("whatsapp", person.phone) : null;
  if (phone) {
    const byPhone = and(
      eq(messageOptOuts.channel, "whatsapp"),
      eq(messageOptOuts.recipient, phone),
    );
    if (byPhone) conditions.push(byPhone);
  }
  const rows = await db
    .select()
    .from(messageOptOuts)
    .where(or(...conditions))
    .orderBy(messageOptOuts.createdAt, messageOptOuts.id);
  return rows.map((r) => ({
    channel: r.channel as OptOutChannel,
    recipient: r.recipient,
    scope: r.scope as OptOutScope,
    source: r.source,
    createdAt: r.createdAt.toISOString(),
  }));
}
