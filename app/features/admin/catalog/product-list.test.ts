import { describe, expect, it } from "vitest";
import { filterAndSortProducts } from "./product-list";

const p = (name: string, category: string, price: number, rating: number, stock: number) => ({
  name,
  description: `${name} description`,
  category,
  price,
  rating,
  stock,
});
const products = [
  p("Clay Mask", "masks", 9500, 4.2, 0),
  p("Vitamin C Serum", "serums", 25000, 4.8, 12),
  p("Aloe Cleanser", "cleansers", 8000, 3.9, 100),
];

import type { ProductSortField } from "#common/catalog-forms.ts";
import type { StockFilter } from "./product-list";

const base: {
  q: string;
  category: string;
  stock: StockFilter;
  sort: ProductSortField;
  direction: "asc" | "desc";
} = { q: "", category: "all", stock: "all", sort: "name", direction: "asc" };

describe("filterAndSortProducts", () => {
  it("sorts by each field in both directions", () => {
    const names = (o: Partial<typeof base>) =>
      filterAndSortProducts(products, { ...base, ...o }).map((x) => x.name);
    expect(names({})).toEqual(["Aloe Cleanser", "Clay Mask", "Vitamin C Serum"]);
    expect(names({ sort: "price", direction: "desc" })).toEqual([
      "Vitamin C Serum",
      "Clay Mask",
      "Aloe Cleanser",
    ]);
    expect(names({ sort: "rating" })[0]).toBe("Aloe Cleanser");
    expect(names({ sort: "stock", direction: "desc" })[0]).toBe("Aloe Cleanser");
    expect(names({ sort: "category" })).toEqual(["Aloe Cleanser", "Clay Mask", "Vitamin C Serum"]);
  });

  it("filters by text, category and stock", () => {
    expect(filterAndSortProducts(products, { ...base, q: "serum" })).toHaveLength(1);
    expect(filterAndSortProducts(products, { ...base, category: "masks" })[0]?.name).toBe(
      "Clay Mask",
    );
    expect(
      filterAndSortProducts(products, { ...base, stock: "out-of-stock" }).map((x) => x.name),
    ).toEqual(["Clay Mask"]);
    expect(filterAndSortProducts(products, { ...base, stock: "in-stock" })).toHaveLength(2);
  });
});
