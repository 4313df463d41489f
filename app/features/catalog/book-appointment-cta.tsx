/**
 * The book-appointment call to action (storefront spec §2 "/services" "A book-appointment call to
 * action"; §9 booking policy: book 24 hours ahead, free consultation for first-time clients).
 */
import { CalendarDays, Phone } from "lucide-react";
import { Link } from "react-router";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { BUSINESS } from "#common/business.ts";

/** Dark band with the booking link and the phone number. */
export function BookAppointmentCta({
  title = "Ready to book your appointment?",
}: {
  title?: string;
}) {
  return (
    <section aria-labelledby="book-cta-heading" className="bg-brand-900">
      <div className="mx-auto flex max-w-5xl flex-col items-center px-4 py-20 text-center sm:px-6">
        <CalendarDays className="h-10 w-10 text-brand-300" aria-hidden />
        <h2 id="book-cta-heading" className="mt-6 font-serif text-3xl text-white sm:text-4xl">
          {title}
        </h2>
        <p className="mt-4 max-w-2xl text-base leading-relaxed text-brand-200">
          Not sure which treatment is right for you? First-time clients enjoy a free consultation.
          Book at least 24 hours ahead and we will confirm your appointment by phone or email.
        </p>
        <div className="mt-10 flex flex-col gap-4 sm:flex-row">
          <Link to="/contact#booking" className={buttonClassName({ variant: "light", size: "lg" })}>
            Book an Appointment
          </Link>
          <a
            href={`tel:${BUSINESS.phone.replace(/\s+/g, "")}`}
            className={buttonClassName({ variant: "outline-light", size: "lg" })}
          >
            <Phone className="h-4 w-4" aria-hidden />
            Call {BUSINESS.phone}
          </a>
        </div>
      </div>
    </section>
  );
}
