/**
 * /: the home page for now: hero, about, services teaser, appointment banner and shop teaser,
 * rendered on the server from the catalogue (storefront spec §2 "Home"; the booking form,
 * testimonials and newsletter come with later issues).
 */

import { ShopTeaser } from "~/features/catalog/shop-teaser";
import { AppointmentBanner } from "~/features/home/appointment-banner";
import { TEASER_CATEGORY_IDS } from "~/features/home/category-blurbs";
import { HomeHero } from "~/features/home/home-hero";
import { HomeIntro } from "~/features/home/home-intro";
import { ServicesTeaser, type TeaserCategory } from "~/features/home/services-teaser";
import { numericPrice } from "../../common/catalog.ts";
import { appContext } from "../../server/context.ts";
import { listProducts, listServices } from "../../server/modules/catalog/service.ts";
import type { Route } from "./+types/home";

/** Home page products shown in the shop teaser (spec §9). */
const SHOP_TEASER_SIZE = 4;

/** Teaser categories with their lowest price, and four in-stock products. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const [services, products] = await Promise.all([listServices(db), listProducts(db)]);
  const categories: TeaserCategory[] = TEASER_CATEGORY_IDS.map((id) => {
    const prices = services
      .filter((s) => s.category === id)
      .map((s) => numericPrice(s.price))
      .filter((p): p is number => p !== null && p > 0);
    return {
      id,
      count: services.filter((s) => s.category === id).length,
      fromPrice: prices.length > 0 ? Math.min(...prices) : null,
    };
  });
  const featured = products.filter((p) => p.stock > 0).slice(0, SHOP_TEASER_SIZE);
  return { categories, featured };
}

export const meta: Route.MetaFunction = () => [
  { title: "Glow Haven Skin & Wellness Clinic | Medspa in Victoria Island, Lagos" },
  {
    name: "description",
    content:
      "Facials, laser hair removal, chemical peels, injectables, IV drips and massage in Victoria Island, Lagos. Book a consultation or shop clinic-approved skincare online.",
  },
  { property: "og:title", content: "Glow Haven Skin & Wellness Clinic, Victoria Island, Lagos" },
  { property: "og:type", content: "website" },
];

/** The home page. */
export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { categories, featured } = loaderData;
  return (
    <main id="main">
      <HomeHero image={featured[0]?.image ?? null} />
      <HomeIntro />
      <ServicesTeaser categories={categories} />
      <AppointmentBanner />
      <ShopTeaser products={featured} />
    </main>
  );
}
