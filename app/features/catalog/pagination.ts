/**
 * Shop paging rules (storefront spec §9: page size 8; the pager shows first, last, the current
 * page with one neighbour each side, and ellipses).
 */

export type PagerItem = { kind: "page"; page: number } | { kind: "ellipsis"; key: string };

/** The pager's items for `current` of `total` pages, e.g. 1 … 4 5 6 … 10. */
export function pagerItems(current: number, total: number): PagerItem[] {
  const pages = new Set<number>([1, total, current - 1, current, current + 1]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= total).sort((a, b) => a - b);
  const items: PagerItem[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous > 1) {
      items.push({ kind: "ellipsis", key: `after-${previous}` });
    }
    items.push({ kind: "page", page });
  });
  return items;
}

/** Number of pages for `count` items (at least 1). */
export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/** A positive whole page number from a query value, defaulting to 1. */
export function parsePage(value: string | null): number {
  if (!value || !/^\d+$/.test(value)) return 1;
  return Math.max(1, Number(value));
}
