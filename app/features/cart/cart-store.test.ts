/**
 * Cart rules of storefront spec §4 and §8 on a stand-in localStorage: add merges by id,
 * remove/update/clear, quantity never below 1, unparsable data discarded with the log line,
 * and every change announced with `cart-updated` (the header badge's event).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CART_STORAGE_KEY, CART_UPDATED_EVENT } from "#app/lib/storage-counts.ts";
import {
  addToCart,
  cartSubtotal,
  clearCart,
  readCart,
  removeFromCart,
  updateCartQuantity,
} from "./cart-store";

const product = (id: number, price = 1000) => ({
  id,
  name: `Product ${id}`,
  description: "A product",
  price,
  image: "/images/p.svg",
  category: "serums",
});

let events: string[];

beforeEach(() => {
  const store = new Map<string, string>();
  events = [];
  vi.stubGlobal("window", {
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    },
    dispatchEvent: (e: Event) => {
      events.push(e.type);
      return true;
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("cart store (spec §4 Cart)", () => {
  it("appends new ids and merges repeated ids by adding the quantity (default 1)", () => {
    addToCart(product(1));
    addToCart(product(2, 2500), 3);
    addToCart(product(1), 2);
    expect(readCart().map((i) => [i.id, i.quantity])).toEqual([
      [1, 3],
      [2, 3],
    ]);
    expect(cartSubtotal(readCart())).toBe(3 * 1000 + 3 * 2500);
    expect(events).toEqual([CART_UPDATED_EVENT, CART_UPDATED_EVENT, CART_UPDATED_EVENT]);
  });

  it("updates a quantity but never below 1, removes by id and clears", () => {
    addToCart(product(1));
    addToCart(product(2));
    updateCartQuantity(1, 5);
    updateCartQuantity(2, 0);
    expect(readCart().map((i) => i.quantity)).toEqual([5, 1]);
    removeFromCart(1);
    expect(readCart().map((i) => i.id)).toEqual([2]);
    clearCart();
    expect(readCart()).toEqual([]);
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it("discards unparsable stored data with the spec's log line", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    window.localStorage.setItem(CART_STORAGE_KEY, "{not json");
    expect(readCart()).toEqual([]);
    expect(warn).toHaveBeenCalledWith("Failed to parse cart from localStorage:", expect.anything());
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    warn.mockRestore();
  });
});
