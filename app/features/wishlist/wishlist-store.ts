/**
 * The wishlist in the browser's localStorage under `wishlist` (storefront spec §3 "Wishlist item",
 * §4 "Wishlist"): items with addedAt; every change fires `wishlist-updated`, which the header
 * badge (app/lib/storage-counts.ts) and this page's views listen to.
 */
import { useSyncExternalStore } from "react";
import { WISHLIST_STORAGE_KEY, WISHLIST_UPDATED_EVENT } from "#app/lib/storage-counts.ts";

export type WishlistItem = {
  id: number;
  name: string;
  description: string;
  price: number;
  image: string;
  category: string;
  /** ISO 8601 time it was added. */
  addedAt: string;
};

const EMPTY: WishlistItem[] = [];
let cachedRaw: string | null = null;
let cachedItems: WishlistItem[] = EMPTY;

/** The stored wishlist; [] on the server, when empty or unreadable. */
export function readWishlist(): WishlistItem[] {
  if (typeof window === "undefined") return EMPTY;
  const raw = window.localStorage.getItem(WISHLIST_STORAGE_KEY);
  if (raw === cachedRaw) return cachedItems;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw === null ? [] : JSON.parse(raw);
    cachedItems = Array.isArray(parsed)
      ? parsed.filter(
          (i): i is WishlistItem =>
            Boolean(i) && typeof i.id === "number" && typeof i.name === "string",
        )
      : EMPTY;
  } catch {
    cachedItems = EMPTY;
  }
  return cachedItems;
}

function writeWishlist(items: WishlistItem[]) {
  window.localStorage.setItem(WISHLIST_STORAGE_KEY, JSON.stringify(items));
  window.dispatchEvent(new Event(WISHLIST_UPDATED_EVENT));
}

export function isInWishlist(id: number): boolean {
  return readWishlist().some((i) => i.id === id);
}

/** Adds the item (once) with the current time. */
export function addToWishlist(item: Omit<WishlistItem, "addedAt">) {
  if (isInWishlist(item.id)) return;
  writeWishlist([...readWishlist(), { ...item, addedAt: new Date().toISOString() }]);
}

export function removeFromWishlist(id: number) {
  writeWishlist(readWishlist().filter((i) => i.id !== id));
}

function subscribe(onChange: () => void) {
  window.addEventListener("storage", onChange);
  window.addEventListener(WISHLIST_UPDATED_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(WISHLIST_UPDATED_EVENT, onChange);
  };
}

const serverSnapshot = () => EMPTY;

/** The wishlist, kept in sync with storage; [] during server rendering. */
export function useWishlist(): WishlistItem[] {
  return useSyncExternalStore(subscribe, readWishlist, serverSnapshot);
}
