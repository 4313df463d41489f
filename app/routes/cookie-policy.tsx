/**
 * /cookie-policy: the Cookie Policy (storefront spec §2 "Policy pages"); the effective date shown is today's
 * Lagos date.
 */

import { COOKIE_INTRO, COOKIE_SECTIONS } from "~/features/legal/policies";
import { lagosLongDate, PolicyPage } from "~/features/legal/policy-page";
import { originFrom, pageMeta } from "~/features/seo/meta";
import type { Route } from "./+types/cookie-policy";

/** Today's date in Lagos, so the server and the browser show the same effective date. */
export function loader() {
  return { effectiveDate: lagosLongDate() };
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
