/**
 * Layout of the static policy pages (storefront spec §2 "Policy pages"): a heading, the effective
 * date (today's Lagos date, computed by the loader so server and browser agree), a table of
 * contents and numbered sections.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { BUSINESS } from "#common/business.ts";

export type PolicySection = { id: string; title: string; body: ReactNode };

/** One policy document. */
export function PolicyPage({
  title,
  intro,
  effectiveDate,
  sections,
}: {
  title: string;
  intro: ReactNode;
  /** Human date, e.g. '21 November 2026'. */
  effectiveDate: string;
  sections: PolicySection[];
}) {
  return (
    <main id="main" className="bg-white">
      <div className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-3xl px-4 pb-8 pt-14 sm:px-6 sm:pt-20">
          <p className="text-xs font-semibold uppercase tracking-[0.25em] text-brand-700">
            {BUSINESS.shortName} policies
          </p>
          <h1 className="mt-3 font-serif text-4xl text-brand-900 sm:text-5xl">{title}</h1>
          <p className="mt-4 text-sm text-stone-700">
            Effective date: <time data-testid="effective-date">{effectiveDate}</time>
          </p>
          <div className="mt-6 text-base leading-relaxed text-stone-700">{intro}</div>
        </div>
      </div>
      <div className="mx-auto max-w-3xl px-4 pb-24 sm:px-6">
        <nav aria-label="On this page" className="rounded-2xl bg-brand-50 p-5 sm:p-6">
          <h2 className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-900">
            On this page
          </h2>
          <ol className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="text-brand-800 underline-offset-4 hover:underline"
                >
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-heading`}
            className="mt-10 scroll-mt-24"
          >
            <h2 id={`${section.id}-heading`} className="font-serif text-2xl text-brand-900">
              {index + 1}. {section.title}
            </h2>
            <div className="mt-3 space-y-3 text-base leading-relaxed text-stone-700 [&_a]:text-brand-700 [&_a]:underline [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-1.5">
              {section.body}
            </div>
          </section>
        ))}
        <p className="mt-12 rounded-2xl border border-brand-100 p-5 text-sm text-stone-700">
          Questions about this policy? Email{" "}
          <a className="text-brand-700 underline" href={`mailto:${BUSINESS.email}`}>
            {BUSINESS.email}
          </a>
          , call {BUSINESS.phone}, or visit us at {BUSINESS.address}. You can also use our{" "}
          <Link className="text-brand-700 underline" to="/contact">
            contact page
          </Link>
          .
        </p>
      </div>
    </main>
  );
}
