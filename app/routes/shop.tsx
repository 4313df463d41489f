/**
 * /shop: the product grid with category filter, search, sort and pager, all in the URL
 * (?category=serums&q=acne&sort=price-asc&page=2), rendered on the server (storefront spec §2
 * "/shop", §4 "Shop", §9; search and sort: issue 33).
 */

import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { pageCount, parsePage } from "#app/features/catalog/pagination.ts";
import { ProductCard } from "#app/features/catalog/product-card.tsx";
import { ShopFilters } from "#app/features/catalog/shop-filters.tsx";
import { ShopPager } from "#app/features/catalog/shop-pager.tsx";
import { ShopSearch } from "#app/features/catalog/shop-search.tsx";
import { originFrom, pageMeta } from "#app/features/seo/meta.ts";
import { cardProduct, SHOP_CATEGORIES, SHOP_PAGE_SIZE } from "#common/catalog.ts";
import { pageContext } from "#common/page-context.ts";
import {
  parseShopSort,
  SHOP_QUERY_MAX,
  searchProducts,
  sortProducts,
} from "#common/product-search.ts";
import type { Route } from "./+types/shop";

const CATEGORY_IDS: readonly string[] = SHOP_CATEGORIES.map((c) => c.id);

/**
 * One page of products of the chosen category matching ?q= in ?sort= order; unknown categories
 * read as 'all', unknown sorts as 'featured' (a search without a sort lists best matches first).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const requested = params.get("category") ?? "all";
  const category = CATEGORY_IDS.includes(requested) ? requested : "all";
  const all = await context.get(pageContext).catalog.products();
  const q = (params.get("q") ?? "").trim().slice(0, SHOP_QUERY_MAX);
  const sort = parseShopSort(params.get("sort"));
  const inCategory = category === "all" ? all : all.filter((p) => p.category === category);
  const matching = sortProducts(searchProducts(inCategory, q), sort);
  const totalPages = pageCount(matching.length, SHOP_PAGE_SIZE);
  const page = Math.min(parsePage(params.get("page")), totalPages);
  const start = (page - 1) * SHOP_PAGE_SIZE;
  return {
    // The cards' fields only: the grid shows no more (the product page's details stay there).
    products: matching.slice(start, start + SHOP_PAGE_SIZE).map(cardProduct),
    category,
    q,
    sort,
    page,
    totalPages,
    total: matching.length,
    start,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const name = SHOP_CATEGORIES.find((c) => c.id === loaderData?.category)?.name ?? "all";
  const label = name === "all" ? "Skincare" : name.replace(/^\w/, (ch) => ch.toUpperCase());
  const page = loaderData?.page ?? 1;
  const query = new URLSearchParams();
  if (loaderData && loaderData.category !== "all") query.set("category", loaderData.category);
  if (page > 1) query.set("page", String(page));
  const search = query.size > 0 ? `?${query}` : "";
  return pageMeta({
    title: `Shop ${label}${page > 1 ? ` (page ${page})` : ""} | Glow Haven`,
    description:
      "Shop clinic-approved cleansers, serums, moisturisers, masks, eye care, body care and sunscreen chosen for melanin-rich skin. Delivery across Nigeria from Victoria Island, Lagos.",
    path: `/shop${search}`,
    origin: originFrom(matches),
  });
};

/** The product listing page. */
export default function ShopPage({ loaderData }: Route.ComponentProps) {
  const { products, category, q, sort, page, totalPages, total, start } = loaderData;
  return (
    <main id="main">
      <div className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 pb-8 pt-16 sm:px-6 sm:pt-20 lg:px-8">
          <SectionHeading
            as="h1"
            eyebrow="The Glow Haven Shop"
            title="Skincare our therapists trust"
            intro="Clinic-approved cleansers, serums and daily essentials, chosen for Lagos weather and melanin-rich skin."
          />
        </div>
      </div>
      <div className="mx-auto max-w-7xl px-4 pb-24 sm:px-6 lg:px-8">
        <ShopSearch q={q} sort={sort} category={category} />
        <ShopFilters active={category} q={q} sort={sort} />
        <p className="mt-6 text-center text-sm text-stone-600" aria-live="polite">
          {total === 0
            ? "0 products"
            : `Showing ${start + 1}–${start + products.length} of ${total} products`}
        </p>
        <h2 className="sr-only">Products</h2>
        {products.length === 0 ? (
          <p className="mt-8 rounded-2xl bg-brand-50 px-6 py-16 text-center text-stone-600">
            No products found
          </p>
        ) : (
          <ul className="mt-8 grid grid-cols-2 gap-3 sm:gap-6 md:grid-cols-3 lg:grid-cols-4">
            {products.map((product, index) => (
              <li key={product.id}>
                <ProductCard product={product} eager={index < 4} />
              </li>
            ))}
          </ul>
        )}
        <ShopPager page={page} totalPages={totalPages} category={category} q={q} sort={sort} />
      </div>
    </main>
  );
}
