/**
 * Previous / Next and 'Page 2 of 5' under a paged list (common/paging.ts). The links keep every
 * other URL param; where there is no page that way the step is greyed (and hidden from screen
 * readers, which hear 'Page 1 of 3'), so the bar keeps its shape.
 */
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { type Page, pageCount } from "#common/paging.ts";
import { adminButton } from "./buttons.ts";
import { pageHref } from "./list-params.ts";
import { useListParams } from "./use-list-params.ts";

export function Pager({ page, label }: { page: Omit<Page<unknown>, "rows">; label: string }) {
  const { params } = useListParams();
  const pages = pageCount(page.matching, page.pageSize);
  if (page.matching === 0) return null;
  const first = (page.page - 1) * page.pageSize + 1;
  const last = Math.min(page.matching, page.page * page.pageSize);
  const step = (to: number, text: string, icon: "prev" | "next") => {
    const content = (
      <>
        {icon === "prev" && <ChevronLeft className="h-4 w-4" aria-hidden />}
        {text}
        {icon === "next" && <ChevronRight className="h-4 w-4" aria-hidden />}
      </>
    );
    return to < 1 || to > pages ? (
      // No page that way: shown greyed so the bar keeps its shape; 'Page 1 of 3' says it all.
      <span
        aria-hidden="true"
        className="inline-flex cursor-not-allowed items-center justify-center gap-2 rounded-md border border-gray-200 bg-gray-50 px-3 py-1.5 text-sm font-medium text-gray-600"
      >
        {content}
      </span>
    ) : (
      <Link to={pageHref(params, to)} className={adminButton.outline} rel={icon}>
        {content}
      </Link>
    );
  };
  return (
    <nav
      aria-label={label}
      className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm text-gray-700"
    >
      <p>
        Showing {first}–{last} of {page.matching}
      </p>
      <div className="flex items-center gap-2">
        {step(page.page - 1, "Previous", "prev")}
        <span aria-current="page" className="px-2 font-medium text-ink">
          Page {page.page} of {pages}
        </span>
        {step(page.page + 1, "Next", "next")}
      </div>
    </nav>
  );
}
