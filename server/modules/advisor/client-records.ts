/**
 * The advisor's part of a client's erasure (decision 0181). Chats are anonymous (a browser's
 * random session id), so a chat is the person's when one of its messages names their email,
 * phone or full name.
 */
import { inArray, sql } from "drizzle-orm";
import type { Tx } from "#server/db/client.ts";
import { mentionsPerson, type PersonTraces } from "#server/db/person-traces.ts";
import { chatMessages, chatSessions } from "#server/db/schema/content.ts";

/**
 * Deletes every advisor chat in which the person wrote or was named (its messages go with it).
 * @returns how many chats were deleted.
 */
export async function eraseChatsMentioning(tx: Tx, traces: PersonTraces): Promise<number> {
  const theirs = tx
    .select({ id: chatMessages.sessionId })
    .from(chatMessages)
    .where(mentionsPerson([sql`${chatMessages.content}`], traces));
  const deleted = await tx
    .delete(chatSessions)
    .where(inArray(chatSessions.id, theirs))
    .returning({ id: chatSessions.id });
  return deleted.length;
}
