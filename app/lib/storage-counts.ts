/**
 * Header badge counts read from the browser's localStorage (storefront spec §2 "Header",
 * §4 "Cart" and "Wishlist"): the wishlist badge is the length of the `wishlist` array, the cart
 * badge the number of distinct lines of the `cart` array. Counts refresh on `storage` events
 * (other tabs) and on the `wishlist-updated` / `cart-updated` window events (this tab). The
 * server snapshot is 0, so the first client render matches the server HTML.
 */
import { useSyncExternalStore } from "react";

export const WISHLIST_STORAGE_KEY = "wishlist";
export const CART_STORAGE_KEY = "cart";
export const WISHLIST_UPDATED_EVENT = "wishlist-updated";
export const CART_UPDATED_EVENT = "cart-updated";

function readArray(key: string): unknown[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(key) ?? "[]");
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

/** Number of distinct lines: items with the same id count once. */
function distinctLines(items: unknown[]): number {
  const ids = new Set<unknown>();
  let withoutId = 0;
  for (const item of items) {
    if (item && typeof item === "object" && "id" in item) ids.add(item.id);
    else withoutId += 1;
  }
  return ids.size + withoutId;
}

function subscribeTo(event: string) {
  return (onChange: () => void) => {
    window.addEventListener("storage", onChange);
    window.addEventListener(event, onChange);
    return () => {
      window.removeEventListener("storage", onChange);
      window.removeEventListener(event, onChange);
    };
  };
}

const subscribeWishlist = subscribeTo(WISHLIST_UPDATED_EVENT);
const subscribeCart = subscribeTo(CART_UPDATED_EVENT);
const serverSnapshot = () => 0;

/** Number of items in the stored wishlist (0 on the server). */
export function useWishlistCount(): number {
  return useSyncExternalStore(
    subscribeWishlist,
    () => readArray(WISHLIST_STORAGE_KEY).length,
    serverSnapshot,
  );
}

/** Number of distinct cart lines in the stored cart (0 on the server). */
export function useCartCount(): number {
  return useSyncExternalStore(
    subscribeCart,
    () => distinctLines(readArray(CART_STORAGE_KEY)),
    serverSnapshot,
  );
}
