/**
 * Testimonials: cards with a star rating (full, half and empty stars), the quote, name and role.
 * A fixed list of three samples rated 5, 5 and 4.5 (storefront spec §2 "Testimonials", §3).
 */
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { StarRating } from "#app/components/ui/star-rating.tsx";

export type Testimonial = { id: number; name: string; role: string; text: string; rating: number };

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    id: 1,
    name: "Adaeze Okafor",
    role: "Banker, Lekki",
    text: "My skin has never looked this even. The team explained every step of my peel and checked on me afterwards. Worth every naira.",
    rating: 5,
  },
  {
    id: 2,
    name: "Tolu Bankole",
    role: "Entrepreneur, Ikoyi",
    text: "Laser hair removal that is actually safe for dark skin. Calm clinic, on-time appointments and honest advice about how many sessions I needed.",
    rating: 5,
  },
  {
    id: 3,
    name: "Chioma Eze",
    role: "Lawyer, Victoria Island",
    text: "The deep tissue massage after a long week is my favourite reset. Lovely staff; I only wish parking were easier.",
    rating: 4.5,
  },
];

/** The testimonials section. */
export function Testimonials({ id = "testimonials" }: { id?: string }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-20 bg-brand-50">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 md:py-28 lg:px-8">
        <SectionHeading
          id={`${id}-heading`}
          eyebrow="Testimonials"
          title="What Our Clients Say"
          intro="Real words from clients who trust us with their skin and wellbeing."
        />
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.id}>
              <figure className="flex h-full flex-col rounded-2xl bg-white p-7 shadow-sm">
                <StarRating rating={t.rating} />
                <blockquote className="mt-5 flex-1 text-base leading-relaxed text-stone-700">
                  <p>&ldquo;{t.text}&rdquo;</p>
                </blockquote>
                <figcaption className="mt-6 border-t border-brand-100 pt-5">
                  <span className="block font-serif text-lg text-brand-900">{t.name}</span>
                  <span className="block text-sm text-stone-600">{t.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
