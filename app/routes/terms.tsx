/**
 * /terms: the Terms and Conditions (storefront spec §2 "Policy pages"); the effective date shown is today's
 * Lagos date.
 */

import { TERMS_INTRO, TERMS_SECTIONS } from "#app/features/legal/policies.tsx";
import { PolicyPage } from "#app/features/legal/policy-page.tsx";
import { originFrom, pageMeta } from "#app/features/seo/meta.ts";
import { formatLagosLongDate } from "#common/lagos-time.ts";
import type { Route } from "./+types/terms";

/** Today's date in Lagos, so the server and the browser show the same effective date. */
export function loader() {
  return { effectiveDate: formatLagosLongDate(new Date()) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Terms and Conditions | Glow Haven Skin & Wellness Clinic",
    description:
      "Booking fee, 24-hour booking and cancellation policy, late arrival, treatments, shop orders, delivery and returns at Glow Haven Skin & Wellness Clinic, Lagos.",
    path: "/terms",
    origin: originFrom(matches),
  });

/** The Terms and Conditions page. */
export default function TermsPage({ loaderData }: Route.ComponentProps) {
  return (
    <PolicyPage
      title="Terms and Conditions"
      intro={TERMS_INTRO}
      effectiveDate={loaderData.effectiveDate}
      sections={TERMS_SECTIONS}
    />
  );
}
