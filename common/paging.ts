/**
 * One paging shape for every back-office list (ARCHITECTURE.md "Back-office layout"): the screen
 * keeps its list state in the URL search params, the route loader parses them with a schema built
 * on `listQuerySchema`, and the module's service answers one `Page`.
 *
 * Query params never fail: a bad or missing value falls back to its default and a number out of
 * range is clamped (page ≥ 1, 1 ≤ pageSize ≤ MAX_PAGE_SIZE, search text ≤ MAX_SEARCH_LENGTH), so a
 * hand-edited URL shows a list instead of an error page.
 */
import { z } from "zod";

/** Rows per page when the URL names none. */
export const DEFAULT_PAGE_SIZE = 30;
/** The most rows one request may ask for. */
export const MAX_PAGE_SIZE = 100;
/** Search text beyond this many characters is cut off. */
export const MAX_SEARCH_LENGTH = 100;

/** One page of a list. */
export type Page<T> = {
  rows: T[];
  /** Rows in the whole list, filters ignored (the 'M' of 'N of M'). */
  total: number;
  /** Rows matching the filters (the 'N' of 'N of M'). */
  matching: number;
  /** 1-based page number actually served (clamped to the last page). */
  page: number;
  pageSize: number;
};

/** A whole number from a query value, clamped to [min, max]; `fallback` when unreadable. */
export function clampedInt(min: number, max: number, fallback: number) {
  return z
    .unknown()
    .optional()
    .transform((value): number => {
      const n =
        typeof value === "number" ? value : Number(String(value ?? "").trim() || Number.NaN);
      if (!Number.isFinite(n)) return fallback;
      return Math.min(max, Math.max(min, Math.trunc(n)));
    });
}

/**
 * Free search text: control characters dropped (PostgreSQL text cannot hold NUL), trimmed, cut
 * to MAX_SEARCH_LENGTH; '' when absent or not a string.
 */
export const searchText = z
  .unknown()
  .optional()
  .transform((v) =>
    typeof v === "string"
      ? v
          .replace(/\p{Cc}/gu, "")
          .trim()
          .slice(0, MAX_SEARCH_LENGTH)
      : "",
  );

/** One of `values`, else `fallback` (an unknown filter or sort value never fails). */
export function oneOf<const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
) {
  return z.enum(values).catch(fallback);
}

/** `page`, `pageSize` and `q`, the params every list takes. */
export const listQuerySchema = z.object({
  page: clampedInt(1, 1_000_000, 1),
  pageSize: clampedInt(1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  q: searchText,
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** The params of a URL as a plain object (the first value of each), for a list schema. */
export function paramsObject(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) if (!(key in out)) out[key] = value;
  return out;
}

/** Parses a request URL's search params with a list schema (never throws for bad values). */
export function parseListQuery<S extends z.ZodType>(schema: S, url: string | URL): z.output<S> {
  return schema.parse(paramsObject(new URL(url).searchParams));
}

/** Number of pages for `matching` rows (at least 1, so an empty list is 'page 1 of 1'). */
export function pageCount(matching: number, pageSize: number): number {
  return Math.max(1, Math.ceil(matching / pageSize));
}

/**
 * The page to serve and its row offset: `page` clamped to the last page, so deleting the last row
 * of the last page shows the page before it instead of an empty one.
 */
export function pageWindow(
  page: number,
  pageSize: number,
  matching: number,
): { page: number; offset: number } {
  const served = Math.min(page, pageCount(matching, pageSize));
  return { page: served, offset: (served - 1) * pageSize };
}

/** `text` with LIKE's wildcards (% _ \) escaped, for a `%…%` contains pattern. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
