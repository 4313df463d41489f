/**
 * The floating scroll-to-top button, shown once the page is scrolled more than 300 px
 * (storefront spec §1, §9); the site layout's FloatingControls strip places it bottom left, above
 * the cookie banner. Unlike the advisor button it does not hide over content on a phone
 * (decision 0285): it is 44 px in a corner, and a phone user far down a page needs it most there.
 */
import { ArrowUp } from "lucide-react";
import { useScrolledPast } from "#app/lib/use-scrolled-past.ts";
import { SCROLL_TO_TOP_AFTER_PX } from "./nav";

/** Scrolls the window back to the top (instantly when the user prefers reduced motion). */
export function ScrollToTopButton() {
  const visible = useScrolledPast(SCROLL_TO_TOP_AFTER_PX);
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label="Scroll to top"
      onClick={() => {
        const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
      }}
      className="pointer-events-auto grid h-11 w-11 xl:col-start-1 xl:row-start-1 place-items-center rounded-full bg-brand-700 text-white shadow-lg ring-1 ring-white/30 transition duration-300 hover:-translate-y-0.5 hover:bg-brand-800 starting:translate-y-2 starting:opacity-0"
    >
      <ArrowUp className="h-5 w-5" aria-hidden />
    </button>
  );
}
