/**
 * Order status links (issue 33; docs/decisions/0284): `/order/{id}?exp={unix seconds}&sig=…`,
 * signed like the review and unsubscribe links (server/signed-links.ts, HMAC-SHA256 under
 * SESSION_SECRET, purpose 'order-status' over '{id}.{exp}'), so an order number cannot be changed
 * or guessed and a link stops opening ORDER_LINK_VALIDITY_DAYS after the order was paid. The
 * same order always gets the same link (its expiry comes from the payment time), so the email
 * and /payment-success agree. The page shows no email, phone or street address.
 */
import { eq } from "drizzle-orm";
import { koboToNaira } from "#common/money.ts";
import {
  ORDER_LINK_VALIDITY_DAYS,
  type OrderStatusPage,
  type OrderStatusPages,
} from "#common/order-status.ts";
import type { OrderStatus } from "#common/orders.ts";
import type { Db } from "#server/db/client.ts";
import { orders } from "#server/db/schema/orders.ts";
import { signValue, verifySignedValue } from "#server/signed-links.ts";
import { itemsOf } from "./stored.ts";

const PURPOSE = "order-status";
const DAY_S = 86_400;

/** What a link is signed with and where it points (SESSION_SECRET, the site's origin). */
export type OrderLinkKeys = { secret: string; origin: string };

// Set once by createApp: the confirmation email is queued deep inside the payment's completion,
// which has no request (and so no origin) at hand; the same pattern as the review links.
let linkKeys: OrderLinkKeys | null = null;

/** Sets the keys order links are made with (createApp, from SESSION_SECRET and PUBLIC_URL). */
export function installOrderLinks(keys: OrderLinkKeys): void {
  linkKeys = keys;
}

/** The link's expiry, Unix seconds: ORDER_LINK_VALIDITY_DAYS after `paidAt` (or creation). */
export function orderLinkExpiry(order: { paidAt: Date | null; createdAt: Date }): number {
  const from = order.paidAt ?? order.createdAt;
  return Math.floor(from.getTime() / 1000) + ORDER_LINK_VALIDITY_DAYS * DAY_S;
}

/**
 * The order's status page as a path, e.g. '/order/12?exp=1795000000&sig=…'; null before
 * installOrderLinks (a process without keys makes no links).
 */
export function orderStatusPath(order: {
  id: number;
  paidAt: Date | null;
  createdAt: Date;
}): string | null {
  if (!linkKeys) return null;
  const exp = orderLinkExpiry(order);
  const sig = signValue(linkKeys.secret, PURPOSE, `${order.id}.${exp}`);
  return `/order/${order.id}?${new URLSearchParams({ exp: String(exp), sig }).toString()}`;
}

/** The order's status page as an absolute address for emails; null without keys. */
export function orderStatusUrl(order: {
  id: number;
  paidAt: Date | null;
  createdAt: Date;
}): string | null {
  const path = orderStatusPath(order);
  return path && linkKeys ? `${linkKeys.origin.replace(/\/$/, "")}${path}` : null;
}

/**
 * Reads the order behind a link (common/order-status.ts `OrderStatusPages`): invalid when the id
 * or expiry is not a number, the signature does not match or the order is gone; expired once
 * `exp` has passed (checked after the signature, so a forged expiry reads as invalid).
 */
export async function readOrderStatus(
  db: Db,
  secret: string,
  id: string,
  exp: string,
  sig: string,
  now: Date = new Date(),
): Promise<OrderStatusPage> {
  if (!/^\d{1,9}$/.test(id) || !/^\d{1,12}$/.test(exp) || sig.length > 64) {
    return { state: "invalid" };
  }
  if (!verifySignedValue(secret, PURPOSE, `${Number(id)}.${Number(exp)}`, sig)) {
    return { state: "invalid" };
  }
  if (Number(exp) * 1000 < now.getTime()) return { state: "expired" };
  const [order] = await db
    .select()
    .from(orders)
    .where(eq(orders.id, Number(id)));
  if (!order) return { state: "invalid" };
  const items = await itemsOf(db, order.id);
  return {
    state: "ok",
    order: {
      id: order.id,
      status: order.status as OrderStatus,
      createdAt: order.createdAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
      firstName: order.customerName.trim().split(/\s+/)[0] ?? "",
      deliveryCity: order.deliveryCity,
      deliveryState: order.deliveryState,
      trackingNote: order.trackingNote,
      items: items.map((i) => ({
        name: i.productName,
        quantity: i.quantity,
        price: koboToNaira(i.unitPriceKobo),
        lineTotal: koboToNaira(i.unitPriceKobo * i.quantity),
      })),
      subtotal: koboToNaira(order.subtotalKobo),
      shipping: koboToNaira(order.shippingKobo),
      total: koboToNaira(order.totalKobo),
    },
  };
}

/** The page loaders' door to the order status page (server/pages.ts). */
export function orderStatusPages(db: Db, secret: string): OrderStatusPages {
  return { read: (id, exp, sig) => readOrderStatus(db, secret, id, exp, sig) };
}
