/**
 * The one rule for database ids in URLs and payloads: a positive whole number that fits a serial
 * (int4) column, written without sign or leading zeros. Anything else names no record, so the
 * API answers 404 for a path id and 400 for a payload field, and never asks the database.
 */
import { z } from "zod";

/** Largest value of a PostgreSQL serial / integer column. */
export const MAX_DATABASE_ID = 2_147_483_647;

const ID_TEXT = /^[1-9]\d{0,9}$/;

/** `value` ('42' or 42) as an id, or null when it cannot be one. */
export function parseDatabaseId(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value : "";
  if (!ID_TEXT.test(text)) return null;
  const id = Number(text);
  return id <= MAX_DATABASE_ID ? id : null;
}

/** A zod schema for an id given as number or text; `message` for anything else. */
export function databaseIdSchema(message: string) {
  return z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const id = parseDatabaseId(value);
    if (id === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return id;
  });
}
