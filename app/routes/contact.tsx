import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { useSearchParams } from "react-router";
import { BookingForm } from "#app/features/booking/booking-form.tsx";
import { LazyMap } from "#app/features/layout/lazy-map.tsx";
import { clinicJsonLd, originFrom, pageMeta } from "#app/features/seo/meta.ts";
import { useHashScroll } from "#app/lib/scroll.ts";
import { BUSINESS, CLINIC_DIRECTIONS_URL, CLINIC_WHATSAPP_URL } from "#common/business.ts";
import { bookingFormServices } from "#common/catalog.ts";
import { pageContext } from "#common/page-context.ts";
import type { Route } from "./+types/contact";

export async function loader({ context }: Route.LoaderArgs) {
  return { services: bookingFormServices(await context.get(pageContext).catalog.services()) };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const origin = originFrom(matches);
  return pageMeta({
    title: `Contact & Book an Appointment | ${BUSINESS.name}`,
    description: `Book a treatment at ${BUSINESS.name}, ${BUSINESS.address}. Call ${BUSINESS.phone} or request an appointment online.`,
    path: "/contact",
    origin,
    extra: [clinicJsonLd(origin)],
  });
};

/**
 * /contact: location, phone and email cards, the booking form (prefilled from ?category= and
 * ?service=; #booking scrolls to it with an 80 px offset), business hours and the lazily loaded
 * map (storefront spec §2 "/contact"); a directions link and a WhatsApp click-to-chat link
 * (issue 33).
 */
export default function Contact({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  useHashScroll();
  return (
    <main id="main" className="bg-brand-50">
      <section className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <h1 className="font-serif text-4xl text-brand-900 sm:text-5xl">Contact Us</h1>
        <p className="mt-3 max-w-2xl text-gray-700">
          Visit us in Victoria Island, call, or request an appointment below. Our team confirms
          every booking by phone or WhatsApp.
        </p>
        <div className="mt-8 grid gap-4 sm:grid-cols-3">
          <ContactCard icon={<MapPin aria-hidden className="h-5 w-5" />} title="Location">
            {BUSINESS.address}
            <a
              className="mt-2 block font-medium text-brand-700 underline underline-offset-2"
              href={CLINIC_DIRECTIONS_URL}
              target="_blank"
              rel="noopener noreferrer"
            >
              Get directions
            </a>
          </ContactCard>
          <ContactCard icon={<Phone aria-hidden className="h-5 w-5" />} title="Phone">
            <a
              className="underline-offset-2 hover:underline"
              href={`tel:${BUSINESS.phone.replace(/\s/g, "")}`}
            >
              {BUSINESS.phone}
            </a>
            <a
              className="mt-2 block font-medium text-brand-700 underline underline-offset-2"
              href={CLINIC_WHATSAPP_URL}
              target="_blank"
              rel="noopener noreferrer"
            >
              Chat on WhatsApp
            </a>
          </ContactCard>
          <ContactCard icon={<Mail aria-hidden className="h-5 w-5" />} title="Email">
            <a className="underline-offset-2 hover:underline" href={`mailto:${BUSINESS.email}`}>
              {BUSINESS.email}
            </a>
          </ContactCard>
        </div>
      </section>

      <section id="booking" aria-labelledby="booking-heading" className="scroll-mt-20 bg-white">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:py-16 lg:grid-cols-[2fr_1fr]">
          <div>
            <h2 id="booking-heading" className="font-serif text-3xl text-brand-900">
              Book an Appointment
            </h2>
            <p className="mt-2 mb-6 text-gray-700">
              Choose a treatment category, then the service, date and time that suit you.
            </p>
            <BookingForm
              services={loaderData.services}
              initialCategory={params.get("category")}
              initialService={params.get("service")}
              formName="contact-booking"
            />
          </div>
          <aside aria-labelledby="hours-heading" className="rounded-lg bg-brand-50 p-6">
            <h2
              id="hours-heading"
              className="flex items-center gap-2 text-lg font-semibold text-brand-900"
            >
              <Clock aria-hidden className="h-5 w-5" /> Business Hours
            </h2>
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="font-medium">Monday-Friday</dt>
              <dd>{BUSINESS.openingHours.weekdays}</dd>
              <dt className="font-medium">Saturday</dt>
              <dd>{BUSINESS.openingHours.saturday}</dd>
              <dt className="font-medium">Sunday</dt>
              <dd>{BUSINESS.openingHours.sunday}</dd>
            </dl>
            <h2 className="mt-8 text-lg font-semibold text-brand-900">Find Us</h2>
            <LazyMap className="mt-4 aspect-[4/3] w-full overflow-hidden rounded-lg" />
          </aside>
        </div>
      </section>
    </main>
  );
}

function ContactCard({
  icon,
  title,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <div className="rounded-lg bg-white p-5 shadow-sm">
      <h2 className="flex items-center gap-2 font-semibold text-brand-800">
        {icon}
        {title}
      </h2>
      <p className="mt-2 text-sm text-gray-700">{children}</p>
    </div>
  );
}
