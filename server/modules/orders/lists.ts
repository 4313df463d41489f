/**
 * The back office's reads of paid orders (admin spec §2 "Orders management", §7): the paged,
 * filtered orders list with its lines, and every paid order line. Unpaid orders ('pending',
 * 'expired') never show unless 'expired' is asked for. Prices in naira (toPublicOrder).
 */
import { and, asc, desc, eq, gte, ilike, inArray, lt, notInArray, or, type SQL } from "drizzle-orm";
import { lagosDayStart } from "#common/lagos-time.ts";
import type { OrderListQuery, PublicOrder, PublicOrderItem } from "#common/orders.ts";
import { UNPAID_ORDER_STATUSES } from "#common/orders.ts";
import { likePattern, type Page } from "#common/paging.ts";
import type { Db } from "#server/db/client.ts";
import { pageCounts } from "#server/db/paging.ts";
import { orderItems, orders } from "#server/db/schema/orders.ts";
import { type OrderItemRow, toPublicItem, toPublicOrder } from "./stored.ts";

/**
 * One page of paid orders for the admin orders screen, newest first (orders_status_created_idx);
 * unpaid 'pending' orders never show. `q` matches the order number (with or without '#'), the
 * customer's name, email or phone, or the payment reference (case-insensitive, contains);
 * `status` keeps one status; `from`/`to` keep orders placed on those Lagos days (inclusive).
 * Each order carries its lines. `total` counts every paid order. Also GET /api/orders.
 */
export async function listOrdersPage(db: Db, query: OrderListQuery): Promise<Page<PublicOrder>> {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    const number = /^#?(\d{1,9})$/.exec(query.q);
    const text = or(
      ilike(orders.customerName, pattern),
      ilike(orders.customerEmail, pattern),
      ilike(orders.customerPhone, pattern),
      ilike(orders.paymentReference, pattern),
      number ? eq(orders.id, Number(number[1])) : undefined,
    );
    if (text) conditions.push(text);
  }
  if (query.status !== "all") conditions.push(eq(orders.status, query.status));
  const from = query.from ? lagosDayStart(query.from) : null;
  if (from) conditions.push(gte(orders.createdAt, from));
  const to = query.to ? lagosDayStart(query.to) : null;
  // The day after `to` begins (a Lagos day is always 24 h: no daylight saving).
  if (to) conditions.push(lt(orders.createdAt, new Date(to.getTime() + 86_400_000)));
  // 'All' is every paid order; abandoned checkouts show only when 'expired' is asked for.
  const paid =
    query.status === "expired"
      ? eq(orders.status, "expired")
      : notInArray(orders.status, [...UNPAID_ORDER_STATUSES]);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const { total, matching, page, offset } = await pageCounts(db, orders, query, where, paid);
  if (matching === 0) return { rows: [], total, matching, page, pageSize: query.pageSize };
  const rows = await db
    .select()
    .from(orders)
    .where(and(paid, where))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.pageSize)
    .offset(offset);
  const items =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(orderItems)
          .where(
            inArray(
              orderItems.orderId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(orderItems.id));
  const byOrder = new Map<number, OrderItemRow[]>();
  for (const item of items) {
    const list = byOrder.get(item.orderId) ?? [];
    list.push(item);
    byOrder.set(item.orderId, list);
  }
  return {
    rows: rows.map((r) => toPublicOrder({ ...r, items: byOrder.get(r.id) ?? [] })),
    total,
    matching,
    page,
    pageSize: query.pageSize,
  };
}

/** Lines of paid orders (GET /api/order-items, admin spec §7); prices in naira. */
export async function listOrderItems(db: Db): Promise<PublicOrderItem[]> {
  const rows = await db
    .select({ item: orderItems })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(notInArray(orders.status, [...UNPAID_ORDER_STATUSES]))
    .orderBy(desc(orderItems.orderId), asc(orderItems.id))
    .limit(5000);
  return rows.map((r) => toPublicItem(r.item));
}
