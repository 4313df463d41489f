/**
 * The shop orders' part of the back office (server/back-office.ts): order search, the tables
 * Clear Admin Data empties, and paid orders as sales on the dashboard (admin spec §2).
 */
import { and, desc, gte, ilike, lt, notInArray, or } from "drizzle-orm";
import { formatLagosDateTime } from "#common/lagos-time.ts";
import { formatNaira, koboToNaira } from "#common/money.ts";
import { UNPAID_ORDER_STATUSES } from "#common/orders.ts";
import {
  type ClearableTable,
  type DashboardSource,
  SEARCH_LIMIT_PER_KIND,
  type SearchSource,
} from "#server/back-office.ts";
import { orderItems, orders } from "#server/db/schema/orders.ts";

/** Statuses of orders that earned nothing (unpaid, to be refunded, cancelled). */
const NOT_EARNED = ["pending", "expired", "refund-required", "cancelled"];

/** Paid orders whose customer, email, phone or payment reference matches. */
export const ordersSearch: SearchSource = async (db, pattern) => {
  const rows = await db
    .select({
      id: orders.id,
      customerName: orders.customerName,
      status: orders.status,
      totalKobo: orders.totalKobo,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(
      and(
        notInArray(orders.status, [...UNPAID_ORDER_STATUSES]),
        or(
          ilike(orders.customerName, pattern),
          ilike(orders.customerEmail, pattern),
          ilike(orders.customerPhone, pattern),
          ilike(orders.paymentReference, pattern),
        ),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(SEARCH_LIMIT_PER_KIND);
  return rows.map((o) => ({
    kind: "order" as const,
    id: String(o.id),
    title: `Order #${o.id} · ${o.customerName}`,
    subtitle: `${formatNaira(koboToNaira(o.totalKobo))} · ${o.status} · ${formatLagosDateTime(o.createdAt)}`,
    href: "/admin/orders",
  }));
};

/** Order lines before their orders. */
export const ordersClearable: ClearableTable[] = [
  { name: "order_items", table: orderItems },
  { name: "orders", table: orders },
];

/** Paid shop orders count as sales on the day they were paid (Lagos). */
export const ordersDashboard: DashboardSource = {
  async revenue(db, from, to) {
    const rows = await db
      .select({ paidAt: orders.paidAt, totalKobo: orders.totalKobo })
      .from(orders)
      .where(
        and(gte(orders.paidAt, from), lt(orders.paidAt, to), notInArray(orders.status, NOT_EARNED)),
      );
    return rows.flatMap((o) =>
      o.paidAt ? [{ at: o.paidAt, kind: "sale" as const, value: koboToNaira(o.totalKobo) }] : [],
    );
  },
};
