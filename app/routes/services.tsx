/**
 * /services: the treatments page with the 12 category tabs, service cards, the details dialog and
 * a booking call to action, rendered on the server from the catalogue (storefront spec §2).
 */

import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { BookAppointmentCta } from "#app/features/catalog/book-appointment-cta.tsx";
import { ServiceCategoryTabs } from "#app/features/catalog/service-category-tabs.tsx";
import { originFrom, pageMeta } from "#app/features/seo/meta.ts";
import { pageContext } from "#common/page-context.ts";
import type { Route } from "./+types/services";

/** All services, and the service to highlight from ?highlight={serviceId}. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const highlight = new URL(request.url).searchParams.get("highlight");
  const highlightId = highlight && /^\d+$/.test(highlight) ? Number(highlight) : null;
  return { services: await context.get(pageContext).catalog.services(), highlightId };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Treatments & Prices | Glow Haven Skin & Wellness Clinic",
    description:
      "Facials, chemical peels, microneedling, laser hair removal, IV drips, massage, body sculpting, dental and injectable treatments in Victoria Island, Lagos, with prices in naira.",
    path: "/services",
    origin: originFrom(matches),
  });

/** The treatments page. */
export default function ServicesPage({ loaderData }: Route.ComponentProps) {
  const { services, highlightId } = loaderData;
  return (
    <main id="main">
      <div className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 pb-10 pt-16 sm:px-6 sm:pt-20 lg:px-8">
          <SectionHeading
            as="h1"
            eyebrow="Our Treatments"
            title="Treatments tailored to your skin"
            intro="From a monthly glow-up facial to laser hair removal and restorative IV drips, every treatment is carried out by trained therapists and clinicians, with prices shown up front."
          />
        </div>
      </div>
      <div className="mx-auto max-w-7xl px-4 pb-24 sm:px-6 lg:px-8">
        <ServiceCategoryTabs services={services} highlightId={highlightId} />
      </div>
      <BookAppointmentCta />
    </main>
  );
}
