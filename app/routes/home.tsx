/**
 * /: the home page, sections in the spec's order: hero, about, services teaser, signature
 * treatments, the 'You Owe Yourself This Moment' banner, shop teaser, testimonials, then the
 * booking form and the newsletter form. A hash (/#booking) scrolls to its section with an 80 px
 * offset (storefront spec §2 "Home"). The teasers' data streams in behind their placeholders.
 */
import { Suspense } from "react";
import { Await } from "react-router";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import {
  ShopTeaser,
  ShopTeaserPlaceholder,
  ShopTeaserSection,
  teaserProducts,
} from "#app/features/catalog/shop-teaser.tsx";
import { AppointmentBanner } from "#app/features/home/appointment-banner.tsx";
import { TEASER_CATEGORY_IDS } from "#app/features/home/category-blurbs.ts";
import { HomeBookingForm, HomeNewsletterForm } from "#app/features/home/home-forms.tsx";
import { HomeHero } from "#app/features/home/home-hero.tsx";
import { HomeIntro } from "#app/features/home/home-intro.tsx";
import {
  ServicesTeaser,
  ServicesTeaserPlaceholder,
  type TeaserCategory,
} from "#app/features/home/services-teaser.tsx";
import { SignatureTreatments } from "#app/features/home/signature-treatments.tsx";
import { Testimonials } from "#app/features/home/testimonials.tsx";
import { clinicJsonLd, originFrom, pageMeta } from "#app/features/seo/meta.ts";
import { useHashScroll } from "#app/lib/scroll.ts";
import { bookingFormServices, numericPrice, type PublicService } from "#common/catalog.ts";
import { pageContext } from "#common/page-context.ts";
import type { Route } from "./+types/home";

function teaserCategories(services: readonly PublicService[]): TeaserCategory[] {
  return TEASER_CATEGORY_IDS.map((id) => {
    const inCategory = services.filter((s) => s.category === id);
    const prices = inCategory
      .map((s) => numericPrice(s.price))
      .filter((p): p is number => p !== null && p > 0);
    return {
      id,
      count: inCategory.length,
      fromPrice: prices.length > 0 ? Math.min(...prices) : null,
    };
  });
}

/** All services (booking form); the teasers' data as promises that stream in. */
export async function loader({ context }: Route.LoaderArgs) {
  const { catalog } = context.get(pageContext);
  const pending = catalog.services();
  const products = catalog.products().then(teaserProducts);
  return {
    services: bookingFormServices(await pending),
    categories: pending.then(teaserCategories),
    products,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const origin = originFrom(matches);
  return pageMeta({
    title: "Glow Haven Skin & Wellness Clinic | Medspa in Victoria Island, Lagos",
    description:
      "Facials, laser hair removal, chemical peels, injectables, IV drips and massage in Victoria Island, Lagos. Book a consultation or shop clinic-approved skincare online.",
    path: "/",
    origin,
    extra: [clinicJsonLd(origin)],
  });
};

/** The home page. */
export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { services, categories, products } = loaderData;
  useHashScroll();
  return (
    <main id="main">
      <HomeHero image="/images/hero.svg" />
      <HomeIntro />
      <section
        id="services"
        aria-labelledby="services-teaser-heading"
        className="scroll-mt-20 bg-brand-50"
      >
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 md:py-28 lg:px-8">
          <SectionHeading
            id="services-teaser-heading"
            eyebrow="What we offer"
            title="Our Treatments"
            intro="Results-driven treatments for face, body and wellbeing. Choose a category to learn more."
          />
          <Suspense fallback={<ServicesTeaserPlaceholder />}>
            <Await resolve={categories}>
              {(resolved) => <ServicesTeaser categories={resolved} />}
            </Await>
          </Suspense>
        </div>
      </section>
      <SignatureTreatments />
      <AppointmentBanner />
      <ShopTeaserSection>
        <Suspense fallback={<ShopTeaserPlaceholder />}>
          <Await resolve={products}>{(resolved) => <ShopTeaser products={resolved} />}</Await>
        </Suspense>
      </ShopTeaserSection>
      <Testimonials />
      <section
        id="booking"
        aria-labelledby="home-booking-heading"
        className="scroll-mt-20 bg-white"
      >
        <div className="mx-auto max-w-4xl px-4 py-20 sm:px-6 md:py-24">
          <SectionHeading
            id="home-booking-heading"
            eyebrow="Appointments"
            title="Book an Appointment"
            intro="Choose a treatment category, then the service, date and time that suit you. We will contact you to confirm."
          />
          <div className="mt-10">
            <HomeBookingForm services={services} />
          </div>
        </div>
      </section>
      <section
        id="newsletter"
        aria-labelledby="newsletter-heading"
        className="scroll-mt-20 bg-brand-800"
      >
        <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
          <h2 id="newsletter-heading" className="text-center font-serif text-3xl text-white">
            Join Our Newsletter
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-center text-brand-100">
            Skincare tips for Lagos weather, new treatments and members-only offers, once a month.
          </p>
          <div className="mt-8">
            <HomeNewsletterForm />
          </div>
        </div>
      </section>
    </main>
  );
}
