/**
 * Home banner 'You Owe Yourself This Moment' with 'MAKE AN APPOINTMENT' to /contact#booking
 * (storefront spec §2 "Home" 4).
 */
import { Link } from "react-router";
import { buttonClassName } from "#app/components/ui/button.tsx";

/** Full-width appointment banner. */
export function AppointmentBanner() {
  return (
    <section aria-labelledby="banner-heading" className="relative overflow-hidden bg-brand-800">
      <div
        aria-hidden
        className="absolute inset-0 bg-[radial-gradient(circle_at_20%_20%,rgba(234,210,184,0.25),transparent_45%),radial-gradient(circle_at_80%_80%,rgba(218,178,138,0.2),transparent_40%)]"
      />
      <div className="relative mx-auto max-w-4xl px-4 py-24 text-center sm:px-6">
        <p className="text-xs font-semibold uppercase tracking-[0.3em] text-brand-200">
          Self-care, scheduled
        </p>
        <h2 id="banner-heading" className="mt-4 font-serif text-4xl text-white sm:text-5xl">
          You Owe Yourself This Moment
        </h2>
        <p className="mx-auto mt-5 max-w-2xl text-base leading-relaxed text-brand-100">
          Step out of the Lagos rush and into an hour that is entirely yours. Our team will take
          care of the rest.
        </p>
        <div className="mt-10">
          <Link to="/contact#booking" className={buttonClassName({ variant: "light", size: "lg" })}>
            MAKE AN APPOINTMENT
          </Link>
        </div>
      </div>
    </section>
  );
}
