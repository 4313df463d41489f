/**
 * Counting for the admin's server-paged lists (common/paging.ts `Page<T>`): how many rows there
 * are, how many the filters keep, and which page of those to serve — in one scan of the table.
 */
import { type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { pageWindow } from "#common/paging.ts";
import type { Db } from "./client.ts";

export type PageCounts = {
  /** Rows in `scope` (every row without one): the 'M' of 'N of M'. */
  total: number;
  /** Rows in `scope` that `filters` keep: the 'N'. */
  matching: number;
  /** The page served: the requested one, clamped to the last page (1 when nothing matches). */
  page: number;
  /** Rows to skip for that page. */
  offset: number;
};

/**
 * Counts `table`'s rows in `scope` and those of them `filters` keep, and places the requested
 * `page` of `pageSize` rows within the matching ones.
 */
export async function pageCounts(
  db: Db,
  table: PgTable,
  query: { page: number; pageSize: number },
  filters: SQL | undefined,
  scope?: SQL,
): Promise<PageCounts> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      matching: filters
        ? sql<number>`(count(*) filter (where ${filters}))::int`
        : sql<number>`count(*)::int`,
    })
    .from(table)
    .where(scope);
  const total = row?.total ?? 0;
  const matching = row?.matching ?? 0;
  return { total, matching, ...pageWindow(query.page, query.pageSize, matching) };
}
