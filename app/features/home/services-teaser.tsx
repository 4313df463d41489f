/**
 * Home services teaser: eight category tiles (two rows of four on large screens) with a short
 * description and the lowest price, each linking to its tab on /services, plus 'Explore All
 * Treatments' (storefront spec §2 "Home" services teaser).
 */
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { buttonClassName } from "~/components/ui/button";
import { SectionHeading } from "~/components/ui/section-heading";
import { findServiceCategory } from "../../../common/catalog.ts";
import { formatNaira } from "../../../common/money.ts";
import { CATEGORY_BLURBS } from "./category-blurbs";

export type TeaserCategory = { id: string; fromPrice: number | null; count: number };

/** The category tiles section. */
export function ServicesTeaser({ categories }: { categories: TeaserCategory[] }) {
  return (
    <section aria-labelledby="services-teaser-heading" className="bg-brand-50">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 md:py-28 lg:px-8">
        <SectionHeading
          id="services-teaser-heading"
          eyebrow="What we offer"
          title="Our Treatments"
          intro="Results-driven treatments for face, body and wellbeing, delivered by specialists who understand your skin."
        />
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {categories.map((item) => {
            const category = findServiceCategory(item.id);
            if (!category) return null;
            return (
              <li key={item.id}>
                <Link
                  to={category.path}
                  className="group flex h-full flex-col rounded-2xl border border-brand-100 bg-white p-6 shadow-sm transition duration-300 hover:-translate-y-1 hover:shadow-xl"
                >
                  <h3 className="font-serif text-xl text-brand-900">{category.name}</h3>
                  <p className="mt-3 flex-1 text-sm leading-relaxed text-stone-600">
                    {CATEGORY_BLURBS[item.id]}
                  </p>
                  <p className="mt-5 flex items-center justify-between text-sm">
                    <span className="font-semibold text-brand-700">
                      {item.fromPrice
                        ? `From ${formatNaira(item.fromPrice)}`
                        : `${item.count} treatments`}
                    </span>
                    <ArrowRight
                      className="h-4 w-4 text-brand-700 transition-transform group-hover:translate-x-1"
                      aria-hidden
                    />
                  </p>
                </Link>
              </li>
            );
          })}
        </ul>
        <div className="mt-12 text-center">
          <Link to="/services" className={buttonClassName({ variant: "outline", size: "lg" })}>
            Explore All Treatments
          </Link>
        </div>
      </div>
    </section>
  );
}
