/**
 * Completing a paid order (storefront spec §7 "Payment flow"; notes/paystack.md "one idempotent
 * mark-paid routine"; ARCHITECTURE.md "Data rules"). `completeOrder` is the ONE routine that marks
 * an order paid, whoever calls it (verify, checkout, webhook, scheduler): in one transaction it
 * locks the order row, moves it from 'pending' once, takes the stock (catalog/stock.ts
 * `takeStock`, products locked in id order) and enqueues the order's emails; a payment for stock
 * that ran out leaves the order 'refund-required' (never dropped, never negative stock).
 */
import { and, eq } from "drizzle-orm";
import type { OrderStatus } from "#common/orders.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { orders } from "#server/db/schema/orders.ts";
import { HttpError } from "#server/http.ts";
import type { VerifiedTransaction } from "#server/integrations/paystack.ts";
import { takeStock } from "#server/modules/catalog/stock.ts";
import { enqueueMessage } from "#server/modules/messages/service.ts";
import { kickMessages } from "#server/modules/messages/worker.ts";
import { orderEmailMessages } from "./emails.ts";
import { orderStatusUrl } from "./status-links.ts";
import { isUnpaid, itemsOf, type OrderItemRow, type StoredOrder, toPublicOrder } from "./stored.ts";

/** Which path confirmed the payment (kept as `confirmedBy` in the order's payment data). */
export type CompletionSource = "verify" | "checkout" | "webhook" | "scheduler";

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
 * the order and number of calls); accepts only status 'success' with the order's exact amount in
 * kobo (the stored `total_kobo`) and currency NGN; locks the products in id order and takes the
 * stock, or marks the order 'refund-required' when any line cannot be filled (stock never below
 * zero). A newly paid order's emails to the client and the clinic (emails.ts) are enqueued in the
 * same transaction, so a crash after the commit cannot lose them, and the messages worker is
 * kicked after the commit.
 * @throws HttpError 404 when no order is bound to `reference`.
 */
export async function completeOrder(
  db: Db,
  reference: string,
  payment: VerifiedTransaction,
  source: CompletionSource,
): Promise<CompletionResult> {
  const result = await db.transaction(async (tx): Promise<CompletionResult> => {
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
    const mismatch = paymentMismatch(order, reference, payment);
    if (mismatch) return { outcome: "mismatch", reason: mismatch };
    const paid = await markPaid(tx, order, payment, source);
    // Once per order: the emails' events are idempotency keys.
    for (const message of orderEmailMessages(toPublicOrder(paid), orderStatusUrl(paid))) {
      await enqueueMessage(tx, message);
    }
    return { outcome: "paid", order: paid, newlyPaid: true };
  });
  if (result.outcome === "paid" && result.newlyPaid) kickMessages(db);
  return result;
}

/** Why a successful `payment` is not this order's (reference, currency, kobo amount), or null. */
function paymentMismatch(
  order: { totalKobo: number },
  reference: string,
  payment: VerifiedTransaction,
): string | null {
  if (payment.reference !== reference) return "the provider reported another reference";
  if (payment.currency !== "NGN") return `currency ${payment.currency} is not NGN`;
  if (payment.amountKobo !== order.totalKobo) {
    return `paid ${payment.amountKobo} kobo, order total is ${order.totalKobo} kobo`;
  }
  return null;
}

/**
 * Takes the stock of the locked unpaid `order` and marks it paid in `tx`: 'processing', or
 * 'refund-required' when a line cannot be filled; the provider's details and `source` are kept in
 * its payment data.
 */
async function markPaid(
  tx: Tx,
  order: typeof orders.$inferSelect,
  payment: VerifiedTransaction,
  source: CompletionSource,
): Promise<StoredOrder> {
  const lines: OrderItemRow[] = await itemsOf(tx, order.id);
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
  return { ...updated, items: lines };
}
