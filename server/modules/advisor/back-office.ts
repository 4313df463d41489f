/** The advisor's part of the back office: Clear Admin Data empties its conversations. */
import type { ClearableTable } from "#server/back-office.ts";
import { chatMessages, chatSessions } from "#server/db/schema/content.ts";

/** Messages before their sessions. */
export const advisorClearable: ClearableTable[] = [
  { name: "chat_messages", table: chatMessages },
  { name: "chat_sessions", table: chatSessions },
];
