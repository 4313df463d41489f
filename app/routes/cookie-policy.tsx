/**
 * /cookie-policy: the Cookie Policy (storefront spec §2 "Policy pages"); the effective date shown is today's
 * Lagos date.
 */

import { COOKIE_INTRO, COOKIE_SECTIONS } from "#app/features/legal/policies.tsx";
import { PolicyPage } from "#app/features/legal/policy-page.tsx";
import { originFrom, pageMeta } from "#app/features/seo/meta.ts";
import { formatLagosLongDate } from "#common/lagos-time.ts";
import type { Route } from "./+types/cookie-policy";

/** Today's date in Lagos, so the server and the browser show the same effective date. */
export function loader() {
  return { effectiveDate: formatLagosLongDate(new Date()) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Cookie Policy | Glow Haven Skin & Wellness Clinic",
    description:
      "The cookies and browser storage the Glow Haven website uses, the Meta Pixel that loads only with your consent, and how to change your choice.",
    path: "/cookie-policy",
    origin: originFrom(matches),
  });

/** The Cookie Policy page. */
export default function CookiePolicyPage({ loaderData }: Route.ComponentProps) {
  return (
    <PolicyPage
      title="Cookie Policy"
      intro={COOKIE_INTRO}
      effectiveDate={loaderData.effectiveDate}
      sections={COOKIE_SECTIONS}
    />
  );
}
