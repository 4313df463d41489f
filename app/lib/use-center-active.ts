/**
 * Keeps the active item of a horizontally scrolling strip (tabs, filter pills) in view on small
 * screens, without scrolling the page vertically.
 */
import { type RefObject, useEffect } from "react";

/** Centres the child matching `selector` inside `ref`'s element whenever `key` changes. */
export function useCenterActive(
  ref: RefObject<HTMLElement | null>,
  selector: string,
  key: unknown,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the active item changes
  useEffect(() => {
    const strip = ref.current;
    const item = strip?.querySelector<HTMLElement>(selector);
    if (!strip || !item || strip.scrollWidth <= strip.clientWidth) return;
    strip.scrollTo({ left: item.offsetLeft - (strip.clientWidth - item.offsetWidth) / 2 });
  }, [ref, selector, key]);
}
