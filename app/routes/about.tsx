/**
 * /about: the clinic's story, mission, values, why choose us, testimonials and a call to action
 * (storefront spec §2 "/about").
 */
import { Award, HeartHandshake, Leaf, ShieldCheck, Sparkles, Users } from "lucide-react";
import { Link } from "react-router";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { BookAppointmentCta } from "#app/features/catalog/book-appointment-cta.tsx";
import { Testimonials } from "#app/features/home/testimonials.tsx";
import { clinicJsonLd, originFrom, pageMeta } from "#app/features/seo/meta.ts";
import { BUSINESS } from "#common/business.ts";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) => {
  const origin = originFrom(matches);
  return pageMeta({
    title: "About Us | Glow Haven Skin & Wellness Clinic, Victoria Island",
    description:
      "Meet Glow Haven, a skincare, aesthetics and wellness clinic in Victoria Island, Lagos: our story, mission, values and why clients trust us with melanin-rich skin.",
    path: "/about",
    origin,
    extra: [clinicJsonLd(origin)],
  });
};

const VALUES = [
  {
    icon: ShieldCheck,
    title: "Safety first",
    text: "Clinical hygiene, trained clinicians and a consultation before every advanced treatment.",
  },
  {
    icon: HeartHandshake,
    title: "Honesty",
    text: "Clear naira prices, realistic results and no pressure to buy what you do not need.",
  },
  {
    icon: Sparkles,
    title: "Excellence",
    text: "Proven technology and medical-grade products, used by people who keep learning.",
  },
  {
    icon: Leaf,
    title: "Whole-person care",
    text: "Skin, body and mind: facials, IV therapy and massage that support each other.",
  },
];

const REASONS = [
  {
    icon: Award,
    title: "Experts in melanin-rich skin",
    text: "Protocols, lasers and peels chosen to treat darker skin tones without hyperpigmentation.",
  },
  {
    icon: Users,
    title: "A team that listens",
    text: "Every plan starts with a consultation, free for first-time clients.",
  },
  {
    icon: ShieldCheck,
    title: "Medical-grade standards",
    text: "Sterile single-use consumables, documented treatment records and aftercare you can reach.",
  },
  {
    icon: Sparkles,
    title: "Calm in the middle of VI",
    text: `Open ${BUSINESS.openingHours.weekdays} Monday to Saturday, minutes from Ikoyi and Lekki.`,
  },
];

/** The about page. */
export default function AboutPage() {
  return (
    <main id="main">
      <div className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 pb-12 pt-16 sm:px-6 sm:pt-20 lg:px-8">
          <SectionHeading
            as="h1"
            eyebrow="About Us"
            title={`About ${BUSINESS.name}`}
            intro="Skin, aesthetics and wellness care in Victoria Island, built on clinical standards and genuine warmth."
          />
        </div>
      </div>

      <section aria-labelledby="story-heading" className="bg-white">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:px-8">
          <img
            src="/images/reception.svg"
            alt={`The reception of ${BUSINESS.shortName} in Victoria Island`}
            width={800}
            height={600}
            loading="lazy"
            className="w-full rounded-3xl shadow-lg"
          />
          <div>
            <h2 id="story-heading" className="font-serif text-3xl text-brand-900 sm:text-4xl">
              Our Story
            </h2>
            <p className="mt-5 text-base leading-relaxed text-stone-700">
              {BUSINESS.shortName} began with a simple frustration: too many Lagos clients were
              leaving beauty appointments with irritated skin, dark marks and no one to call
              afterwards. Our founders, a dermatology nurse and a wellness therapist, opened a
              clinic where medical know-how and spa comfort sit in the same room.
            </p>
            <p className="mt-4 text-base leading-relaxed text-stone-700">
              Today our team of clinicians, aestheticians, therapists and a dental hygienist cares
              for clients from across Lagos, from a first facial to laser, IV therapy and body
              sculpting programmes.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="mission-heading" className="bg-brand-900">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6">
          <h2 id="mission-heading" className="font-serif text-3xl text-white sm:text-4xl">
            Our Mission
          </h2>
          <p className="mt-5 text-lg leading-relaxed text-brand-100">
            To help every client feel confident in their skin, with safe, evidence-based treatments,
            honest advice and care that continues long after the appointment ends.
          </p>
        </div>
      </section>

      <section aria-labelledby="values-heading" className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
          <SectionHeading id="values-heading" eyebrow="What guides us" title="Our Values" />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {VALUES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl border border-brand-100 p-6 shadow-sm">
                <Icon className="h-8 w-8 text-brand-700" aria-hidden />
                <h3 className="mt-4 font-serif text-xl text-brand-900">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-stone-700">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="why-heading" className="bg-brand-50">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
          <SectionHeading
            id="why-heading"
            eyebrow="The Glow Haven difference"
            title="Why Choose Us"
          />
          <ul className="mt-12 grid gap-6 md:grid-cols-2">
            {REASONS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-5 rounded-2xl bg-white p-6 shadow-sm">
                <span className="grid h-12 w-12 shrink-0 place-items-center rounded-full bg-brand-100 text-brand-700">
                  <Icon className="h-6 w-6" aria-hidden />
                </span>
                <div>
                  <h3 className="font-serif text-xl text-brand-900">{title}</h3>
                  <p className="mt-1.5 text-sm leading-relaxed text-stone-700">{text}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-12 text-center">
            <Link to="/services" className={buttonClassName({ variant: "outline", size: "lg" })}>
              View Our Treatments
            </Link>
          </div>
        </div>
      </section>

      <Testimonials id="about-testimonials" />
      <BookAppointmentCta />
    </main>
  );
}
