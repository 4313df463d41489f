/**
 * The product detail view: image, name, price in whole naira, rating 'x.x/5.0', stock status,
 * benefits and the information tabs (storefront spec §2 "/product/{id}", §9).
 */
import { Check, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { FallbackImage } from "#app/components/ui/fallback-image.tsx";
import { ProductPurchase } from "#app/features/cart/product-purchase.tsx";
import { type PublicProduct, SHOP_CATEGORIES } from "#common/catalog.ts";
import { formatNaira } from "#common/money.ts";
import { PRODUCT_PLACEHOLDER_IMAGE } from "./product-card";
import { ProductTabs } from "./product-tabs";
import { Rating } from "./rating";
import { StockStatus } from "./stock-status";

/** Display name of a shop category id, e.g. 'eye-care' → 'Eye care'. */
export function shopCategoryName(id: string): string {
  const name = SHOP_CATEGORIES.find((c) => c.id === id)?.name ?? id;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function Breadcrumbs({ product }: { product: PublicProduct }) {
  const crumbs = [
    { name: "Home", to: "/" },
    { name: "Shop", to: "/shop" },
    { name: shopCategoryName(product.category), to: `/shop?category=${product.category}` },
  ];
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-stone-600">
      <ol className="flex flex-wrap items-center gap-1.5">
        {crumbs.map((crumb) => (
          <li key={crumb.to} className="flex items-center gap-1.5">
            <Link to={crumb.to} className="rounded-sm hover:text-brand-700 hover:underline">
              {crumb.name}
            </Link>
            <ChevronRight className="h-3.5 w-3.5" aria-hidden />
          </li>
        ))}
        <li aria-current="page" className="truncate font-medium text-brand-900">
          {product.name}
        </li>
      </ol>
    </nav>
  );
}

/** The upper part of /product/{id}. */
export function ProductDetails({ product }: { product: PublicProduct }) {
  const outOfStock = product.stock <= 0;
  return (
    <div>
      <Breadcrumbs product={product} />
      <div className="mt-8 grid gap-10 lg:grid-cols-2 lg:gap-16">
        <div className="relative overflow-hidden rounded-3xl bg-brand-50">
          <FallbackImage
            src={product.image || PRODUCT_PLACEHOLDER_IMAGE}
            fallbackSrc={PRODUCT_PLACEHOLDER_IMAGE}
            alt={product.name}
            width={600}
            height={600}
            sizes="(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw"
            fetchPriority="high"
            className={
              outOfStock
                ? "h-full w-full object-cover opacity-60 grayscale"
                : "h-full w-full object-cover"
            }
          />
          {outOfStock && (
            <span className="absolute left-4 top-4 rounded-full bg-ink/85 px-4 py-1.5 text-xs font-semibold tracking-[0.2em] text-white">
              OUT OF STOCK
            </span>
          )}
        </div>
        <div className="flex flex-col">
          <p className="text-xs font-semibold uppercase tracking-[0.25em] text-brand-600">
            {shopCategoryName(product.category)}
          </p>
          <h1 className="mt-3 font-serif text-3xl leading-tight text-brand-900 sm:text-4xl">
            {product.name}
          </h1>
          <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-2">
            <Rating
              rating={product.rating}
              variant="detail"
              className="text-sm font-medium text-stone-700"
            />
            <StockStatus stock={product.stock} />
          </div>
          <p className="mt-6 text-3xl font-semibold text-brand-800">
            <span className="sr-only">Price: </span>
            {formatNaira(product.price)}
          </p>
          <ProductPurchase product={product} />
          {product.benefits.length > 0 && (
            <section aria-labelledby="benefits-heading" className="mt-8">
              <h2
                id="benefits-heading"
                className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-900"
              >
                Benefits
              </h2>
              <ul className="mt-4 space-y-2.5">
                {product.benefits.map((benefit) => (
                  <li key={benefit} className="flex gap-3 text-sm text-stone-700 sm:text-base">
                    <Check className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden />
                    {benefit}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <div className="mt-10">
            <ProductTabs product={product} />
          </div>
        </div>
      </div>
    </div>
  );
}
