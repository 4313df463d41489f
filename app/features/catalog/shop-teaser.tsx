/**
 * Home shop teaser: category filter pills (default 'all'), at most four products of the chosen
 * category, 'View All Products' to /shop, and four placeholders while loading
 * (storefront spec §2 "Home" shop teaser, §9 "Shop teaser 4 products").
 */
import { clsx } from "clsx";
import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { useCenterActive } from "#app/lib/use-center-active.ts";
import {
  type CardProduct,
  cardProduct,
  type PublicProduct,
  SHOP_CATEGORIES,
} from "#common/catalog.ts";
import { ProductCard } from "./product-card";

/** Products the teaser shows per category (spec §9). */
export const SHOP_TEASER_SIZE = 4;

/**
 * Up to four products per shop category id, and under 'all': in-stock products first, each
 * group in catalogue order; each with the card's fields only (CardProduct), one object per
 * product so the page data sends a product listed under two pills once.
 */
export function teaserProducts(products: readonly PublicProduct[]): Record<string, CardProduct[]> {
  const cards = products.map(cardProduct);
  const ordered = [...cards.filter((p) => p.stock > 0), ...cards.filter((p) => p.stock <= 0)];
  const result: Record<string, CardProduct[]> = {};
  for (const { id } of SHOP_CATEGORIES) {
    result[id] = ordered
      .filter((p) => id === "all" || p.category === id)
      .slice(0, SHOP_TEASER_SIZE);
  }
  return result;
}

/** Pills and the product grid of the chosen category. */
export function ShopTeaser({ products }: { products: Record<string, CardProduct[]> }) {
  const [category, setCategory] = useState("all");
  const gridId = useId();
  const stripRef = useRef<HTMLFieldSetElement>(null);
  useCenterActive(stripRef, '[aria-pressed="true"]', category);
  const shown = products[category] ?? [];
  return (
    <>
      <fieldset
        ref={stripRef}
        aria-label="Filter products by category"
        className="relative -mx-4 mt-10 flex min-w-0 gap-2 overflow-x-auto border-0 px-4 pb-2 sm:mx-0 sm:flex-wrap sm:justify-center sm:overflow-visible sm:px-0"
      >
        {SHOP_CATEGORIES.map((c) => (
          <button
            key={c.id}
            type="button"
            aria-pressed={c.id === category}
            aria-controls={gridId}
            onClick={() => setCategory(c.id)}
            className={clsx(
              "shrink-0 whitespace-nowrap rounded-full border px-4 py-2 text-sm font-medium capitalize transition-colors",
              c.id === category
                ? "border-brand-700 bg-brand-700 text-white"
                : "border-brand-200 bg-white text-brand-900 hover:border-brand-600 hover:text-brand-700",
            )}
          >
            {c.name}
          </button>
        ))}
      </fieldset>
      <div id={gridId} aria-live="polite" className="mt-10">
        {shown.length === 0 ? (
          <p className="rounded-2xl bg-brand-50 px-6 py-16 text-center text-stone-600">
            No products found
          </p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
            {shown.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

const PLACEHOLDER_KEYS = Array.from({ length: SHOP_TEASER_SIZE }, (_, i) => `placeholder-${i}`);

/** Four placeholder cards while the products load. */
export function ShopTeaserPlaceholder() {
  return (
    <div className="mt-10" aria-busy="true">
      <p className="sr-only">Loading products…</p>
      <ul className="mt-14 grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
        {PLACEHOLDER_KEYS.map((key) => (
          <li
            key={key}
            data-placeholder
            className="aspect-[3/4] animate-pulse rounded-2xl bg-brand-50"
          />
        ))}
      </ul>
    </div>
  );
}

/** The whole shop teaser section around `children` (the teaser or its placeholder). */
export function ShopTeaserSection({ children }: { children: React.ReactNode }) {
  return (
    <section id="shop" aria-labelledby="shop-teaser-heading" className="scroll-mt-20 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 md:py-28 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="mb-3 text-xs font-semibold uppercase tracking-[0.25em] text-brand-600">
            The Glow Haven Shop
          </p>
          <h2 id="shop-teaser-heading" className="font-serif text-3xl text-brand-900 sm:text-4xl">
            Take the glow home
          </h2>
          <p className="mt-4 text-base leading-relaxed text-stone-600">
            Clinic-approved skincare to keep your results going between visits.
          </p>
        </div>
        {children}
        <div className="mt-12 text-center">
          <Link to="/shop" className={buttonClassName({ variant: "outline", size: "lg" })}>
            View All Products
          </Link>
        </div>
      </div>
    </section>
  );
}
