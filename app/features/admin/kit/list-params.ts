/**
 * Pure rules of a list's URL state (common/paging.ts): how a change of search, filter, sort or
 * page rewrites the search params. Kept apart from the hook so they are unit-tested.
 */

/** A change to a list's params: a value sets it, '' or null removes it (back to the default). */
export type ListParamChanges = Record<string, string | number | null | undefined>;

/**
 * The params after `changes`. Any change other than `page` goes back to page 1, since the old
 * page number means nothing under new filters; page 1 itself is left out of the URL.
 * Values equal to `defaults[key]` are removed too, so the URL only carries what differs.
 */
export function applyListParams(
  current: URLSearchParams,
  changes: ListParamChanges,
  defaults: Record<string, string> = {},
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, raw] of Object.entries(changes)) {
    const value = raw === null || raw === undefined ? "" : String(raw).trim();
    if (value === "" || value === defaults[key]) next.delete(key);
    else next.set(key, value);
  }
  if (!("page" in changes)) next.delete("page");
  if (next.get("page") === "1") next.delete("page");
  return next;
}

/** The params without any of `keys` (Clear Filters), and back on page 1. */
export function clearListParams(
  current: URLSearchParams,
  keys: readonly string[],
): URLSearchParams {
  return applyListParams(current, Object.fromEntries(keys.map((k) => [k, null])));
}

/** '?…' for a link to `page` of the list at `current` (empty when that is page 1 with no params). */
export function pageHref(current: URLSearchParams, page: number): string {
  const next = applyListParams(current, { page });
  const text = next.toString();
  return text ? `?${text}` : "?";
}

/**
 * What a paged list's body shows: its rows; 'no-matches' (with Clear Filters) when a search or
 * filter among `filterKeys` is in the URL and finds nothing, even if the list is empty
 * altogether, since the empty state would read as if the search had been ignored; or 'empty'
 * when there are no rows at all and nothing is filtered.
 */
export function listBody(
  page: { total: number; matching: number },
  params: URLSearchParams,
  filterKeys: readonly string[],
): "rows" | "no-matches" | "empty" {
  if (page.matching > 0) return "rows";
  const filtered = filterKeys.some((key) => (params.get(key) ?? "") !== "");
  return filtered || page.total > 0 ? "no-matches" : "empty";
}
