/**
 * The shop pager: previous/next and page buttons (first, last, current ± 1, ellipses), with the
 * page kept in the URL (?category=serums&page=2) so it works without JavaScript
 * (storefront spec §2 "/shop", §9).
 */
import { clsx } from "clsx";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Form } from "react-router";
import { pagerItems } from "./pagination";

type ShopPagerProps = {
  page: number;
  totalPages: number;
  category: string;
  /** The search and sort in force (issue 33), kept from page to page; '' and 'featured' omitted. */
  q?: string;
  sort?: string;
};

const squareButton =
  "inline-flex h-10 min-w-10 items-center justify-center rounded-full border text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-40";

/** Pagination controls; nothing when there is only one page. */
export function ShopPager({
  page,
  totalPages,
  category,
  q = "",
  sort = "featured",
}: ShopPagerProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-12">
      <Form method="get" className="flex flex-wrap items-center justify-center gap-2">
        {category !== "all" && <input type="hidden" name="category" value={category} />}
        {q && <input type="hidden" name="q" value={q} />}
        {sort !== "featured" && <input type="hidden" name="sort" value={sort} />}
        <button
          type="submit"
          name="page"
          value={page - 1}
          disabled={page <= 1}
          aria-label="Previous page"
          className={clsx(
            squareButton,
            "border-brand-200 text-brand-900 enabled:hover:bg-brand-50",
          )}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden />
        </button>
        {pagerItems(page, totalPages).map((item) =>
          item.kind === "ellipsis" ? (
            <span key={item.key} aria-hidden className="px-1 text-stone-600">
              …
            </span>
          ) : (
            <button
              key={item.page}
              type="submit"
              name="page"
              value={item.page}
              aria-label={`Go to page ${item.page}`}
              aria-current={item.page === page ? "page" : undefined}
              className={clsx(
                squareButton,
                item.page === page
                  ? "border-brand-700 bg-brand-700 text-white"
                  : "border-brand-200 text-brand-900 hover:bg-brand-50",
              )}
            >
              {item.page}
            </button>
          ),
        )}
        <button
          type="submit"
          name="page"
          value={page + 1}
          disabled={page >= totalPages}
          aria-label="Next page"
          className={clsx(
            squareButton,
            "border-brand-200 text-brand-900 enabled:hover:bg-brand-50",
          )}
        >
          <ChevronRight className="h-4 w-4" aria-hidden />
        </button>
      </Form>
    </nav>
  );
}
