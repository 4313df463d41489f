/**
 * Home intro (id="intro"): 'About Us', 'Our Approach' and a reception photo (storefront spec §2 "Home" 2).
 */
import { HeartHandshake, ShieldCheck, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { BUSINESS } from "#common/business.ts";

const PILLARS = [
  {
    icon: ShieldCheck,
    title: "Medical-grade care",
    text: "Treatments led by trained clinicians and therapists, with clinical hygiene standards.",
  },
  {
    icon: Sparkles,
    title: "Made for melanin-rich skin",
    text: "Protocols and products chosen to treat safely without triggering hyperpigmentation.",
  },
  {
    icon: HeartHandshake,
    title: "Honest advice",
    text: "A consultation first, clear prices in naira, and only what your skin actually needs.",
  },
];

/** The about-the-clinic section the hero's scroll button leads to. */
export function HomeIntro() {
  return (
    <section id="intro" aria-labelledby="about-heading" className="scroll-mt-20 bg-white">
      <div className="mx-auto grid max-w-7xl gap-14 px-4 py-20 sm:px-6 md:py-28 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="text-xs font-semibold uppercase tracking-[0.25em] text-brand-600">
            Welcome to {BUSINESS.shortName}
          </p>
          <h2 id="about-heading" className="mt-3 font-serif text-3xl text-brand-900 sm:text-4xl">
            About Us
          </h2>
          <p className="mt-5 text-base leading-relaxed text-stone-700">
            {BUSINESS.name} is a skincare, aesthetics and wellness centre on Adeola Odeku Street in
            Victoria Island. We combine advanced clinical treatments with the warmth of a day spa,
            so every visit feels unhurried, private and personal.
          </p>
          <h3 className="mt-10 font-serif text-2xl text-brand-900">Our Approach</h3>
          <p className="mt-4 text-base leading-relaxed text-stone-700">
            Every journey starts with listening. We assess your skin, your goals and your routine,
            then build a plan that blends in-clinic treatments with home care you can keep up with.
            Results should look like you, only more rested and radiant.
          </p>
          <Link
            to="/about"
            className="mt-8 inline-flex rounded-sm text-sm font-semibold uppercase tracking-[0.2em] text-brand-700 underline-offset-8 hover:underline"
          >
            More about us
          </Link>
        </div>
        <div className="grid content-center gap-6">
          <img
            src="/images/reception.svg"
            alt={`The reception of ${BUSINESS.shortName} in Victoria Island`}
            width={800}
            height={600}
            loading="lazy"
            decoding="async"
            className="w-full rounded-3xl shadow-lg"
          />
          <ul className="grid gap-5">
            {PILLARS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-5 rounded-2xl bg-brand-50 p-6">
                <span className="grid h-12 w-12 shrink-0 place-items-center rounded-full bg-white text-brand-700 shadow-sm">
                  <Icon className="h-6 w-6" aria-hidden />
                </span>
                <div>
                  <h3 className="font-serif text-xl text-brand-900">{title}</h3>
                  <p className="mt-1.5 text-sm leading-relaxed text-stone-700">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
