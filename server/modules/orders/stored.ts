/**
 * A shop order as stored, and the reads every order path shares (admin spec §3 "Order"; storefront
 * spec §7): the row with its lines in integer kobo (`StoredOrder`), the one kobo → naira
 * conversion the API and the admin show (`toPublicOrder`), the lookups by payment reference, and
 * which statuses are a never-paid order.
 */
import { asc, eq, sql } from "drizzle-orm";
import { koboToNaira } from "#common/money.ts";
import type { PublicOrder, PublicOrderItem } from "#common/orders.ts";
import { UNPAID_ORDER_STATUSES } from "#common/orders.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { orderItems, orders } from "#server/db/schema/orders.ts";

type OrderRow = typeof orders.$inferSelect;
/** One stored order line (unit price in kobo). */
export type OrderItemRow = typeof orderItems.$inferSelect;

/** An order as stored: the row (money in integer kobo) with its lines, in line-id order. */
export type StoredOrder = OrderRow & { items: OrderItemRow[] };

/** An order line as the API shows it: prices in naira. */
export function toPublicItem(row: OrderItemRow): PublicOrderItem {
  return {
    id: row.id,
    orderId: row.orderId,
    productId: row.productId,
    name: row.productName,
    price: koboToNaira(row.unitPriceKobo),
    quantity: row.quantity,
    lineTotal: koboToNaira(row.unitPriceKobo * row.quantity),
  };
}

/** The API's and the admin's view of a stored order: kobo → naira, the one conversion. */
export function toPublicOrder(order: StoredOrder): PublicOrder {
  return {
    id: order.id,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    customerPhone: order.customerPhone,
    deliveryAddress: order.deliveryAddress,
    deliveryCity: order.deliveryCity,
    deliveryState: order.deliveryState,
    deliveryPostalCode: order.deliveryPostalCode,
    deliveryCountry: order.deliveryCountry,
    deliveryInstructions: order.deliveryInstructions,
    trackingNote: order.trackingNote,
    subtotal: koboToNaira(order.subtotalKobo),
    shipping: koboToNaira(order.shippingKobo),
    total: koboToNaira(order.totalKobo),
    currency: order.currency,
    paymentMethod: order.paymentMethod,
    paymentReference: order.paymentReference,
    items: order.items.map(toPublicItem),
  };
}

/** The lines of order `orderId` in line-id order (kobo). */
export async function itemsOf(db: Db | Tx, orderId: number): Promise<OrderItemRow[]> {
  return db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

/** The order bound to `reference` with its lines (kobo), or null. */
export async function findOrderByReference(
  db: Db | Tx,
  reference: string,
): Promise<StoredOrder | null> {
  const [row] = await db.select().from(orders).where(eq(orders.paymentReference, reference));
  return row ? { ...row, items: await itemsOf(db, row.id) } : null;
}

/** What the payment path needs of the order bound to `reference` (total in kobo), or null. */
export async function orderPaymentState(db: Db, reference: string) {
  const [row] = await db
    .select({
      id: orders.id,
      status: orders.status,
      totalKobo: orders.totalKobo,
      customerEmail: orders.customerEmail,
      paymentData: orders.paymentData,
    })
    .from(orders)
    .where(eq(orders.paymentReference, reference));
  return row ?? null;
}

/** Merges extra facts into an order's payment data (e.g. Paystack's access code). */
export async function addPaymentData(db: Db, orderId: number, data: Record<string, unknown>) {
  await db
    .update(orders)
    .set({
      paymentData: sql`coalesce(${orders.paymentData}, '{}'::jsonb) || ${JSON.stringify(data)}::jsonb`,
    })
    .where(eq(orders.id, orderId));
}

/** Whether an order status is one of a never-paid order ('pending', 'expired'). */
export function isUnpaid(status: string): boolean {
  return (UNPAID_ORDER_STATUSES as readonly string[]).includes(status);
}
