/**
 * The SQLSTATE of a failed query, whichever driver ran it: PGlite and node-postgres both put it
 * in `code`, and Drizzle wraps their errors (the original is its `cause`).
 * e.g. '23505' unique violation, '23514' check violation, '23P01' exclusion violation.
 */
export function sqlState(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** SQLSTATE codes the back office maps to answers (e.g. 409 for an overlap). */
export const SQL_STATE = {
  uniqueViolation: "23505",
  foreignKeyViolation: "23503",
  checkViolation: "23514",
  exclusionViolation: "23P01",
} as const;
