/**
 * Animates an element into view once, when about 20 % of it becomes visible (storefront spec §2
 * "Booking form ... animates into view once at about 20 percent visibility"). The server and
 * browsers without IntersectionObserver, or with reduced motion, show it without animation, so the
 * content never depends on JavaScript.
 */
import { type RefObject, useEffect, useRef, useState } from "react";

/** Visibility fraction that triggers the animation. */
export const REVEAL_THRESHOLD = 0.2;

export type RevealPhase = "static" | "hidden" | "shown";

/** A ref for the element and its phase; style 'hidden' as off-screen, 'shown' as animated in. */
export function useReveal<T extends HTMLElement>(): {
  ref: RefObject<T | null>;
  phase: RevealPhase;
} {
  const ref = useRef<T | null>(null);
  const [phase, setPhase] = useState<RevealPhase>("static");
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    setPhase("hidden");
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setPhase("shown");
          observer.disconnect();
        }
      },
      { threshold: REVEAL_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, phase };
}

/** Tailwind classes for each phase. */
export function revealClassName(phase: RevealPhase): string {
  if (phase === "hidden") return "translate-y-8 opacity-0";
  if (phase === "shown") return "translate-y-0 opacity-100 transition duration-700 ease-out";
  return "";
}
