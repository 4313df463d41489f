/** Column helpers shared by every schema file. */
import { type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, bigint, customType, timestamp } from "drizzle-orm/pg-core";

/** `created_at timestamptz not null default now()`. */
export const createdAt = () =>
  timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
/** `updated_at timestamptz not null default now()`; services set it on every change. */
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * A money column: integer kobo as `bigint`, read as a JS number (exact up to 2^53 kobo, about
 * ₦90 trillion). int4 ended at ₦21,474,836.47, below the API's limit (MAX_NAIRA in
 * common/money.ts), so a ₦25 M price answered 500 (issue 34).
 */
export const kobo = (name: string) => bigint(name, { mode: "number" });

/**
 * `column IN ('a', 'b', …)` for a CHECK constraint, from one of the `as const` lists in common/
 * (the values are plain identifiers; quotes are doubled anyway).
 */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  const list = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", ");
  return sql`${column} IN (${sql.raw(list)})`;
}

/**
 * A PostgreSQL `tstzrange`, read as its text form (e.g. `["2025-01-06 09:00:00+00","2025-01-06
 * 10:00:00+00")`). Only used for generated columns; queries read the start and end columns.
 */
export const tstzrange = customType<{ data: string; driverData: string }>({
  dataType: () => "tstzrange",
});

/**
 * `during tstzrange GENERATED ALWAYS AS (tstzrange(starts_at, ends_at, '[)')) STORED`: the
 * half-open interval [start, end) of a calendar row, for exclusion constraints and overlap
 * queries. Written by the database only.
 */
export const during = () =>
  tstzrange("during").notNull().generatedAlwaysAs(sql`tstzrange(starts_at, ends_at, '[)')`);
