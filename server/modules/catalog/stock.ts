/**
 * Taking and returning product stock: the one writer of `products.stock` for sales (the shop's
 * paid orders and the till); staff edits of a product's stock stay in admin-service.ts.
 *
 * Units are whole items. What a sale may take is the stock less the units that live checkout
 * reservations hold (issue 14, server/db/stock.ts): the till honours a pending checkout's
 * reservation exactly as another shop order does. Stock never goes below zero.
 */
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { products } from "#server/db/schema/catalog.ts";
import { reservedUnitsSql } from "#server/db/stock.ts";

/** Units of one product to take. */
export type StockRequest = { productId: number; quantity: number };

/** The first product (by id) that cannot give the units asked: what it still has, ≥ 0. */
export type StockShortage = { productId: number; name: string; available: number };

/** Who takes: `exceptOrderId` is the paying order, whose own reservation is not counted. */
export type StockOptions = { now?: Date; exceptOrderId?: number };

/**
 * Locks the product rows of `ids` in id order (two transactions sharing products never
 * deadlock) until the end of `tx`. A separate statement on purpose: under READ COMMITTED the
 * NEXT statement takes a fresh snapshot, so it sees the reservations and stock of a transaction
 * we waited for.
 */
export async function lockProducts(tx: Tx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...ids]))
    .orderBy(asc(products.id))
    .for("update");
}

/** The units asked per product id (lines of one product merged), in id order. */
function mergeRequests(requests: readonly StockRequest[]): Map<number, number> {
  const wanted = new Map<number, number>();
  for (const r of [...requests].sort((a, b) => a.productId - b.productId)) {
    wanted.set(r.productId, (wanted.get(r.productId) ?? 0) + r.quantity);
  }
  return wanted;
}

/**
 * The units of `ids` a buyer can take at `now`: stock less the live reservations of other
 * orders (`exceptOrderId` left out), never below 0; with names. A product that no longer exists
 * is absent. Read without a lock: inside `takeStock` it follows the lock; alone it is a first
 * check before a transaction.
 */
export async function availableUnits(
  db: Db | Tx,
  ids: readonly number[],
  options: StockOptions = {},
): Promise<Map<number, { name: string; available: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      stock: products.stock,
      reserved: reservedUnitsSql(options.now ?? new Date(), options.exceptOrderId),
    })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return new Map(
    rows.map((r) => [r.id, { name: r.name, available: Math.max(0, r.stock - Number(r.reserved)) }]),
  );
}

/**
 * Takes the units of `requests` inside `tx`, all or nothing: locks the products in id order,
 * then (a fresh snapshot) compares each with its available units (stock less other live
 * reservations) and takes them only if every product can give its share.
 * @returns null when taken; else the first short product (by id), and nothing is taken.
 */
export async function takeStock(
  tx: Tx,
  requests: readonly StockRequest[],
  options: StockOptions = {},
): Promise<StockShortage | null> {
  const wanted = mergeRequests(requests);
  const ids = [...wanted.keys()];
  await lockProducts(tx, ids);
  const available = await availableUnits(tx, ids, options);
  for (const [productId, quantity] of wanted) {
    const product = available.get(productId);
    if (!product || product.available < quantity) {
      return { productId, name: product?.name ?? "", available: product?.available ?? 0 };
    }
  }
  for (const [productId, quantity] of wanted) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${quantity}`, updatedAt: new Date() })
      .where(eq(products.id, productId));
  }
  return null;
}

/** Puts `quantity` units of a product back (a refund or void); a deleted product is skipped. */
export async function returnStock(tx: Tx, productId: number, quantity: number): Promise<void> {
  await tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${quantity}`, updatedAt: new Date() })
    .where(eq(products.id, productId));
}

/** A product a sale taken offline took more of than was available (units, > 0 short). */
export type StockOversold = { productId: number; name: string; sold: number; short: number };

/**
 * Takes the units of a sale taken offline inside `tx` (issue 35: "a sale is never refused after
 * the fact"; decision 0314): locks the products in id order like `takeStock`, then takes every
 * product's units, a short one down to 0 (stock never goes below 0: the shelf cannot hold fewer
 * than none, and the manager corrects the count).
 * @returns the products that were short (units sold and units the available stock lacked),
 *   empty when every product had them. A product deleted meanwhile is skipped (nothing to take).
 */
export async function takeStockOffline(
  tx: Tx,
  requests: readonly StockRequest[],
  options: StockOptions = {},
): Promise<StockOversold[]> {
  const wanted = mergeRequests(requests);
  const ids = [...wanted.keys()];
  await lockProducts(tx, ids);
  const available = await availableUnits(tx, ids, options);
  const oversold: StockOversold[] = [];
  for (const [productId, quantity] of wanted) {
    const product = available.get(productId);
    if (!product) continue;
    if (product.available < quantity) {
      oversold.push({
        productId,
        name: product.name,
        sold: quantity,
        short: quantity - product.available,
      });
    }
    await tx
      .update(products)
      .set({ stock: sql`greatest(${products.stock} - ${quantity}, 0)`, updatedAt: new Date() })
      .where(eq(products.id, productId));
  }
  return oversold;
}
