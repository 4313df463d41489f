/**
 * What identifies a person in free text, for erasure (NDPA 2023; issue 34 "Erasure reaches
 * everywhere the person is"): their email, their phone in the forms people write it, and their
 * full name. A text mentions the person when it holds any of them, ignoring case and the spaces,
 * dashes, dots and brackets people put in phone numbers.
 */
import { type SQL, sql } from "drizzle-orm";
import { likePattern } from "#common/paging.ts";

/** A person's traces: lower-cased email, phone digits (national '0803…' and '234803…'), name. */
export type PersonTraces = { email: string; phoneDigits: string[]; fullName: string | null };

/**
 * The traces of a client: `phone` in any form ('+234 803 123 4567', '0803-123-4567'); a name is
 * kept only when it has two words of 3+ letters together (a first name alone would match others).
 */
export function personTraces(email: string, phone: string | null, fullName: string): PersonTraces {
  const digits = (phone ?? "").replace(/\D/g, "");
  const national = digits.startsWith("234") ? `0${digits.slice(3)}` : digits;
  const phoneDigits =
    national.length >= 7
      ? [national, ...(national.startsWith("0") ? [`234${national.slice(1)}`] : [])]
      : [];
  const name = fullName.trim().toLowerCase().replace(/\s+/g, " ");
  const words = name.split(" ").filter((w) => w.length >= 3);
  return { email: email.toLowerCase(), phoneDigits, fullName: words.length >= 2 ? name : null };
}

/** The texts of `texts` joined, lower-cased, as SQL. */
function joined(texts: SQL[]): SQL {
  return sql`lower(${sql.join(
    texts.map((t) => sql`coalesce(${t}, '')`),
    sql` || ' ' || `,
  )})`;
}

/** Whether any of `texts` (SQL text expressions) mentions the person. */
export function mentionsPerson(texts: SQL[], traces: PersonTraces): SQL {
  const text = joined(texts);
  const compact = sql`regexp_replace(${text}, '[[:space:]().-]', '', 'g')`;
  const tests: SQL[] = [sql`${text} LIKE ${likePattern(traces.email)}`];
  for (const digits of traces.phoneDigits) tests.push(sql`${compact} LIKE ${`%${digits}%`}`);
  if (traces.fullName) tests.push(sql`${text} LIKE ${likePattern(traces.fullName)}`);
  return sql`(${sql.join(tests, sql` OR `)})`;
}

/** Whether a plain string mentions the person (the same rule, for files). */
export function textMentionsPerson(value: string, traces: PersonTraces): boolean {
  const text = value.toLowerCase();
  const compact = text.replace(/[\s().-]/g, "");
  return (
    text.includes(traces.email) ||
    traces.phoneDigits.some((d) => compact.includes(d)) ||
    (traces.fullName !== null && text.includes(traces.fullName))
  );
}
