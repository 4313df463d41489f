/**
 * /privacy: the Privacy Policy (storefront spec §2 "Policy pages"); the effective date shown is today's
 * Lagos date.
 */

import { PRIVACY_INTRO, PRIVACY_SECTIONS } from "#app/features/legal/policies.tsx";
import { PolicyPage } from "#app/features/legal/policy-page.tsx";
import { originFrom, pageMeta } from "#app/features/seo/meta.ts";
import { formatLagosLongDate } from "#common/lagos-time.ts";
import type { Route } from "./+types/privacy";

/** Today's date in Lagos, so the server and the browser show the same effective date. */
export function loader() {
  return { effectiveDate: formatLagosLongDate(new Date()) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Privacy Policy | Glow Haven Skin & Wellness Clinic",
    description:
      "How Glow Haven Skin & Wellness Clinic collects, uses and protects your personal data under the Nigeria Data Protection Act 2023, and the rights you have.",
    path: "/privacy",
    origin: originFrom(matches),
  });

/** The Privacy Policy page. */
export default function PrivacyPolicyPage({ loaderData }: Route.ComponentProps) {
  return (
    <PolicyPage
      title="Privacy Policy"
      intro={PRIVACY_INTRO}
      effectiveDate={loaderData.effectiveDate}
      sections={PRIVACY_SECTIONS}
    />
  );
}
