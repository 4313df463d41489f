/**
 * Scrolling to a section below the sticky header: 80 px offset for hashes on the home and contact
 * pages and the booking links (storefront spec §2 "Home", "/contact", §9 "booking scroll offset").
 */
import { useEffect } from "react";
import { useLocation } from "react-router";

/** Room kept above a section scrolled to, for the sticky header (spec §9). */
export const SECTION_SCROLL_OFFSET_PX = 80;

function prefersReducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Scrolls the window so the element with `id` starts `offset` px below the top of the viewport.
 * @returns false when there is no such element.
 */
export function scrollToSection(
  id: string,
  { offset = SECTION_SCROLL_OFFSET_PX, smooth = true }: { offset?: number; smooth?: boolean } = {},
): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const top = target.getBoundingClientRect().top + window.scrollY - offset;
  window.scrollTo({ top, behavior: smooth && !prefersReducedMotion() ? "smooth" : "auto" });
  return true;
}

/** When the settling scrolls to a hash target happen (ms after the navigation). */
const SETTLE_DELAYS_MS = [300, 800];

/**
 * Scrolls to the section named by the address's hash (e.g. /#booking, /contact#booking) once the
 * page has rendered, and again whenever the hash changes.
 */
export function useHashScroll(): void {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run on every navigation
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ""));
    if (!id) return;
    // After the browser's own hash jump, and again while late content (fonts, forms loaded after
    // hydration) settles, until the visitor scrolls or types themselves.
    const frame = requestAnimationFrame(() => scrollToSection(id, { smooth: false }));
    const timers = SETTLE_DELAYS_MS.map((ms) =>
      setTimeout(() => scrollToSection(id, { smooth: false }), ms),
    );
    const stop = () => {
      for (const t of timers) clearTimeout(t);
    };
    const events = ["wheel", "touchstart", "keydown", "mousedown"] as const;
    for (const e of events) window.addEventListener(e, stop, { once: true, passive: true });
    return () => {
      cancelAnimationFrame(frame);
      stop();
      for (const e of events) window.removeEventListener(e, stop);
    };
  }, [hash, key]);
}
