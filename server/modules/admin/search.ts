/** The admin top-bar search over every registered source (admin spec §2 "Top bar"; issue 6). */

import { likePattern } from "#common/paging.ts";
import type { SearchHit } from "#common/search.ts";
import type { Db } from "#server/db/client.ts";
import { SEARCH_SOURCES } from "./registry.ts";

/**
 * Searches every source for `q` (case-insensitive, at least 2 characters after trimming).
 * @returns the sources' hits in registry order; [] for a shorter `q`.
 */
export async function searchAdmin(db: Db, q: string): Promise<SearchHit[]> {
  const text = q.trim();
  if (text.length < 2) return [];
  const results = await Promise.all(SEARCH_SOURCES.map((s) => s(db, likePattern(text), text)));
  return results.flat();
}
