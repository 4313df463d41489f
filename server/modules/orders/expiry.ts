/**
 * Pending orders the browser never finished (issue 16 "re-verify pending payments with Paystack
 * and expire abandoned ones"): the scheduler asks the provider about each pending order older
 * than a few minutes, completes it through the one completion routine when it was paid, and
 * marks it 'expired' when it has been left longer than ORDER_EXPIRY_MINUTES.
 *
 * Exactly once, whatever runs at the same time (another instance, the webhook, the browser's
 * verify): completion is completeOrder's locked transaction, and expiry is a conditional update
 * of a row still 'pending', so an order is completed or expired once, never both. Its stock
 * reservation needs no release: reservations count only 'pending' orders (server/db/stock.ts).
 */
import { and, asc, eq, lt } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { orders } from "#server/db/schema/orders.ts";
import { type PaymentDeps, verifyAndComplete } from "./payment.ts";

/** Pending orders younger than this (ms) are left to the browser's own verify. */
export const REVERIFY_AFTER_MS = 5 * 60_000;
/** Orders looked at per run, oldest first; the next run takes the rest. */
const BATCH = 100;

/** What one pass did: counts of orders per outcome. */
export type PendingOrdersPass = {
  checked: number;
  paid: number;
  expired: number;
  /** A successful payment that does not match the order: left pending for staff (logged). */
  mismatched: number;
  /** The provider could not be reached: left pending, asked again next run. */
  unreachable: number;
};

/**
 * Re-verifies pending orders last touched (created or their checkout restarted, `updated_at`)
 * more than REVERIFY_AFTER_MS before `now`, and expires those touched more than `expiryMs`
 * before `now` that the provider does not report paid.
 * @param deps the payment deps (db, provider, SMTP for the order emails, logger).
 * @param now the scheduler's clock (UTC instant).
 * @param expiryMs ORDER_EXPIRY_MINUTES in ms.
 */
export async function settlePendingOrders(
  deps: PaymentDeps,
  now: Date,
  expiryMs: number,
): Promise<PendingOrdersPass> {
  const pass: PendingOrdersPass = {
    checked: 0,
    paid: 0,
    expired: 0,
    mismatched: 0,
    unreachable: 0,
  };
  const stale = await deps.db
    .select({ id: orders.id, reference: orders.paymentReference, touchedAt: orders.updatedAt })
    .from(orders)
    .where(
      and(
        eq(orders.status, "pending"),
        lt(orders.updatedAt, new Date(now.getTime() - REVERIFY_AFTER_MS)),
      ),
    )
    .orderBy(asc(orders.updatedAt), asc(orders.id))
    .limit(BATCH);
  for (const order of stale) {
    pass.checked++;
    let outcome: Awaited<ReturnType<typeof verifyAndComplete>>;
    try {
      outcome = await verifyAndComplete(deps, order.reference, "scheduler");
    } catch (err) {
      pass.unreachable++;
      deps.logger.warn({ err: (err as Error).message, orderId: order.id }, "re-verify failed");
      continue;
    }
    if (outcome.outcome === "paid") {
      if (outcome.newlyPaid) pass.paid++;
    } else if (outcome.outcome === "mismatch") {
      pass.mismatched++;
    } else if (order.touchedAt.getTime() <= now.getTime() - expiryMs) {
      if (await expireOrder(deps.db, order.id, now)) pass.expired++;
    }
  }
  return pass;
}

/**
 * Marks order `id` 'expired' if it is still 'pending' (one conditional update: a concurrent
 * completion or expiry wins or loses as a whole). `now` becomes its `updated_at`.
 * @returns whether this call expired it.
 */
export async function expireOrder(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ status: "expired", updatedAt: now })
    .where(and(eq(orders.id, id), eq(orders.status, "pending")))
    .returning({ id: orders.id });
  return rows.length === 1;
}

/** The pass as the Operations page shows it, e.g. '3 checked: 1 paid, 2 expired'. */
export function describePass(pass: PendingOrdersPass): string {
  if (pass.checked === 0) return "no pending orders to check";
  const parts = [
    `${pass.paid} paid`,
    `${pass.expired} expired`,
    pass.mismatched ? `${pass.mismatched} not matching their payment` : "",
    pass.unreachable ? `${pass.unreachable} not verified (provider unreachable)` : "",
  ].filter(Boolean);
  return `${pass.checked} checked: ${parts.join(", ")}`;
}
