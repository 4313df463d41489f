/**
 * The body of every paged admin list: the rows (rendered by the screen), or 'no matches' with
 * Clear Filters when a search or filter in the URL finds nothing, or the empty state when there
 * are no rows at all (`listBody`); then the pager. While a new page loads, the old rows dim and
 * the region is marked busy.
 */
import type { ReactNode } from "react";
import type { Page } from "#common/paging.ts";
import { EmptyState, NoMatches } from "./empty-state.tsx";
import { listBody } from "./list-params.ts";
import { Pager } from "./pager.tsx";
import { useListParams } from "./use-list-params.ts";

export function PagedList<T>({
  page,
  label,
  empty,
  noMatches,
  filterParams,
  children,
}: {
  page: Page<T>;
  /** What the list is, e.g. 'Bookings'; names the pager ('Bookings pages'). */
  label: string;
  /** Shown when the list has no rows at all, e.g. 'No bookings yet.' */
  empty: ReactNode;
  /** Shown with Clear Filters when filters match nothing, e.g. 'No bookings match your filters.' */
  noMatches: string;
  /** The URL params Clear Filters removes. */
  filterParams: readonly string[];
  children: (rows: T[]) => ReactNode;
}) {
  const { loading, clear, params } = useListParams();
  const body = listBody(page, params, filterParams);
  return (
    <div aria-busy={loading || undefined} className={loading ? "opacity-60 transition" : undefined}>
      {body === "no-matches" ? (
        <NoMatches message={noMatches} onClear={() => clear(filterParams)} />
      ) : body === "empty" ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        children(page.rows)
      )}
      <Pager page={page} label={`${label} pages`} />
    </div>
  );
}
