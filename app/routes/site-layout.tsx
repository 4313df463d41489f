/**
 * The shared public shell: skip link, header (with the contact bar), the page, footer and the
 * floating scroll-to-top button (storefront spec §1 "Shared behaviour of every page", §2).
 * Each page renders its own `<main id="main">`.
 */
import { Outlet } from "react-router";
import { TreatmentAdvisor } from "#app/features/advisor/advisor-launcher.tsx";
import { CartProvider } from "#app/features/cart/cart-context.tsx";
import { CookieConsent } from "#app/features/consent/cookie-consent.tsx";
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
      <TreatmentAdvisor />
      <CookieConsent />
    </div>
  );
}
