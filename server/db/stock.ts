/**
 * Stock reservations (issue 14 "Stock reserved at checkout start"): a 'pending' order holds its
 * units until its `reserved_until`; what a buyer can take is computed on read, so a reservation
 * ends by itself when the order is paid, expired (issue 16's job) or its time has passed.
 * SQL fragments over the `products` row of the outer query, shared by the catalogue (the stock it
 * shows) and the orders (the stock a checkout may take).
 */
import { type SQL, sql } from "drizzle-orm";

/**
 * SQL for the units of the outer query's `products` row held by live reservations: lines of
 * 'pending' orders whose `reserved_until` is after `now` (issue 14). An order that is paid,
 * expired (issue 16's job) or past its time holds nothing; nothing has to run for that.
 * `exceptOrderId` leaves one order's own lines out (its completion).
 */
// The outer row is named in full: drizzle leaves column names unqualified in one-table selects,
// which would make `id` ambiguous inside the subquery.
export function reservedUnitsSql(now: Date, exceptOrderId?: number): SQL<number> {
  const except = exceptOrderId === undefined ? sql`` : sql` AND o.id <> ${exceptOrderId}`;
  return sql<number>`coalesce((SELECT sum(oi.quantity) FROM order_items oi JOIN orders o ON o.id = oi.order_id WHERE oi.product_id = "products"."id" AND o.status = 'pending' AND o.reserved_until > ${now.toISOString()}::timestamptz${except}), 0)::int`;
}

/**
 * SQL for the outer `products` row's units a buyer can still take: stock minus live
 * reservations, never below 0. What the shop shows as `stock` (public product APIs, cart).
 */
export function availableStockSql(now = new Date()): SQL<number> {
  return sql<number>`greatest("products"."stock" - ${reservedUnitsSql(now)}, 0)::int`;
}
