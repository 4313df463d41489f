/**
 * Whether the window is scrolled further down than a threshold, e.g. the compact header at 50 px
 * and the scroll-to-top button at 300 px (storefront spec §1, §4 "Header", §9). False on the
 * server and during hydration.
 */
import { useCallback, useSyncExternalStore } from "react";

function subscribeScroll(onChange: () => void) {
  window.addEventListener("scroll", onChange, { passive: true });
  window.addEventListener("resize", onChange);
  return () => {
    window.removeEventListener("scroll", onChange);
    window.removeEventListener("resize", onChange);
  };
}

/** True once `window.scrollY` exceeds `threshold` pixels. */
export function useScrolledPast(threshold: number): boolean {
  const getSnapshot = useCallback(() => window.scrollY > threshold, [threshold]);
  return useSyncExternalStore(subscribeScroll, getSnapshot, () => false);
}
