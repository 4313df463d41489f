/**
 * JSON-LD for a product page (storefront issue "Findability"). A module of its own, outside the
 * shell every public page loads (vite.config.ts STOREFRONT), so only /product's first load
 * carries it (issue 33's 120 KB budget).
 */
import type { MetaDescriptor } from "react-router";
import { BUSINESS } from "#common/business.ts";
import type { PublicProduct } from "#common/catalog.ts";
import { absoluteUrl } from "./meta.ts";

/** JSON-LD of a product with its offer in NGN (in stock or out of stock). */
export function productJsonLd(origin: string, product: PublicProduct): MetaDescriptor {
  const url = absoluteUrl(origin, `/product/${product.id}`);
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "Product",
      name: product.name,
      description: product.description,
      image: absoluteUrl(origin, product.image),
      sku: String(product.id),
      category: product.category,
      url,
      brand: { "@type": "Brand", name: BUSINESS.shortName },
      offers: {
        "@type": "Offer",
        url,
        price: product.price.toFixed(2),
        priceCurrency: "NGN",
        availability:
          product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
        seller: { "@type": "Organization", name: BUSINESS.name },
      },
    },
  };
}
