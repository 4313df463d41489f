/**
 * Text hygiene shared by the browser and the server (issue 14 "Text hygiene"): control
 * characters never reach the database. PostgreSQL text cannot hold NUL (the query fails, and used
 * to answer 500); the other C0/C1 controls (bell, escape, backspace…) have no place in a name,
 * an address or a message and can forge log lines or terminal output. Tab, line feed and
 * carriage return stay allowed: multi-line fields (messages, notes, addresses) use them.
 */
import { z } from "zod";

/**
 * Unicode Cc (C0, DEL, C1) except tab, line feed and carriage return, and a lone UTF-16 surrogate
 * (half of an emoji, e.g. "\ud800"): PostgreSQL's jsonb (the audit log) refuses it, which used to
 * answer 500 (issue 34).
 */
export const FORBIDDEN_CONTROL_CHARACTERS = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;

/** The message of a 400 for text holding a forbidden control character. */
export const CONTROL_CHARACTER_MESSAGE = "Text must not contain control characters";

/**
 * Whether `text` holds a control character other than tab, line feed or carriage return, or a lone
 * surrogate.
 */
export function hasForbiddenControlCharacters(text: string): boolean {
  return FORBIDDEN_CONTROL_CHARACTERS.test(text);
}

/**
 * A string schema that refuses forbidden control characters (400 through the server's `parse`,
 * a field message in the browser's forms). Use it for free text fields; the server's JSON guard
 * (server/http.ts `rejectControlCharacters`) enforces the same rule for every field of every
 * /api request, so a schema that forgets it still cannot store one.
 */
export function plainText(message = CONTROL_CHARACTER_MESSAGE) {
  return z.string().refine((v) => !hasForbiddenControlCharacters(v), message);
}
