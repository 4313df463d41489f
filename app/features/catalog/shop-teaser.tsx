/**
 * Home shop teaser: four products and 'View All Products' to /shop
 * (storefront spec §2 "Home" shop teaser, §9 "Shop teaser 4 products").
 */
import { Link } from "react-router";
import { buttonClassName } from "~/components/ui/button";
import { SectionHeading } from "~/components/ui/section-heading";
import type { PublicProduct } from "../../../common/catalog.ts";
import { ProductCard } from "./product-card";

/** Product teaser section; nothing when there are no products. */
export function ShopTeaser({ products }: { products: PublicProduct[] }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="shop-teaser-heading" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 md:py-28 lg:px-8">
        <SectionHeading
          id="shop-teaser-heading"
          eyebrow="The Glow Haven Shop"
          title="Take the glow home"
          intro="Clinic-approved skincare to keep your results going between visits."
        />
        <ul className="mt-14 grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
          {products.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
        <div className="mt-12 text-center">
          <Link to="/shop" className={buttonClassName({ variant: "outline", size: "lg" })}>
            View All Products
          </Link>
        </div>
      </div>
    </section>
  );
}
