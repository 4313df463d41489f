/**
 * The shop's product search and sort (issue 33): typo-tolerant full-text search over name,
 * category and the concerns a product's text names (description, benefits, details), with
 * MiniSearch, and the sort orders /shop offers. Runs in the /shop loader on the server, so the
 * index never reaches the browser.
 */
import MiniSearch from "minisearch";
import type { PublicProduct } from "./catalog.ts";

/** The sort orders of /shop's ?sort= ('featured' is the catalogue's own order). */
export const SHOP_SORTS = [
  { id: "featured", name: "Featured" },
  { id: "price-asc", name: "Price: low to high" },
  { id: "price-desc", name: "Price: high to low" },
  { id: "rating", name: "Top rated" },
  { id: "newest", name: "Newest" },
] as const;
export type ShopSort = (typeof SHOP_SORTS)[number]["id"];

/** A ?sort= value as a known sort; anything else reads as 'featured'. */
export function parseShopSort(value: string | null): ShopSort {
  return SHOP_SORTS.some((s) => s.id === value) ? (value as ShopSort) : "featured";
}

/** The longest ?q= searched (characters); the rest is ignored. */
export const SHOP_QUERY_MAX = 80;

type Doc = { id: number; name: string; category: string; text: string };

/**
 * The products matching `query`, best match first: every word must match (a prefix, or within
 * one or two typos for words of 4+ and 7+ letters, e.g. 'niacinamde' finds 'Niacinamide'). An
 * empty query returns `products` as they are.
 */
export function searchProducts(products: readonly PublicProduct[], query: string): PublicProduct[] {
  const q = query.trim().slice(0, SHOP_QUERY_MAX);
  if (!q) return [...products];
  const index = new MiniSearch<Doc>({
    fields: ["name", "category", "text"],
    searchOptions: {
      boost: { name: 3, category: 2, text: 1 },
      prefix: (term) => term.length >= 3,
      fuzzy: (term) => (term.length >= 7 ? 2 : term.length >= 4 ? 1 : false),
      combineWith: "AND",
    },
  });
  index.addAll(
    products.map((p) => ({
      id: p.id,
      name: p.name,
      category: p.category.replace(/-/g, " "),
      text: [p.description, p.details ?? "", ...p.benefits].join(" "),
    })),
  );
  const byId = new Map(products.map((p) => [p.id, p]));
  return index
    .search(q)
    .map((hit) => byId.get(hit.id as number))
    .filter((p): p is PublicProduct => p !== undefined);
}

/**
 * `products` in `sort` order (a new list): price in naira up or down, rating (highest first), or
 * newest (the highest id was added last); ties keep their order. 'featured' keeps the order given.
 */
export function sortProducts(products: readonly PublicProduct[], sort: ShopSort): PublicProduct[] {
  const list = [...products];
  if (sort === "price-asc") list.sort((a, b) => a.price - b.price);
  if (sort === "price-desc") list.sort((a, b) => b.price - a.price);
  if (sort === "rating") list.sort((a, b) => b.rating - a.rating);
  if (sort === "newest") list.sort((a, b) => b.id - a.id);
  return list;
}
