/**
 * Shop orders (storefront spec §3 "Order payload", §7 "Payment flow"; admin spec §2 "Orders
 * management", §3 "Order", §4 order statuses; ARCHITECTURE.md "Data rules", "Security").
 *
 * The rules that keep money and stock right:
 * - The server prices every line from `products`, adds the delivery cost of the state
 *   (common/shipping.ts) and stores the order as 'pending' BEFORE payment, bound to its payment
 *   reference (unique). What the browser says the total is, is compared and never used.
 * - `completeOrder` is the ONE routine that marks an order paid, whoever calls it (verify,
 *   checkout, webhook): in one transaction it locks the order row, moves it from 'pending' once,
 *   and takes the stock (catalog/stock.ts `takeStock`, products locked in id order); a payment
 *   for stock that ran out leaves the order 'refund-required' (never dropped, never negative
 *   stock).
 * - Staff status changes are audited in the same transaction (recordAudit).
 * Money is integer kobo here, read from the stored row; `toPublicOrder` converts to naira once,
 * where the API or the admin shows an order.
 */

import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import type { OrderPayload } from "#common/checkout.ts";
import { lagosDayStart } from "#common/lagos-time.ts";
import { koboToNaira, nairaToKobo } from "#common/money.ts";
import type {
  AdminOrderStatus,
  OrderListQuery,
  OrderStatus,
  PublicOrder,
  PublicOrderItem,
} from "#common/orders.ts";
import { UNPAID_ORDER_STATUSES } from "#common/orders.ts";
import { likePattern, type Page } from "#common/paging.ts";
import { deliveryCostForState } from "#common/shipping.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { pageCounts } from "#server/db/paging.ts";
import { products } from "#server/db/schema/catalog.ts";
import { orderItems, orders } from "#server/db/schema/orders.ts";
import { reservedUnitsSql } from "#server/db/stock.ts";
import { HttpError } from "#server/http.ts";
import type { VerifiedTransaction } from "#server/integrations/paystack.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import { lockProducts, takeStock } from "#server/modules/catalog/stock.ts";
import { ensureClient } from "#server/modules/clients/service.ts";
import { enqueueMessage } from "#server/modules/messages/service.ts";
import { orderStatusMessages } from "#server/modules/messages/templates.ts";
import { kickMessages } from "#server/modules/messages/worker.ts";

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

/** An order as stored: the row (money in integer kobo) with its lines, in line-id order. */
export type StoredOrder = OrderRow & { items: OrderItemRow[] };

function toPublicItem(row: OrderItemRow): PublicOrderItem {
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
    subtotal: koboToNaira(order.subtotalKobo),
    shipping: koboToNaira(order.shippingKobo),
    total: koboToNaira(order.totalKobo),
    currency: order.currency,
    paymentMethod: order.paymentMethod,
    paymentReference: order.paymentReference,
    items: order.items.map(toPublicItem),
  };
}

/** A priced order before it is stored: server prices, kobo. */
export type PricedOrder = {
  lines: { productId: number; name: string; unitPriceKobo: number; quantity: number }[];
  subtotalKobo: number;
  shippingKobo: number;
  totalKobo: number;
};

/** How long a pending order holds its units by default (CHECKOUT_RESERVATION_MINUTES). */
export const DEFAULT_RESERVATION_MS = 30 * 60 * 1000;

/** The spec's stock messages (storefront spec §8: '{product} is currently out of stock.'). */
function stockError(name: string, available: number): HttpError {
  const message =
    available <= 0
      ? `${name} is currently out of stock.`
      : `Only ${available} of ${name} left in stock.`;
  return new HttpError(409, message, { items: message });
}

/**
 * Prices `items` from the database and the delivery `state` (spec §9: the checkout always uses
 * the state's delivery cost). Lines with the same product id are merged. Stock is what is
 * available: stock minus live reservations of other orders (`exceptOrderId`) at `now`.
 * Inside a transaction that reserves, call lockProducts (catalog/stock.ts) first.
 * @throws HttpError 409 when a product no longer exists or has fewer units available than asked
 *   ('{product} is currently out of stock.' / 'Only n of {product} left in stock.').
 */
export async function priceOrder(
  db: Db | Tx,
  items: readonly { id: number; quantity: number }[],
  state: string,
  options: { now?: Date; exceptOrderId?: number } = {},
): Promise<PricedOrder> {
  const now = options.now ?? new Date();
  const wanted = new Map<number, number>();
  for (const item of items) wanted.set(item.id, (wanted.get(item.id) ?? 0) + item.quantity);
  const ids = [...wanted.keys()].sort((a, b) => a - b);
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      priceKobo: products.priceKobo,
      stock: products.stock,
      reserved: reservedUnitsSql(now, options.exceptOrderId),
    })
    .from(products)
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const lines: PricedOrder["lines"] = [];
  for (const id of ids) {
    const product = byId.get(id);
    const quantity = wanted.get(id) ?? 0;
    if (!product) {
      throw new HttpError(409, "A product in your cart is no longer available", {
        items: "A product in your cart is no longer available",
      });
    }
    const available = Math.max(0, product.stock - Number(product.reserved));
    if (available < quantity) throw stockError(product.name, available);
    lines.push({ productId: id, name: product.name, unitPriceKobo: product.priceKobo, quantity });
  }
  const subtotalKobo = lines.reduce((sum, l) => sum + l.unitPriceKobo * l.quantity, 0);
  const shippingKobo = nairaToKobo(deliveryCostForState(state));
  return { lines, subtotalKobo, shippingKobo, totalKobo: subtotalKobo + shippingKobo };
}

async function itemsOf(db: Db | Tx, orderId: number): Promise<OrderItemRow[]> {
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

/**
 * Stores a 'pending' order for `payload.paymentReference`, priced by the server (kobo), with its
 * lines, and reserves its units until now + `reservationMs` (issue 14), in one transaction that
 * locks the products: concurrent buyers of the last units queue there, and those who find
 * nothing left get 409 before they pay. Idempotent: the same reference with the same cart, state
 * and email returns the stored order (whatever its status by now); with `renew` (a retried
 * start), a pending one whose reservation has passed reserves again (or 409 when the units are
 * gone).
 * @returns the stored order, whether the browser's own total (naira text) differed from the
 *   server's, and whether this call created it.
 * @throws HttpError 409 for missing/short stock, or when the reference already belongs to
 *   another order (another cart, address or total: a reused reference).
 */
export async function createPendingOrder(
  db: Db,
  payload: OrderPayload,
  paymentMethod: "paystack" | "test",
  options: { reservationMs?: number; now?: Date; renew?: boolean } = {},
): Promise<{ order: StoredOrder; clientTotalDiffers: boolean; created: boolean }> {
  const now = options.now ?? new Date();
  const reservedUntil = new Date(now.getTime() + (options.reservationMs ?? DEFAULT_RESERVATION_MS));
  const clientTotal = Number(payload.total);
  // The browser's total is naira text: read once, compared in kobo, never stored.
  const differs = (totalKobo: number) =>
    payload.total !== undefined &&
    (!Number.isFinite(clientTotal) || nairaToKobo(clientTotal) !== totalKobo);
  const existing = await findOrderByReference(db, payload.paymentReference);
  if (existing) {
    // The same reference again must mean the same order (a retried request), not another cart.
    if (!sameOrder(payload, existing)) {
      throw new HttpError(409, "This payment reference is already used for another order");
    }
    // A retried START renews a passed reservation; the checkout after payment must not (the
    // payment is made: completeOrder re-checks the stock instead).
    const order = options.renew
      ? await renewReservation(db, existing, now, reservedUntil)
      : existing;
    return { order, clientTotalDiffers: differs(order.totalKobo), created: false };
  }
  const ids = [...new Set(payload.items.map((i) => i.id))].sort((a, b) => a - b);
  const result = await db.transaction(async (tx) => {
    await lockProducts(tx, ids);
    // A concurrent start of the same reference may have committed while we waited for the lock
    // (a new statement, a new snapshot): its order is ours, and its reservation must not be
    // counted against us as someone else's (which answered 409 'out of stock' to a retry).
    const [already] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.paymentReference, payload.paymentReference));
    if (already) return { created: false, priced: null };
    const priced = await priceOrder(tx, payload.items, payload.deliveryState, { now });
    // One client per person (issue 12): the order is linked to the client with its email.
    const clientId = await ensureClient(
      tx,
      { email: payload.customerEmail, name: payload.customerName, phone: payload.customerPhone },
      { source: "website" },
    );
    const [row] = await tx
      .insert(orders)
      .values({
        clientId,
        status: "pending",
        paymentReference: payload.paymentReference,
        paymentMethod,
        customerName: payload.customerName,
        customerEmail: payload.customerEmail,
        customerPhone: payload.customerPhone,
        deliveryAddress: payload.deliveryAddress,
        deliveryCity: payload.deliveryCity,
        deliveryState: payload.deliveryState,
        deliveryPostalCode: payload.deliveryPostalCode,
        deliveryCountry: "Nigeria",
        deliveryInstructions: payload.deliveryInstructions || null,
        subtotalKobo: priced.subtotalKobo,
        shippingKobo: priced.shippingKobo,
        totalKobo: priced.totalKobo,
        currency: "NGN",
        reservedUntil,
      })
      .onConflictDoNothing({ target: orders.paymentReference })
      .returning();
    if (!row) return { created: false, priced };
    await tx.insert(orderItems).values(
      priced.lines.map((l) => ({
        orderId: row.id,
        productId: l.productId,
        productName: l.name,
        unitPriceKobo: l.unitPriceKobo,
        quantity: l.quantity,
      })),
    );
    return { created: true, priced };
  });
  // Lost a race with a concurrent request for the same reference: use the stored order.
  const order = await findOrderByReference(db, payload.paymentReference);
  if (!order) throw new Error("order vanished after insert");
  const repriced = result.priced !== null && order.totalKobo !== result.priced.totalKobo;
  if (!result.created && (!sameOrder(payload, order) || repriced)) {
    throw new HttpError(409, "This payment reference is already used for another order");
  }
  return { order, clientTotalDiffers: differs(order.totalKobo), created: result.created };
}

/**
 * A retried start of a pending order whose reservation has passed: reserves its units again
 * until `reservedUntil` if they are still available (order row locked first, then products, the
 * same order as completeOrder), else 409 with the stock message. Other orders come back as is.
 */
async function renewReservation(
  db: Db,
  order: StoredOrder,
  now: Date,
  reservedUntil: Date,
): Promise<StoredOrder> {
  if (order.status !== "pending") return order;
  if (order.reservedUntil && order.reservedUntil > now) return order;
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
    if (locked?.status !== "pending") return { ...(locked ?? order), items: order.items };
    const ids = [
      ...new Set(order.items.map((l) => l.productId).filter((id): id is number => id !== null)),
    ].sort((a, b) => a - b);
    await lockProducts(tx, ids);
    if (ids.length !== order.items.length) {
      throw new HttpError(409, "A product in your cart is no longer available", {
        items: "A product in your cart is no longer available",
      });
    }
    await priceOrder(
      tx,
      order.items.map((l) => ({ id: l.productId as number, quantity: l.quantity })),
      order.deliveryState,
      { now, exceptOrderId: order.id },
    );
    const [row] = await tx
      .update(orders)
      .set({ reservedUntil, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    return { ...(row ?? locked), items: order.items };
  });
}

/** Whether `payload` asks for the stored order: same state, email and lines (merged by id). */
function sameOrder(payload: OrderPayload, stored: StoredOrder): boolean {
  const wanted = new Map<number, number>();
  for (const item of payload.items) {
    wanted.set(item.id, (wanted.get(item.id) ?? 0) + item.quantity);
  }
  return (
    payload.deliveryState === stored.deliveryState &&
    payload.customerEmail === stored.customerEmail &&
    wanted.size === stored.items.length &&
    stored.items.every(
      (line) => line.productId !== null && wanted.get(line.productId) === line.quantity,
    )
  );
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

/** What completeOrder did with a provider's report. */
export type CompletionResult =
  /** The order is paid: by this call (`newlyPaid`), or already before it. */
  | { outcome: "paid"; order: StoredOrder; newlyPaid: boolean }
  /** The provider does not report a successful payment; the order stays 'pending'. */
  | { outcome: "unpaid"; providerStatus: string }
  /** A successful payment that is not this order's (amount, currency or reference); 'pending'. */
  | { outcome: "mismatch"; reason: string };

/**
 * THE routine that marks an order paid (notes/paystack.md "one idempotent mark-paid routine").
 * Given what the provider reported for `reference` (already verified: by Verify Transaction, or a
 * webhook whose signature matched), in ONE transaction: locks the order; if it is no longer
 * 'pending' (nor 'expired': a payment that arrives after the scheduler gave up still completes
 * the order, issue 16), returns it unchanged (a reference completes at most one order, whatever
 * the order and number of calls); accepts only status 'success' with the order's exact amount in kobo (the
 * stored `total_kobo`) and currency NGN; locks the products in id order and takes the stock, or
 * marks the order 'refund-required' when any line cannot be filled (stock never below zero).
 * @throws HttpError 404 when no order is bound to `reference`.
 */
export async function completeOrder(
  db: Db,
  reference: string,
  payment: VerifiedTransaction,
  source: "verify" | "checkout" | "webhook" | "scheduler",
): Promise<CompletionResult> {
  return db.transaction(async (tx): Promise<CompletionResult> => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.paymentReference, reference))
      .for("update");
    if (!order) throw new HttpError(404, "No order was started with this payment reference");
    if (!isUnpaid(order.status)) {
      return {
        outcome: "paid",
        order: { ...order, items: await itemsOf(tx, order.id) },
        newlyPaid: false,
      };
    }
    if (payment.status !== "success") return { outcome: "unpaid", providerStatus: payment.status };
    if (payment.reference !== reference) {
      return { outcome: "mismatch", reason: "the provider reported another reference" };
    }
    if (payment.currency !== "NGN") {
      return { outcome: "mismatch", reason: `currency ${payment.currency} is not NGN` };
    }
    if (payment.amountKobo !== order.totalKobo) {
      return {
        outcome: "mismatch",
        reason: `paid ${payment.amountKobo} kobo, order total is ${order.totalKobo} kobo`,
      };
    }
    const lines = await itemsOf(tx, order.id);
    // Units held by OTHER live reservations are not ours to take; our own reservation, live or
    // passed, is re-checked by takeStock. A line whose product was deleted cannot be filled.
    const fillable =
      lines.every((l) => l.productId !== null) &&
      (await takeStock(
        tx,
        lines.map((l) => ({ productId: l.productId as number, quantity: l.quantity })),
        { exceptOrderId: order.id },
      )) === null;
    const status: OrderStatus = fillable ? "processing" : "refund-required";
    const [updated] = await tx
      .update(orders)
      .set({
        status,
        paidAt: new Date(),
        updatedAt: new Date(),
        paymentData: { ...(order.paymentData ?? {}), ...payment.details, confirmedBy: source },
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
      .returning();
    if (!updated) throw new Error("order left 'pending' while locked");
    return { outcome: "paid", order: { ...updated, items: lines }, newlyPaid: true };
  });
}

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

/**
 * Sets a paid order's status (admin spec §4: processing, shipped, completed, cancelled) and
 * records who did it in the audit log (action 'order.update', details {status, previousStatus}),
 * in one transaction with the order row locked. Moving it to 'shipped' or 'cancelled' queues the
 * client's email and WhatsApp in that transaction (issue 17; templates.ts orderStatusMessages),
 * once per order and status.
 * @throws HttpError 404 unknown id; 409 for an order that was never paid.
 */
export async function updateOrderStatus(
  db: Db,
  admin: AdminIdentity,
  id: number,
  status: AdminOrderStatus,
): Promise<PublicOrder> {
  const order = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, id))
      .for("update");
    if (!current) throw new HttpError(404, "Order not found");
    if (isUnpaid(current.status)) {
      throw new HttpError(409, "This order has not been paid, so its status cannot change");
    }
    if (current.status === "refunded") {
      throw new HttpError(409, "This order was refunded, so its status cannot change");
    }
    const [row] = await tx
      .update(orders)
      .set({ status, updatedAt: new Date() })
      .where(eq(orders.id, id))
      .returning();
    if (!row) throw new Error("order vanished while locked");
    await recordAudit(tx, admin, {
      action: "order.update",
      entity: "order",
      entityId: id,
      details: { status, previousStatus: current.status },
    });
    if ((status === "shipped" || status === "cancelled") && current.status !== status) {
      for (const message of await orderStatusMessages(row, status)) {
        await enqueueMessage(tx, message);
      }
    }
    return toPublicOrder({ ...row, items: await itemsOf(tx, id) });
  });
  kickMessages(db);
  return order;
}

/**
 * Claims a 'refund-required' order for a refund: sets `paymentData.refundClaimedAt` only if no
 * refund is under way (one conditional UPDATE, so concurrent clicks get one claim).
 * @throws HttpError 404 unknown id; 409 not 'refund-required', or already claimed.
 */
export async function claimRefund(db: Db, id: number): Promise<{ paymentReference: string }> {
  const [row] = await db
    .update(orders)
    .set({
      paymentData: sql`coalesce(${orders.paymentData}, '{}'::jsonb) || ${JSON.stringify({ refundClaimedAt: new Date().toISOString() })}::jsonb`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(orders.id, id),
        eq(orders.status, "refund-required"),
        sql`NOT (coalesce(${orders.paymentData}, '{}'::jsonb) ? 'refundClaimedAt')`,
      ),
    )
    .returning({ paymentReference: orders.paymentReference });
  if (row) return row;
  const [current] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, id));
  if (!current) throw new HttpError(404, "Order not found");
  if (current.status === "refund-required") {
    throw new HttpError(409, "A refund for this order is already under way");
  }
  throw new HttpError(409, "Only an order marked refund-required can be refunded");
}

/** Releases a refund claim after the provider refused (the admin may try again). */
export async function releaseRefundClaim(db: Db, id: number): Promise<void> {
  await db
    .update(orders)
    .set({ paymentData: sql`${orders.paymentData} - 'refundClaimedAt'` })
    .where(and(eq(orders.id, id), eq(orders.status, "refund-required")));
}

/**
 * Marks a claimed order 'refunded' with the provider's refund, and audits it ('order.refund',
 * details {refundId, refundStatus, amountKobo}) in one transaction.
 */
export async function markRefunded(
  db: Db,
  admin: AdminIdentity,
  id: number,
  refund: { refundId: string; status: string },
): Promise<StoredOrder> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({
        status: "refunded",
        updatedAt: new Date(),
        paymentData: sql`coalesce(${orders.paymentData}, '{}'::jsonb) || ${JSON.stringify({ refundId: refund.refundId, refundStatus: refund.status, refundedAt: new Date().toISOString() })}::jsonb`,
      })
      .where(and(eq(orders.id, id), eq(orders.status, "refund-required")))
      .returning();
    if (!row) throw new HttpError(409, "Only an order marked refund-required can be refunded");
    await recordAudit(tx, admin, {
      action: "order.refund",
      entity: "order",
      entityId: id,
      details: {
        refundId: refund.refundId,
        refundStatus: refund.status,
        amountKobo: row.totalKobo,
        previousStatus: "refund-required",
      },
    });
    return { ...row, items: await itemsOf(tx, id) };
  });
}

/** Whether an order status is one of a never-paid order ('pending', 'expired'). */
export function isUnpaid(status: string): boolean {
  return (UNPAID_ORDER_STATUSES as readonly string[]).includes(status);
}
