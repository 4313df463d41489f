/**
 * Product management filters and sorting (admin spec §2 "Product management", §9): search by
 * name/description, category, stock state, and sort by name, price, category, rating or stock
 * in either direction.
 */
import type { ProductSortField } from "#common/catalog-forms.ts";

export type StockFilter = "all" | "in-stock" | "out-of-stock";

type Listable = {
  name: string;
  description: string;
  category: string;
  price: number;
  rating: number;
  stock: number;
};

export function filterAndSortProducts<T extends Listable>(
  products: readonly T[],
  options: {
    q: string;
    category: string;
    stock: StockFilter;
    sort: ProductSortField;
    direction: "asc" | "desc";
  },
): T[] {
  const q = options.q.trim().toLowerCase();
  const rows = products.filter(
    (p) =>
      (!q || p.name.toLowerCase().includes(q) || p.description.toLowerCase().includes(q)) &&
      (options.category === "all" || p.category === options.category) &&
      (options.stock === "all" || (options.stock === "in-stock" ? p.stock > 0 : p.stock <= 0)),
  );
  const sign = options.direction === "asc" ? 1 : -1;
  return rows.sort((a, b) => {
    const x = a[options.sort];
    const y = b[options.sort];
    const order =
      typeof x === "number" && typeof y === "number"
        ? x - y
        : String(x).localeCompare(String(y), "en", { sensitivity: "base" });
    return order * sign || a.name.localeCompare(b.name);
  });
}
