/**
 * A product card of the shop, the home teaser and related products: the whole card links to
 * /product/{id}; image with a placeholder fallback; name; description cut to 50 characters; price
 * in whole naira; rating 'x.x / 5.0'; stock 0 greys the image with an 'OUT OF STOCK' overlay
 * (storefront spec §2 "/shop" product card, §9).
 */
import { clsx } from "clsx";
import { Link } from "react-router";
import { FallbackImage } from "#app/components/ui/fallback-image.tsx";
import { CardAddToCart } from "#app/features/cart/card-add-to-cart.tsx";
import { PRODUCT_CARD_DESCRIPTION_LENGTH, truncate } from "#app/lib/text.ts";
import type { CardProduct } from "#common/catalog.ts";
import { formatNaira } from "#common/money.ts";
import { Rating } from "./rating";

export const PRODUCT_PLACEHOLDER_IMAGE = "/images/placeholder-product.svg";

type ProductCardProps = {
  product: CardProduct;
  /** Load the image eagerly and first (first row above the fold: the LCP); lazily otherwise. */
  eager?: boolean;
  /** Heading level of the product name, to keep headings in order on each page. */
  headingLevel?: "h2" | "h3";
};

/** One product as a card; a stretched link makes the whole card clickable. */
export function ProductCard({
  product,
  eager = false,
  headingLevel: Heading = "h3",
}: ProductCardProps) {
  const outOfStock = product.stock <= 0;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-brand-100 bg-white shadow-sm transition-shadow duration-300 focus-within:shadow-lg hover:shadow-lg">
      <div className="relative aspect-square overflow-hidden bg-brand-50">
        <FallbackImage
          src={product.image || PRODUCT_PLACEHOLDER_IMAGE}
          fallbackSrc={PRODUCT_PLACEHOLDER_IMAGE}
          alt={product.name}
          width={600}
          height={600}
          sizes="(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw"
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager ? "high" : undefined}
          decoding="async"
          className={clsx(
            "h-full w-full object-cover transition-transform duration-500",
            outOfStock ? "opacity-60 grayscale" : "group-hover:scale-105",
          )}
        />
        {outOfStock && (
          <span className="absolute inset-0 grid place-items-center bg-white/30">
            <span className="rounded-full bg-ink/85 px-4 py-1.5 text-xs font-semibold tracking-[0.2em] text-white">
              OUT OF STOCK
            </span>
          </span>
        )}
        <CardAddToCart product={product} />
      </div>
      <div className="flex flex-1 flex-col p-4 sm:p-5">
        <Heading className="font-serif text-base leading-snug text-brand-900 sm:text-lg">
          <Link
            to={`/product/${product.id}`}
            className="rounded-sm after:absolute after:inset-0 after:content-['']"
          >
            {product.name}
          </Link>
        </Heading>
        <p className="mt-1.5 text-sm leading-relaxed text-stone-600">
          {truncate(product.description, PRODUCT_CARD_DESCRIPTION_LENGTH)}
        </p>
        <div className="mt-auto flex flex-col items-start gap-1 pt-4 sm:flex-row sm:items-center sm:justify-between sm:gap-2">
          <p className="text-base font-semibold text-brand-800">
            <span className="sr-only">Price: </span>
            {formatNaira(product.price)}
          </p>
          <Rating rating={product.rating} className="text-xs font-medium text-stone-600" />
        </div>
      </div>
    </article>
  );
}
