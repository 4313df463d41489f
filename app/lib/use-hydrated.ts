/**
 * True in the browser after hydration, false on the server and during hydration: for parts that
 * are rendered on the client only (below-the-fold forms loaded on demand) or that show stored
 * data (cart, wishlist) which the server cannot know.
 */
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** Whether this render happens in the hydrated browser app. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
