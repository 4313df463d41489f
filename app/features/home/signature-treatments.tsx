/**
 * Signature-treatments teaser: three cards (Facial Treatments, Body Treatments, Massage Therapy)
 * to /services#facial, #body and #massage, and 'Explore All Treatments' (storefront spec §2 "Home" 3).
 */
import { ArrowRight, Flower2, Sparkles, Waves } from "lucide-react";
import { Link } from "react-router";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";

export const SIGNATURE_TREATMENTS = [
  {
    title: "Facial Treatments",
    href: "/services#facial",
    icon: Sparkles,
    text: "HydraFacials, brightening and acne facials that leave skin clear, calm and glowing.",
  },
  {
    title: "Body Treatments",
    href: "/services#body",
    icon: Waves,
    text: "Body sculpting, skin tightening and contouring to help you feel your best.",
  },
  {
    title: "Massage Therapy",
    href: "/services#massage",
    icon: Flower2,
    text: "Swedish, deep tissue and hot stone massage to release tension and restore balance.",
  },
] as const;

/** The three signature cards. */
export function SignatureTreatments() {
  return (
    <section aria-labelledby="signature-heading" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 md:py-24 lg:px-8">
        <SectionHeading
          id="signature-heading"
          eyebrow="Signature treatments"
          title="Our Most-Loved Treatments"
        />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {SIGNATURE_TREATMENTS.map(({ title, href, icon: Icon, text }) => (
            <li key={href}>
              <Link
                to={href}
                className="group flex h-full flex-col rounded-3xl bg-gradient-to-br from-brand-50 to-brand-100 p-8 transition duration-300 hover:-translate-y-1 hover:shadow-xl"
              >
                <Icon className="h-9 w-9 text-brand-700" aria-hidden />
                <h3 className="mt-6 font-serif text-2xl text-brand-900">{title}</h3>
                <p className="mt-3 flex-1 text-sm leading-relaxed text-stone-700">{text}</p>
                <span className="mt-6 inline-flex items-center gap-2 text-sm font-semibold text-brand-700">
                  Discover
                  <ArrowRight
                    className="h-4 w-4 transition-transform group-hover:translate-x-1"
                    aria-hidden
                  />
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-12 text-center">
          <Link to="/services" className={buttonClassName({ variant: "outline", size: "lg" })}>
            Explore All Treatments
          </Link>
        </div>
      </div>
    </section>
  );
}
