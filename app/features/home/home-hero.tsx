/**
 * Home hero: headline, intro, 'View Our Treatments' to /services, a side link to the clinic's
 * Instagram page and a scroll-down button to #intro (storefront spec §2 "Home" 1).
 */
import { ChevronDown, Clock, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { InstagramIcon } from "#app/components/ui/social-icons.tsx";
import { scrollToSection } from "#app/lib/scroll.ts";
import { BUSINESS } from "#common/business.ts";

/** The first screen of the home page. */
export function HomeHero({ image }: { image: string | null }) {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden bg-gradient-to-br from-brand-50 via-brand-100 to-brand-200"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute -right-24 -top-24 h-96 w-96 rounded-full bg-white/40 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 pb-24 pt-16 sm:px-6 md:pt-24 lg:grid-cols-[1.1fr_0.9fr] lg:px-8 lg:pb-32">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/70 px-4 py-1.5 text-xs font-semibold uppercase tracking-[0.2em] text-brand-700">
            <Sparkles className="h-3.5 w-3.5" aria-hidden />
            Victoria Island, Lagos
          </p>
          <h1
            id="hero-heading"
            className="mt-6 font-serif text-4xl leading-[1.1] text-brand-900 sm:text-5xl lg:text-6xl"
          >
            Radiant skin, expertly cared for
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-stone-700">
            {BUSINESS.name} brings medical-grade facials, laser, injectables, IV therapy and
            restorative massage together under one calm roof, with treatment plans designed for
            melanin-rich skin and the Lagos climate.
          </p>
          <div className="mt-10 flex flex-col gap-4 sm:flex-row">
            <Link to="/services" className={buttonClassName({ size: "lg" })}>
              View Our Treatments
            </Link>
            <Link
              to="/contact#booking"
              className={buttonClassName({ variant: "outline", size: "lg" })}
            >
              Book a Consultation
            </Link>
          </div>
          <a
            href={BUSINESS.socialMedia.instagram}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-8 inline-flex items-center gap-2 rounded-sm text-sm font-medium text-brand-800 underline-offset-4 hover:underline"
          >
            <InstagramIcon className="h-4 w-4" />
            Follow us on Instagram
          </a>
        </div>
        <HeroVisual image={image} />
      </div>
      <button
        type="button"
        aria-label="Scroll down to learn more"
        onClick={() => scrollToSection("intro")}
        className="absolute bottom-6 left-1/2 grid h-11 w-11 -translate-x-1/2 place-items-center rounded-full border border-brand-700/30 bg-white/70 text-brand-800 transition-colors hover:bg-white"
      >
        <ChevronDown className="h-5 w-5" aria-hidden />
      </button>
    </section>
  );
}

function HeroVisual({ image }: { image: string | null }) {
  return (
    <div className="relative mx-auto hidden w-full max-w-md lg:block">
      <div className="aspect-[4/5] overflow-hidden rounded-t-full rounded-b-3xl bg-brand-100 shadow-2xl ring-8 ring-white/60">
        {image && (
          <img src={image} alt="" width={600} height={600} className="h-full w-full object-cover" />
        )}
      </div>
      <div className="absolute -left-4 bottom-10 rounded-2xl bg-white px-5 py-4 shadow-xl sm:-left-10">
        <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-[0.2em] text-brand-700">
          <Clock className="h-4 w-4" aria-hidden />
          Opening hours
        </p>
        <p className="mt-1 text-sm font-medium text-brand-900">
          Mon-Sat {BUSINESS.openingHours.weekdays}
        </p>
      </div>
      <div className="absolute -right-2 top-10 max-w-[12rem] rounded-2xl bg-brand-800 px-5 py-4 text-white shadow-xl sm:-right-8">
        <p className="text-sm font-medium leading-snug">Free consultation for first-time clients</p>
      </div>
    </div>
  );
}
