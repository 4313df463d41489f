/**
 * /product/{id}: one product with its information tabs and up to 4 related products; an unknown
 * or non-numeric id answers 404 with a 'Product Not Found' page (storefront spec §2, §8, §9).
 */
import { useEffect, useRef } from "react";
import { data, Link } from "react-router";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { ProductCard } from "#app/features/catalog/product-card.tsx";
import { ProductDetails } from "#app/features/catalog/product-details.tsx";
import { originFrom, pageMeta } from "#app/features/seo/meta.ts";
import { productJsonLd } from "#app/features/seo/product-json-ld.ts";
import { shareImage } from "#app/lib/responsive-image.ts";
import { PRODUCT_META_DESCRIPTION_LENGTH } from "#app/lib/text.ts";
import { track } from "#app/lib/tracking.ts";
import { cardProduct, type PublicProduct } from "#common/catalog.ts";
import { parseDatabaseId } from "#common/ids.ts";
import { formatNaira } from "#common/money.ts";
import { pageContext } from "#common/page-context.ts";
import type { Route } from "./+types/product";

/** Largest id the integer id column holds; larger numbers cannot exist. */

/** The product and its related products, or a 404 for an unknown or malformed id. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { catalog, origin } = context.get(pageContext);
  const id = parseDatabaseId(params.id);
  const product = id === null ? null : await catalog.product(id);
  if (!product) return data({ product: null, related: [], origin }, { status: 404 });
  // The related products as cards: their grid shows no more (issue 33, a lighter page to hydrate).
  return { product, related: (await catalog.related(product.id)).map(cardProduct), origin };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const product = loaderData?.product;
  const origin = loaderData?.origin ?? originFrom(matches);
  if (!product) {
    return [{ title: "Product Not Found | Glow Haven" }, { name: "robots", content: "noindex" }];
  }
  const price = formatNaira(product.price);
  const description = product.description.slice(0, PRODUCT_META_DESCRIPTION_LENGTH);
  // Link previews (WhatsApp, Facebook) show no SVG: the build's 1200×630 JPEG of the picture.
  const share = shareImage(product.image);
  return pageMeta({
    title: `${product.name} | Glow Haven`,
    description,
    path: `/product/${product.id}`,
    origin,
    image: share?.url ?? product.image,
    imageSize: share ?? undefined,
    type: "product",
    shareTitle: `${product.name} – ${price}`,
    shareDescription: `${price} · ${description}`,
    extra: [
      { property: "product:price:amount", content: product.price.toFixed(2) },
      { property: "product:price:currency", content: "NGN" },
      {
        property: "product:availability",
        content: product.stock > 0 ? "in stock" : "out of stock",
      },
      { name: "twitter:label1", content: "Price" },
      { name: "twitter:data1", content: price },
      productJsonLd(origin, product),
    ],
  });
};

/** The product detail page, or the not-found page. */
export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, related } = loaderData;
  useProductViewEvent(product);
  if (!product) return <ProductNotFound />;
  return (
    <main id="main">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
        <ProductDetails key={product.id} product={product} />
      </div>
      {related.length > 0 && (
        <section aria-labelledby="related-heading" className="bg-brand-50">
          <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
            <h2 id="related-heading" className="text-center font-serif text-3xl text-brand-900">
              You may also like
            </h2>
            <ul className="mt-10 grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
              {related.map((item) => (
                <li key={item.id}>
                  <ProductCard product={item} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </main>
  );
}

/** Sends the product-view tracking event once per product shown (spec §3). */
function useProductViewEvent(product: PublicProduct | null) {
  const sentFor = useRef<number | null>(null);
  useEffect(() => {
    if (!product || sentFor.current === product.id) return;
    sentFor.current = product.id;
    track({
      name: "product-view",
      payload: {
        productName: product.name,
        productId: String(product.id),
        price: product.price,
        currency: "NGN",
        category: product.category,
      },
    });
  }, [product]);
}

/** 'Product Not Found' with a link back to the shop (spec §2, §8). */
function ProductNotFound() {
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-xs font-semibold uppercase tracking-[0.25em] text-brand-600">404</p>
      <h1 className="mt-3 font-serif text-4xl text-brand-900">Product Not Found</h1>
      <p className="mt-4 text-stone-600">
        We couldn't find that product. It may have been removed or the link may be wrong.
      </p>
      <Link to="/shop" className={buttonClassName({ size: "lg", className: "mt-8" })}>
        Back to Shop
      </Link>
    </main>
  );
}
