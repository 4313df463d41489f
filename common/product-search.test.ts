import { describe, expect, it } from "vitest";
import type { PublicProduct } from "./catalog.ts";
import { parseShopSort, searchProducts, sortProducts } from "./product-search.ts";

function product(id: number, name: string, fields: Partial<PublicProduct> = {}): PublicProduct {
  return {
    id,
    name,
    description: "",
    price: 10000,
    image: "",
    imageUrl: "",
    category: "serums",
    stock: 5,
    rating: 4,
    details: null,
    ingredients: null,
    howToUse: null,
    benefits: [],
    ...fields,
  };
}

const catalogue = [
  product(1, "Niacinamide 10% Serum", {
    description: "Calms breakouts and acne marks",
    price: 15000,
    rating: 4.5,
  }),
  product(2, "Gentle Foaming Cleanser", { category: "cleansers", price: 8000, rating: 4.8 }),
  product(3, "Caffeine Eye Cream", {
    category: "eye-care",
    benefits: ["Fades dark circles"],
    price: 12000,
    rating: 4.1,
  }),
];

describe("shop search (issue 33)", () => {
  it("finds by name, category and concern, forgiving typos", () => {
    expect(searchProducts(catalogue, "niacinamde").map((p) => p.id)).toEqual([1]);
    expect(searchProducts(catalogue, "cleansers").map((p) => p.id)).toEqual([2]);
    expect(searchProducts(catalogue, "eye care").map((p) => p.id)).toEqual([3]);
    expect(searchProducts(catalogue, "acne").map((p) => p.id)).toEqual([1]);
    expect(searchProducts(catalogue, "dark circles").map((p) => p.id)).toEqual([3]);
    expect(searchProducts(catalogue, "sunscreen")).toEqual([]);
    expect(searchProducts(catalogue, "  ")).toHaveLength(3);
  });

  it("sorts by price, rating and newest; unknown sorts read as featured", () => {
    expect(sortProducts(catalogue, "price-asc").map((p) => p.id)).toEqual([2, 3, 1]);
    expect(sortProducts(catalogue, "price-desc").map((p) => p.id)).toEqual([1, 3, 2]);
    expect(sortProducts(catalogue, "rating").map((p) => p.id)).toEqual([2, 1, 3]);
    expect(sortProducts(catalogue, "newest").map((p) => p.id)).toEqual([3, 2, 1]);
    expect(parseShopSort("cheapest")).toBe("featured");
  });
});
