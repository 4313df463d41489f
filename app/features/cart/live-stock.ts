/**
 * Stock where the client decides (issue 33): the cart and the wishlist read the shop's stock when
 * shown and whenever their lines change, so a sold-out or reduced line is flagged before
 * checkout, not refused at it. GET /api/products answers the units a buyer can take now: the
 * shelf less live checkout reservations (server/db/stock.ts), revalidated by ETag.
 */
import { useEffect, useState } from "react";
import { apiRequest } from "#app/lib/api.ts";
import { MAX_LINE_QUANTITY } from "#common/catalog.ts";

/** Units a buyer can take now, by product id; a product missing from it is no longer sold. */
export type StockById = ReadonlyMap<number, number>;

/**
 * The shop's current stock, read on mount and again whenever `key` changes (e.g. the cart's lines
 * as text); null until the first answer, or when it failed (then nothing is flagged: the server
 * still checks at checkout).
 */
export function useLiveStock(key: string): StockById | null {
  const [stock, setStock] = useState<StockById | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read when the lines change
  useEffect(() => {
    let live = true;
    apiRequest<{ id: number; stock: number }[]>("GET", "/api/products")
      .then((products) => {
        if (live) setStock(new Map(products.map((p) => [p.id, p.stock])));
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [key]);
  return stock;
}

/** A cart line against the stock: fine, more than is left ('reduced'), or none left. */
export type LineStock =
  | { state: "ok"; available: number }
  | { state: "reduced"; available: number }
  | { state: "sold-out"; available: 0 };

/** How a line of `quantity` of product `id` stands against `stock` (null: not known yet → ok). */
export function lineStock(stock: StockById | null, id: number, quantity: number): LineStock {
  if (!stock) return { state: "ok", available: MAX_LINE_QUANTITY };
  const available = Math.min(stock.get(id) ?? 0, MAX_LINE_QUANTITY);
  if (available <= 0) return { state: "sold-out", available: 0 };
  return quantity > available ? { state: "reduced", available } : { state: "ok", available };
}

/**
 * How many more units of a product can go in the cart: its stock less what the cart already
 * holds (never below 0, at most MAX_LINE_QUANTITY in all).
 */
export function roomLeft(stock: number, inCart: number): number {
  return Math.max(0, Math.min(stock, MAX_LINE_QUANTITY) - inCart);
}
