/**
 * Staff changes to a paid order (admin spec §4 order statuses; issue 14 refunds; issue 17 status
 * messages): the status a member of staff sets, and the refund of a 'refund-required' order
 * (claim, release after a refused refund, mark refunded). Each change is audited in its own
 * transaction (recordAudit). Money is integer kobo.
 */
import { and, eq, sql } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import type { OrderUpdate, PublicOrder } from "#common/orders.ts";
import type { Db } from "#server/db/client.ts";
import { orders } from "#server/db/schema/orders.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import { enqueueMessage } from "#server/modules/messages/service.ts";
import { orderStatusMessages } from "#server/modules/messages/templates.ts";
import { kickMessages } from "#server/modules/messages/worker.ts";
import { isUnpaid, itemsOf, type StoredOrder, toPublicOrder } from "./stored.ts";

/**
 * Sets a paid order's status (admin spec §4: processing, shipped, completed, cancelled) and/or
 * its tracking note (shown on the client's order status page, issue 33; '' clears it) and
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
  update: OrderUpdate,
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
    // Without a status the order keeps its own: only the tracking note changes.
    const status = update.status ?? current.status;
    const trackingNote =
      update.trackingNote === undefined ? undefined : update.trackingNote || null;
    const [row] = await tx
      .update(orders)
      .set({
        status,
        ...(trackingNote !== undefined && { trackingNote }),
        updatedAt: new Date(),
      })
      .where(eq(orders.id, id))
      .returning();
    if (!row) throw new Error("order vanished while locked");
    await recordAudit(tx, admin, {
      action: "order.update",
      entity: "order",
      entityId: id,
      details: {
        status,
        previousStatus: current.status,
        ...(trackingNote !== undefined && { trackingNote }),
      },
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
