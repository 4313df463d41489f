/**
 * The shared public shell: skip link, header (with the contact bar), the page, footer, and the
 * floating controls: scroll-to-top, Treatment Advisor, cookie banner (storefront spec §1 "Shared
 * behaviour of every page", §2).
 * Each page renders its own `<main id="main">`.
 */
import { Outlet } from "react-router";
import { TreatmentAdvisor } from "#app/features/advisor/advisor-launcher.tsx";
import { CartProvider } from "#app/features/cart/cart-context.tsx";
import { CookieConsent, CookieConsentSpacer } from "#app/features/consent/cookie-consent.tsx";
import { ScrollToTopButton } from "#app/features/layout/scroll-to-top-button.tsx";
import { SiteFooter } from "#app/features/layout/site-footer.tsx";
import { SiteHeader } from "#app/features/layout/site-header.tsx";

/** Layout route wrapping every public page. */
export default function SiteLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <a
        href="#main"
        className="fixed left-4 top-4 z-50 -translate-y-[200%] rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white shadow-lg focus:translate-y-0"
      >
        Skip to main content
      </a>
      <SiteHeader />
      <div className="flex flex-1 flex-col [&>main]:flex-1">
        <CartProvider>
          <Outlet />
        </CartProvider>
      </div>
      <SiteFooter />
      {/* Below 1024 px the advisor button hides over content (float-clear.ts); at the page's
          end it sits over this strip, so it can always be reached. */}
      <div aria-hidden className="h-20 bg-white lg:hidden" />
      <CookieConsentSpacer />
      <FloatingControls />
    </div>
  );
}

/**
 * One fixed strip along the bottom for everything that floats: scroll-to-top (left) and the
 * Treatment Advisor (right) on a row, the cookie banner below them; from 1280 px, where the
 * banner leaves room at both sides, one row with the banner in the middle. Stacked in one box,
 * the banner moves the buttons instead of covering them, at every width and before hydration
 * too (no measuring script, so nothing shifts). The strip lets clicks through between its
 * controls. Below 1024 px the button row steps aside while a field or a form of the page has
 * focus, so on a phone it never covers what is being typed (issue 33), nor reappears under the
 * finger that taps the form's submit button; CSS only, so before hydration too. Nor does the
 * advisor button cover the page while scrolling: it hides while content lies under it
 * (app/lib/float-clear.ts, a head script, decision 0285), and a phone-only strip under the footer
 * leaves it a clear spot. Scroll-to-top stays shown once the page is scrolled (spec §1): a small
 * corner button, needed exactly when the page is far down.
 */
function FloatingControls() {
  return (
    <div
      data-float-strip
      className="pointer-events-none fixed inset-x-3 bottom-3 z-40 flex flex-col gap-3 sm:inset-x-6 sm:bottom-6 xl:grid xl:grid-cols-[1fr_minmax(0,48rem)_1fr] xl:items-end"
    >
      <div className="flex items-end max-lg:[body:has(main_:is(form:focus-within,input:focus,select:focus,textarea:focus))_&]:hidden xl:contents">
        <ScrollToTopButton />
        <TreatmentAdvisor />
      </div>
      <CookieConsent />
    </div>
  );
}
