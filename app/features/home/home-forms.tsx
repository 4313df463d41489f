/**
 * The home page's booking and newsletter forms, loaded when they come near the viewport or the
 * visitor first interacts (app/lib/use-load-when-near.ts) so their form and validation libraries
 * (@mantine/form, zod) stay out of the home page's first-load JavaScript (issue 15:
 * 120 KB). Both sit far below the fold; until they load, a placeholder of about the same height
 * links to /contact, which also serves visitors without JavaScript.
 */
import { lazy, type Ref, Suspense, useRef } from "react";
import { Link } from "react-router";
import { useLoadWhenNear } from "#app/lib/use-load-when-near.ts";
import type { PublicService } from "#common/catalog.ts";

const BookingForm = lazy(() =>
  import("#app/features/booking/booking-form.tsx").then((m) => ({ default: m.BookingForm })),
);
const NewsletterForm = lazy(() =>
  import("#app/features/newsletter/newsletter-form.tsx").then((m) => ({
    default: m.NewsletterForm,
  })),
);

function BookingPlaceholder({ ref }: { ref?: Ref<HTMLDivElement> }) {
  return (
    <div
      ref={ref}
      className="grid min-h-[58rem] place-items-center rounded-2xl bg-brand-50 p-8 text-center sm:min-h-[36rem]"
    >
      <p className="text-stone-700">
        Loading the booking form… You can also{" "}
        <Link to="/contact#booking" className="text-brand-700 underline">
          book on our contact page
        </Link>
        .
      </p>
    </div>
  );
}

/** The booking form of the home page. */
export function HomeBookingForm({ services }: { services: readonly PublicService[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const load = useLoadWhenNear(ref);
  if (!load) return <BookingPlaceholder ref={ref} />;
  return (
    <Suspense fallback={<BookingPlaceholder />}>
      <BookingForm services={services} formName="home-booking" />
    </Suspense>
  );
}

function NewsletterPlaceholder({ ref }: { ref?: Ref<HTMLDivElement> }) {
  return <div ref={ref} aria-hidden className="min-h-[9.5rem] sm:min-h-[7.5rem]" />;
}

/** The newsletter form of the home page. */
export function HomeNewsletterForm() {
  const ref = useRef<HTMLDivElement>(null);
  const load = useLoadWhenNear(ref);
  if (!load) return <NewsletterPlaceholder ref={ref} />;
  return (
    <Suspense fallback={<NewsletterPlaceholder />}>
      <NewsletterForm tone="dark" />
    </Suspense>
  );
}
