/**
 * Pricing and pending orders (storefront spec §3 "Order payload", §7 "Payment flow", §8, §9;
 * issue 14 reservations). The server prices every line from `products`, adds the delivery cost of
 * the state (common/shipping.ts) and stores the order as 'pending' BEFORE payment, bound to its
 * payment reference (unique), holding its units for a while. What the browser says the total is,
 * is compared and never used. Money is integer kobo.
 */
import { eq, inArray } from "drizzle-orm";
import type { OrderPayload } from "#common/checkout.ts";
import { nairaToKobo } from "#common/money.ts";
import { deliveryCostForState } from "#common/shipping.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { products } from "#server/db/schema/catalog.ts";
import { orderItems, orders } from "#server/db/schema/orders.ts";
import { reservedUnitsSql } from "#server/db/stock.ts";
import { HttpError } from "#server/http.ts";
import { lockProducts } from "#server/modules/catalog/stock.ts";
import { ensureClient } from "#server/modules/clients/service.ts";
import { refuseForPublic } from "#server/modules/health/check.ts";
import { findOrderByReference, type StoredOrder } from "./stored.ts";

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

const REUSED_REFERENCE = "This payment reference is already used for another order";

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
  const differs = clientTotalCheck(payload);
  const existing = await findOrderByReference(db, payload.paymentReference);
  if (existing) {
    const order = await resumeOrder(db, payload, existing, options.renew ?? false, {
      now,
      reservedUntil,
    });
    return { order, clientTotalDiffers: differs(order.totalKobo), created: false };
  }
  // A known client's products against their health record (issue 30), before anything is paid.
  await refuseForPublic(
    db,
    payload.customerEmail,
    { productIds: payload.items.map((i) => i.id) },
    "product",
  );
  const inserted = await insertPendingOrder(db, payload, paymentMethod, { now, reservedUntil });
  const order = await orderAfterInsert(db, payload, inserted);
  return { order, clientTotalDiffers: differs(order.totalKobo), created: inserted.created };
}

/**
 * Whether the browser's own total differs from a server total in kobo. The browser's total is
 * naira text: read once, compared in kobo, never stored; no total at all never differs.
 */
function clientTotalCheck(payload: OrderPayload): (totalKobo: number) => boolean {
  const clientTotal = Number(payload.total);
  return (totalKobo) =>
    payload.total !== undefined &&
    (!Number.isFinite(clientTotal) || nairaToKobo(clientTotal) !== totalKobo);
}

/**
 * The order already stored for the payload's reference, when the payload asks for it again.
 * @throws HttpError 409 when the reference belongs to another order; 409 stock messages when a
 *   renewed reservation finds the units gone.
 */
async function resumeOrder(
  db: Db,
  payload: OrderPayload,
  existing: StoredOrder,
  renew: boolean,
  at: { now: Date; reservedUntil: Date },
): Promise<StoredOrder> {
  // The same reference again must mean the same order (a retried request), not another cart.
  if (!sameOrder(payload, existing)) throw new HttpError(409, REUSED_REFERENCE);
  // A retried START renews a passed reservation; the checkout after payment must not (the
  // payment is made: completeOrder re-checks the stock instead).
  return renew ? renewReservation(db, existing, at.now, at.reservedUntil) : existing;
}

/** What insertPendingOrder did: whether it stored the order, and the prices it computed. */
type Inserted = { created: boolean; priced: PricedOrder | null };

/**
 * In one transaction that locks the payload's products: prices the cart (409 when short),
 * links the order to its client (ensureClient) and stores the 'pending' order and its lines,
 * unless a concurrent request stored the same reference first.
 */
async function insertPendingOrder(
  db: Db,
  payload: OrderPayload,
  paymentMethod: "paystack" | "test",
  at: { now: Date; reservedUntil: Date },
): Promise<Inserted> {
  const ids = [...new Set(payload.items.map((i) => i.id))].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    await lockProducts(tx, ids);
    // A concurrent start of the same reference may have committed while we waited for the lock
    // (a new statement, a new snapshot): its order is ours, and its reservation must not be
    // counted against us as someone else's (which answered 409 'out of stock' to a retry).
    const [already] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.paymentReference, payload.paymentReference));
    if (already) return { created: false, priced: null };
    const priced = await priceOrder(tx, payload.items, payload.deliveryState, { now: at.now });
    // One client per person (issue 12): the order is linked to the client with its email.
    const clientId = await ensureClient(
      tx,
      { email: payload.customerEmail, name: payload.customerName, phone: payload.customerPhone },
      { source: "website" },
    );
    const created = await insertOrderRows(tx, payload, {
      paymentMethod,
      clientId,
      priced,
      reservedUntil: at.reservedUntil,
    });
    return { created, priced };
  });
}

/**
 * Inserts the 'pending' order row (kobo, delivery in Nigeria) and its lines in `tx`.
 * @returns false when the reference was taken meanwhile (nothing inserted).
 */
async function insertOrderRows(
  tx: Tx,
  payload: OrderPayload,
  order: {
    paymentMethod: "paystack" | "test";
    clientId: number;
    priced: PricedOrder;
    reservedUntil: Date;
  },
): Promise<boolean> {
  const { priced } = order;
  const [row] = await tx
    .insert(orders)
    .values({
      clientId: order.clientId,
      status: "pending",
      paymentReference: payload.paymentReference,
      paymentMethod: order.paymentMethod,
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
      reservedUntil: order.reservedUntil,
    })
    .onConflictDoNothing({ target: orders.paymentReference })
    .returning();
  if (!row) return false;
  await tx.insert(orderItems).values(
    priced.lines.map((l) => ({
      orderId: row.id,
      productId: l.productId,
      productName: l.name,
      unitPriceKobo: l.unitPriceKobo,
      quantity: l.quantity,
    })),
  );
  return true;
}

/**
 * The stored order after insertPendingOrder. When a concurrent request for the same reference
 * won the race, its order is ours only if it is the same cart at the same price.
 * @throws HttpError 409 when the reference belongs to another order.
 */
async function orderAfterInsert(
  db: Db,
  payload: OrderPayload,
  inserted: Inserted,
): Promise<StoredOrder> {
  const order = await findOrderByReference(db, payload.paymentReference);
  if (!order) throw new Error("order vanished after insert");
  const repriced = inserted.priced !== null && order.totalKobo !== inserted.priced.totalKobo;
  if (!inserted.created && (!sameOrder(payload, order) || repriced)) {
    throw new HttpError(409, REUSED_REFERENCE);
  }
  return order;
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
