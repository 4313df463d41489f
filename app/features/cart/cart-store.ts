/**
 * The cart in the browser's localStorage (storefront spec §3 "Cart item", §4 "Cart"): add merges
 * by id (quantity default 1), remove deletes by id, update sets a quantity (never below 1),
 * clear empties it; unparsable stored data is discarded and removed with the spec's log line.
 * Every change fires `cart-updated` so the header badge and other views follow
 * (app/lib/storage-counts.ts reads the same key).
 */
import { useSyncExternalStore } from "react";
import { CART_STORAGE_KEY, CART_UPDATED_EVENT } from "#app/lib/storage-counts.ts";
import { MAX_LINE_QUANTITY } from "#common/catalog.ts";

export type CartItem = {
  id: number;
  name: string;
  description: string;
  /** Naira, the price when added; the server reprices at checkout. */
  price: number;
  image: string;
  category: string;
  quantity: number;
};

const EMPTY: CartItem[] = [];
let cachedRaw: string | null = null;
let cachedItems: CartItem[] = EMPTY;

function isCartItem(value: unknown): value is CartItem {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === "number" &&
    typeof v.name === "string" &&
    typeof v.price === "number" &&
    typeof v.quantity === "number"
  );
}

/** The stored cart; [] on the server or when nothing is stored. */
export function readCart(): CartItem[] {
  if (typeof window === "undefined") return EMPTY;
  const raw = window.localStorage.getItem(CART_STORAGE_KEY);
  if (raw === cachedRaw) return cachedItems;
  cachedRaw = raw;
  if (raw === null) {
    cachedItems = EMPTY;
    return cachedItems;
  }
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) throw new Error("cart is not a list");
    cachedItems = parsed.filter(isCartItem).map((i) => ({
      ...i,
      description: typeof i.description === "string" ? i.description : "",
      image: typeof i.image === "string" ? i.image : "",
      category: typeof i.category === "string" ? i.category : "",
      quantity: Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.floor(i.quantity))),
    }));
  } catch (err) {
    // Spec §8: the broken cart is logged and removed, and the visitor starts with an empty one.
    console.warn("Failed to parse cart from localStorage:", err);
    window.localStorage.removeItem(CART_STORAGE_KEY);
    cachedRaw = null;
    cachedItems = EMPTY;
  }
  return cachedItems;
}

function writeCart(items: CartItem[]) {
  if (items.length === 0) window.localStorage.removeItem(CART_STORAGE_KEY);
  else window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  window.dispatchEvent(new Event(CART_UPDATED_EVENT));
}

/** Adds `quantity` (default 1) of `item`; an id already in the cart gets its quantity raised. */
export function addToCart(item: Omit<CartItem, "quantity">, quantity = 1) {
  const items = readCart();
  const existing = items.find((i) => i.id === item.id);
  const next = existing
    ? items.map((i) =>
        i.id === item.id
          ? { ...i, quantity: Math.min(MAX_LINE_QUANTITY, i.quantity + quantity) }
          : i,
      )
    : [...items, { ...item, quantity: Math.min(MAX_LINE_QUANTITY, quantity) }];
  writeCart(next);
}

/** Removes the line with `id`. */
export function removeFromCart(id: number) {
  writeCart(readCart().filter((i) => i.id !== id));
}

/** Sets the quantity of line `id`, kept between 1 and MAX_LINE_QUANTITY (what an order takes). */
export function updateCartQuantity(id: number, quantity: number) {
  const q = Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.floor(quantity)));
  writeCart(readCart().map((i) => (i.id === id ? { ...i, quantity: q } : i)));
}

/** Empties the cart. */
export function clearCart() {
  writeCart([]);
}

/** Sum of price × quantity, naira. */
export function cartSubtotal(items: readonly CartItem[]): number {
  return Math.round(items.reduce((sum, i) => sum + i.price * i.quantity, 0) * 100) / 100;
}

function subscribe(onChange: () => void) {
  window.addEventListener("storage", onChange);
  window.addEventListener(CART_UPDATED_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CART_UPDATED_EVENT, onChange);
  };
}

const serverSnapshot = () => EMPTY;

/** The cart lines, kept in sync with storage; [] during server rendering. */
export function useCartItems(): CartItem[] {
  return useSyncExternalStore(subscribe, readCart, serverSnapshot);
}
