/**
 * The shop's category filter buttons (storefront spec §2 "/shop", §4 "Shop": defaults to all;
 * changing it resets to page 1). A GET form, so it also works before JavaScript loads; the
 * category is kept in the URL (?category=serums).
 */
import { clsx } from "clsx";
import { useRef } from "react";
import { Form } from "react-router";
import { useCenterActive } from "#app/lib/use-center-active.ts";
import { SHOP_CATEGORIES } from "#common/catalog.ts";

/**
 * Filter buttons with aria-pressed on the active category; the search and sort in force (issue 33)
 * ride along as hidden fields, so a category change keeps them.
 */
export function ShopFilters({
  active,
  q = "",
  sort = "featured",
}: {
  active: string;
  q?: string;
  sort?: string;
}) {
  const stripRef = useRef<HTMLDivElement>(null);
  useCenterActive(stripRef, '[aria-pressed="true"]', active);
  return (
    <Form method="get" preventScrollReset aria-label="Filter products by category">
      {q && <input type="hidden" name="q" value={q} />}
      {sort !== "featured" && <input type="hidden" name="sort" value={sort} />}
      <div
        ref={stripRef}
        className="relative -mx-4 flex gap-2 overflow-x-auto px-4 pb-2 sm:mx-0 sm:flex-wrap sm:justify-center sm:overflow-visible sm:px-0"
      >
        {SHOP_CATEGORIES.map((category) => {
          const pressed = category.id === active;
          return (
            <button
              key={category.id}
              type="submit"
              name="category"
              value={category.id}
              aria-pressed={pressed}
              className={clsx(
                "shrink-0 whitespace-nowrap rounded-full border px-4 py-2 text-sm font-medium capitalize transition-colors",
                pressed
                  ? "border-brand-700 bg-brand-700 text-white"
                  : "border-brand-200 bg-white text-brand-900 hover:border-brand-600 hover:text-brand-700",
              )}
            >
              {category.name}
            </button>
          );
        })}
      </div>
    </Form>
  );
}
