/**
 * The messages module's part of a client's erasure (decision 0181: a module writes only its own
 * tables; others call its functions with their transaction).
 */
import { or, sql } from "drizzle-orm";
import type { Tx } from "#server/db/client.ts";
import { mentionsPerson, type PersonTraces } from "#server/db/person-traces.ts";
import { outbox } from "#server/db/schema/content.ts";

/**
 * Deletes every outbox message to or about the person: addressed to their email or phone, kept
 * for their timeline, or naming their email or phone anywhere in its subject, body or payload
 * (the clinic's own copy of a booking request, a WhatsApp to the clinic). Names are not matched
 * here: another client's pending message may carry the same name.
 * @returns how many messages were deleted.
 */
export async function eraseMessagesAbout(tx: Tx, traces: PersonTraces): Promise<number> {
  const byName = { ...traces, fullName: null };
  const phones = traces.phoneDigits.map((d) => `+${d.startsWith("0") ? `234${d.slice(1)}` : d}`);
  const deleted = await tx
    .delete(outbox)
    .where(
      or(
        sql`lower(${outbox.toAddress}) = ${traces.email}`,
        sql`lower(${outbox.clientEmail}) = ${traces.email}`,
        ...(phones.length ? [sql`${outbox.toAddress} IN (${sql.join(phones, sql`, `)})`] : []),
        mentionsPerson(
          [
            sql`${outbox.subject}`,
            sql`${outbox.textBody}`,
            sql`${outbox.htmlBody}`,
            sql`${outbox.payload}::text`,
          ],
          byName,
        ),
      ),
    )
    .returning({ id: outbox.id });
  return deleted.length;
}
