/**
 * The shop's payment path (storefront spec §7 "Payment flow", §8; notes/paystack.md), as plain
 * functions the routes call: which provider pays, starting a checkout (a priced 'pending' order,
 * and with Paystack keys an Initialize Transaction for the SERVER's amount), verifying a payment
 * and completing the order, the spec's POST /api/checkout, the test-payment dialog's outcome, and
 * the webhook's `charge.success`. Every path that can mark an order paid ends in `completeOrder`
 * (completion.ts), which also enqueues the emails of a newly paid order, once.
 *
 * Money: kobo always comes from the stored order row (`total_kobo`); naira only in the answers.
 */
import type { Logger } from "pino";
import type { AdminIdentity } from "#common/auth.ts";
import type { CheckoutStarted, OrderPayload, PaymentVerification } from "#common/checkout.ts";
import { koboToNaira } from "#common/money.ts";
import type { PublicOrder } from "#common/orders.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { HttpError } from "#server/http.ts";
import {
  createPaystackClient,
  PaystackError,
  type PaystackEvent,
  type PaystackProvider,
  type TestPaymentProvider,
  transactionFromPaystackData,
  type VerifiedTransaction,
} from "#server/integrations/paystack.ts";
import { type CompletionResult, completeOrder } from "./completion.ts";
import { createPendingOrder } from "./pending.ts";
import { claimRefund, markRefunded, releaseRefundClaim } from "./status.ts";
import { orderStatusPath } from "./status-links.ts";
import {
  addPaymentData,
  findOrderByReference,
  isUnpaid,
  orderPaymentState,
  type StoredOrder,
  toPublicOrder,
} from "./stored.ts";
import { createTestPaymentProvider } from "./test-payments.ts";

/** The payment provider of this process: Paystack with keys, else the test-payment provider. */
export type CheckoutProvider = PaystackProvider | TestPaymentProvider;

/**
 * What the order routines need: the db and a logger (order emails go through the outbox, whose
 * worker owns the transports).
 */
export type OrderDeps = { db: Db; logger: Logger };

/**
 * OrderDeps plus the payment provider (test outcomes live in the database) and how
 * long a started checkout holds its units (CHECKOUT_RESERVATION_MINUTES, in ms).
 */
export type PaymentDeps = OrderDeps & { provider: CheckoutProvider; reservationMs?: number };

const NO_ORDER = "No order was started with this payment reference";

/**
 * The payment provider the configuration asks for: Paystack (PAYSTACK_SECRET_KEY, against
 * PAYSTACK_BASE_URL) when keys are set, else the test-payment provider over `db`
 * (ARCHITECTURE.md "Payments without keys"; ./test-payments.ts).
 */
export function paymentProviderFor(config: Config, db: Db): CheckoutProvider {
  if (config.PAYSTACK_SECRET_KEY) {
    return createPaystackClient({
      secretKey: config.PAYSTACK_SECRET_KEY,
      baseUrl: config.PAYSTACK_BASE_URL,
    });
  }
  return createTestPaymentProvider(db);
}

/**
 * POST /api/checkout/start: stores the order payload as a 'pending' order priced by the server
 * (idempotent per reference). With Paystack, initialises the transaction for the stored total in
 * kobo once and keeps the access code, so a retried start resumes the same transaction.
 * @returns the priced order (naira) with `amountKobo`, the mode and the access code, and
 *   `created`: whether this call stored the order (201) or found it started before (200).
 * @throws HttpError 409 (stock, reused reference; see createPendingOrder), 502 'Failed to
 *   initialize payment: {reason}' when Paystack refuses or cannot be reached.
 */
export async function startCheckout(
  deps: PaymentDeps,
  payload: OrderPayload,
): Promise<CheckoutStarted & { created: boolean }> {
  const { provider } = deps;
  const { order, clientTotalDiffers, created } = await createPendingOrder(
    deps.db,
    payload,
    provider.mode,
    { reservationMs: deps.reservationMs, renew: true },
  );
  if (clientTotalDiffers) {
    deps.logger.info({ orderId: order.id, clientTotal: payload.total }, "client total ignored");
  }
  let accessCode: string | null = null;
  if (order.status === "pending" && provider.mode === "paystack") {
    const stored = order.paymentData?.accessCode;
    accessCode = typeof stored === "string" ? stored : null;
    if (!accessCode) {
      try {
        const init = await provider.initialize({
          email: order.customerEmail,
          amountKobo: order.totalKobo,
          reference: order.paymentReference,
          metadata: { orderId: order.id },
        });
        accessCode = init?.accessCode ?? null;
        if (accessCode) await addPaymentData(deps.db, order.id, { accessCode });
      } catch (err) {
        // A concurrent start of the same reference may be initialising it right now (Paystack
        // then refuses ours as a duplicate): wait for the access code it stores. That start may
        // be a retry that found the order this call created, so the creator waits too.
        const duplicate = err instanceof PaystackError && /duplicate/i.test(err.message);
        accessCode =
          duplicate || !created ? await awaitAccessCode(deps.db, order.paymentReference) : null;
        if (!accessCode) {
          const reason = err instanceof PaystackError ? err.message : "payment provider error";
          deps.logger.error({ reason, orderId: order.id }, "Paystack initialize failed");
          throw new HttpError(502, `Failed to initialize payment: ${reason}`);
        }
      }
    }
  }
  const shown = toPublicOrder(order);
  return {
    created,
    orderId: order.id,
    reference: order.paymentReference,
    status: order.status,
    items: shown.items,
    subtotal: shown.subtotal,
    shipping: shown.shipping,
    total: shown.total,
    amountKobo: order.totalKobo,
    currency: order.currency,
    mode: provider.mode,
    accessCode,
  };
}

/** The access code another request stores for `reference`, polled for up to ~5 s; or null. */
async function awaitAccessCode(db: Db, reference: string): Promise<string | null> {
  for (let i = 0; i < 50; i++) {
    const code = (await orderPaymentState(db, reference))?.paymentData?.accessCode;
    if (typeof code === "string") return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

/** The outcome of verifying a reference with the provider and completing its order. */
export type Verification =
  /** Paid: by this call (`newlyPaid`) or before it (then the provider was not asked). */
  | { outcome: "paid"; order: StoredOrder; newlyPaid: boolean }
  /** Not paid; `payment` is what the provider reported, null when it knows no transaction. */
  | { outcome: "unpaid"; payment: VerifiedTransaction | null }
  /** A successful payment that does not match the order (amount, currency or reference). */
  | { outcome: "mismatch"; payment: VerifiedTransaction; reason: string };

/**
 * Completes the order bound to `reference` from the provider's Verify Transaction. An order
 * already paid (by verify, checkout or the webhook) is answered from the database without asking
 * the provider. Sends the order emails the first time the order is paid.
 * @throws HttpError 404 (no order for the reference), 502 (provider unreachable).
 */
export async function verifyAndComplete(
  deps: PaymentDeps,
  reference: string,
  source: "verify" | "checkout" | "scheduler",
): Promise<Verification> {
  const state = await orderPaymentState(deps.db, reference);
  if (!state) throw new HttpError(404, NO_ORDER);
  if (!isUnpaid(state.status)) {
    const order = await findOrderByReference(deps.db, reference);
    if (!order) throw new HttpError(404, NO_ORDER);
    return { outcome: "paid", order, newlyPaid: false };
  }
  let payment: VerifiedTransaction | null;
  try {
    payment = await deps.provider.verify(reference);
  } catch (err) {
    deps.logger.error({ err: (err as Error).message, reference }, "payment verification failed");
    throw new HttpError(502, "We could not reach the payment provider. Please try again.");
  }
  if (!payment) return { outcome: "unpaid", payment: null };
  const result = await completeOrder(deps.db, reference, payment, source);
  afterCompletion(deps, reference, result);
  if (result.outcome === "paid") return result;
  if (result.outcome === "unpaid") return { outcome: "unpaid", payment };
  return { outcome: "mismatch", payment, reason: result.reason };
}

/**
 * POST /api/paystack/verify {reference}: verifies and completes (verifyAndComplete).
 * @returns spec §7's `{verified, data}`; when verified, `data.amount` is the order's stored total
 *   in naira and `data.orderId`/`orderStatus` the paid order's.
 * @throws HttpError 404 (no order for the reference), 502 (provider unreachable).
 */
export async function verifyPayment(
  deps: PaymentDeps,
  reference: string,
): Promise<PaymentVerification> {
  const result = await verifyAndComplete(deps, reference, "verify");
  if (result.outcome === "paid") {
    return {
      verified: true,
      data: {
        reference,
        status: "success",
        amount: koboToNaira(result.order.totalKobo),
        currency: result.order.currency,
        orderId: result.order.id,
        orderStatus: result.order.status,
        message: "Payment verified",
        statusUrl: orderStatusPath(result.order),
      },
    };
  }
  const { payment } = result;
  return {
    verified: false,
    data: {
      reference,
      status: payment?.status ?? "not-found",
      amount:
        payment && Number.isFinite(payment.amountKobo) ? koboToNaira(payment.amountKobo) : null,
      currency: payment?.currency || null,
      orderId: null,
      orderStatus: "pending",
      message:
        result.outcome === "mismatch"
          ? "The payment does not match this order's total"
          : "The payment has not been completed",
      statusUrl: null,
    },
  };
}

/**
 * POST /api/checkout (spec §7, the order payload of §3): stores the pending order if /start was
 * skipped (priced by the server; the payload's prices and totals are never used), then verifies
 * and completes it. An order already paid is answered from the database as it is stored.
 * @returns the order (naira) and whether this call paid it (201) or it was paid before (200).
 * @throws HttpError 402 when the payment is not completed; 409 when it does not match the order
 *   or the reference belongs to another order, or for missing stock; 502 provider unreachable.
 */
export async function checkoutOrder(
  deps: PaymentDeps,
  payload: OrderPayload,
): Promise<{ order: PublicOrder; newlyPaid: boolean }> {
  const { order, clientTotalDiffers } = await createPendingOrder(
    deps.db,
    payload,
    deps.provider.mode,
    { reservationMs: deps.reservationMs },
  );
  if (clientTotalDiffers) {
    deps.logger.info({ orderId: order.id, clientTotal: payload.total }, "client total ignored");
  }
  if (!isUnpaid(order.status)) {
    // Already paid (by verify or the webhook): the stored order, nothing to ask the provider.
    return { order: toPublicOrder(order), newlyPaid: false };
  }
  const result = await verifyAndComplete(deps, payload.paymentReference, "checkout");
  if (result.outcome === "unpaid") {
    throw new HttpError(402, "The payment for this order has not been completed");
  }
  if (result.outcome === "mismatch") {
    throw new HttpError(409, "The payment does not match this order's total");
  }
  return { order: toPublicOrder(result.order), newlyPaid: result.newlyPaid };
}

/**
 * POST /api/paystack/test-payment (test-payment mode only): records the 'Test payment' dialog's
 * Approve ('success' for the order's stored total in kobo, as Paystack charges what was
 * initialised) or Decline ('failed') for the test provider's verify.
 * @throws HttpError 404 when Paystack keys are configured, or no order has this reference.
 */
export async function recordTestPayment(
  deps: PaymentDeps,
  reference: string,
  outcome: "approve" | "decline",
): Promise<{ reference: string; status: "success" | "failed" }> {
  if (deps.provider.mode !== "test") throw new HttpError(404, "Not found");
  const state = await orderPaymentState(deps.db, reference);
  if (!state) throw new HttpError(404, NO_ORDER);
  const status = outcome === "approve" ? "success" : "failed";
  await deps.provider.record(reference, status, state.totalKobo);
  return { reference, status };
}

/**
 * A Paystack webhook event whose signature matched: `charge.success` for one of our references
 * runs the completion routine (idempotent, so Paystack's retries change nothing); other events
 * and unknown references are ignored (acknowledged, so Paystack stops retrying).
 * @returns 'completed' when the completion routine ran, else 'ignored'.
 */
export async function completeFromWebhook(
  deps: OrderDeps,
  event: PaystackEvent,
): Promise<"completed" | "ignored"> {
  if (event.event !== "charge.success" || !event.data) return "ignored";
  const payment = transactionFromPaystackData(event.data);
  if (!(await orderPaymentState(deps.db, payment.reference))) {
    // Not one of our orders (another integration on the same account).
    deps.logger.warn({ reference: payment.reference }, "webhook for an unknown reference");
    return "ignored";
  }
  const result = await completeOrder(deps.db, payment.reference, payment, "webhook");
  afterCompletion(deps, payment.reference, result);
  return "completed";
}

/** Logs a refused payment, or a newly paid order (completeOrder has queued its emails). */
function afterCompletion(deps: OrderDeps, reference: string, result: CompletionResult): void {
  if (result.outcome === "mismatch") {
    deps.logger.warn(
      { reference, reason: result.reason },
      "payment refused: does not match the order",
    );
  } else if (result.outcome === "paid" && result.newlyPaid) {
    deps.logger.info(
      { orderId: result.order.id, status: result.order.status, reference },
      "order paid",
    );
  }
}

/**
 * POST /api/orders/{id}/refund (issue 14): returns a 'refund-required' order's payment through
 * the provider's refund API (Paystack `POST /refund {transaction: reference}`), then marks it
 * 'refunded' with the refund's id and who did it, audited ('order.refund') in one transaction.
 * The order is claimed first (a mark in its payment data, set only if absent), so two clicks
 * never refund twice, and no database lock is held while Paystack answers.
 * @throws HttpError 404 unknown order; 409 when it is not 'refund-required' or a refund is
 *   already under way; 502 'Refund failed: {reason}' when the provider refuses or is unreachable
 *   (the claim is released, so the admin can try again).
 */
export async function refundOrder(
  deps: PaymentDeps,
  admin: AdminIdentity,
  id: number,
): Promise<PublicOrder> {
  const claimed = await claimRefund(deps.db, id);
  let refund: { refundId: string; status: string };
  try {
    refund = await deps.provider.refund(claimed.paymentReference);
  } catch (err) {
    await releaseRefundClaim(deps.db, id);
    const reason = err instanceof PaystackError ? err.message : "payment provider error";
    deps.logger.error({ reason, orderId: id }, "refund failed");
    throw new HttpError(502, `Refund failed: ${reason}`);
  }
  const order = await markRefunded(deps.db, admin, id, refund);
  deps.logger.info({ orderId: id, refundId: refund.refundId }, "order refunded");
  return toPublicOrder(order);
}
