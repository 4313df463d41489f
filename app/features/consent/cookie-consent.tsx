/**
 * The cookie-consent banner and the consent-gated Meta Pixel (storefront issue "Shared
 * behaviour": the pixel loads only when the server supplies an id AND the visitor consented).
 * The banner shows until the visitor accepts or declines; 'Cookie settings' in the footer asks again.
 */
import { type MouseEvent, useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { type ConsentChoice, type ConsentState, useConsent, writeConsent } from "./consent-store";

// The pixel code loads only once a visitor has consented.
const pixel = () => import("./meta-pixel");

/** Starts or stops the pixel with the visitor's choice, and sends a PageView per navigation. */
function usePixelWithConsent(accepted: boolean) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (accepted) void pixel().then((m) => m.startMetaPixel());
    else if (window.fbq) void pixel().then((m) => m.stopMetaPixel());
  }, [accepted]);
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (!accepted || firstPath.current === pathname) return;
    firstPath.current = pathname;
    void pixel().then((m) => m.pixelPageView());
  }, [accepted, pathname]);
}

/**
 * Whether the banner (and its spacer) render, and the attribute that lets the stylesheet decide
 * before hydration: `data-consent-pending` while the choice is unknown (server and hydration),
 * nothing once no choice is known to be stored; null when a choice is stored.
 */
function bannerPending(consent: ConsentState): { "data-consent-pending"?: "" } | null {
  if (consent === "unknown") return { "data-consent-pending": "" };
  return consent === null ? {} : null;
}

/**
 * Banner (when no choice is stored) plus the pixel lifecycle. It is not positioned itself: the
 * site layout puts it at the bottom of its fixed strip of floating controls (FloatingControls),
 * below the advisor and scroll-to-top buttons, so that it never covers them. Before hydration
 * (issue 15 "LCP") the banner is in the server's HTML, so it paints with the page instead of appearing (and being
 * the page's largest paint) only once the scripts have run: the stylesheet hides it while it
 * carries `data-consent-pending` unless CONSENT_ASK_SCRIPT in the head found no choice stored;
 * without JavaScript it stays hidden, as before. After hydration React shows or removes it.
 */
export function CookieConsent() {
  const consent = useConsent();
  usePixelWithConsent(consent === "accepted");
  const pending = bannerPending(consent);
  const { pathname, search } = useLocation();
  if (!pending) return null;
  const returnTo = `${pathname}${search}`;
  const choose = (event: MouseEvent, choice: ConsentChoice) => {
    event.preventDefault();
    writeConsent(choice);
  };
  return (
    <div {...pending} className="pointer-events-auto xl:col-start-2 xl:row-start-1">
      <section
        aria-labelledby="cookie-consent-heading"
        className="mx-auto max-w-3xl rounded-2xl border border-brand-200 bg-white p-5 shadow-2xl sm:p-6"
      >
        <h2 id="cookie-consent-heading" className="font-serif text-lg text-brand-900">
          Cookies on this website
        </h2>
        <p className="mt-2 text-sm leading-relaxed text-stone-700">
          We use essential browser storage for your cart and wishlist. With your consent we also use
          the Meta Pixel to measure our adverts. Read our{" "}
          <Link to="/cookie-policy" className="text-brand-700 underline">
            Cookie Policy
          </Link>
          .
        </p>
        {/* A native form, so a tap before hydration still answers: the server sets the cookie and
            sends the visitor back (issue 33). Hydrated, the buttons store the choice in place. */}
        <form
          method="post"
          action="/api/cookie-consent"
          className="mt-4 flex flex-wrap justify-end gap-3"
        >
          <input type="hidden" name="returnTo" value={returnTo} />
          <button
            type="submit"
            name="choice"
            value="declined"
            onClick={(event) => choose(event, "declined")}
            className={buttonClassName({ variant: "outline" })}
          >
            Decline
          </button>
          <button
            type="submit"
            name="choice"
            value="accepted"
            onClick={(event) => choose(event, "accepted")}
            className={buttonClassName()}
          >
            Accept cookies
          </button>
        </form>
      </section>
    </div>
  );
}

/**
 * Room below the footer while the banner shows, so the fixed banner never hides the end of the
 * page; the same pending rule as the banner before hydration.
 */
export function CookieConsentSpacer() {
  const pending = bannerPending(useConsent());
  return pending && <div aria-hidden {...pending} className="h-72 sm:h-56" />;
}

/** Footer button that forgets the choice so the banner asks again. */
export function CookieSettingsButton({ className }: { className?: string }) {
  return (
    <button type="button" onClick={() => writeConsent(null)} className={className}>
      Cookie settings
    </button>
  );
}
