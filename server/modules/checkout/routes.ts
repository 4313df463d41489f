/**
 * The shop's payment path (storefront spec §7 "Payment flow", notes/paystack.md):
 * - POST /api/checkout/start: the order payload → a 'pending' order priced by the server and bound
 *   to the payment reference; with Paystack keys, Initialize Transaction for the SERVER's amount
 *   (the browser then resumes it with the access code, so it cannot change the amount).
 * - POST /api/paystack/verify {reference}: Verify Transaction, then the one completion routine.
 * - POST /api/checkout (order payload): the same verification and completion; creates the pending
 *   order first if /start was skipped. Never trusts the payload's prices or totals.
 * - POST /api/paystack/test-payment {reference, outcome}: test-payment mode only (no keys): the
 *   in-app 'Test payment' dialog's Approve/Decline, recorded for the test provider's verify.
 * All public (ARCHITECTURE.md "API rules"); answers in naira.
 */
import { Router } from "express";
import type { Logger } from "pino";
import { z } from "zod";
import { orderPayloadSchema, paymentReferenceSchema } from "#common/checkout.ts";
import { koboToNaira } from "#common/money.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { HttpError, handler, parse } from "#server/http.ts";
import type { Mailer } from "#server/integrations/mailer.ts";
import {
  createPaystackClient,
  createTestPaymentProvider,
  type PaymentProvider,
  PaystackError,
  type VerifiedTransaction,
} from "#server/integrations/paystack.ts";
import { sendOrderEmails } from "#server/modules/orders/emails.ts";
import {
  addPaymentData,
  type CompletionResult,
  completeOrder,
  createPendingOrder,
  orderPaymentState,
} from "#server/modules/orders/service.ts";

type Deps = { db: Db; config: Config; mailer: Mailer; logger: Logger };

const verifyBody = z.object({ reference: paymentReferenceSchema });
const testPaymentBody = z.object({
  reference: paymentReferenceSchema,
  outcome: z.enum(["approve", "decline"], { error: "outcome must be approve or decline" }),
});

/** The payment provider the configuration asks for: Paystack with keys, else test payments. */
export function paymentProviderFor(
  config: Config,
): PaymentProvider | ReturnType<typeof createTestPaymentProvider> {
  if (config.PAYSTACK_SECRET_KEY) {
    return createPaystackClient({
      secretKey: config.PAYSTACK_SECRET_KEY,
      baseUrl: config.PAYSTACK_BASE_URL,
    });
  }
  return createTestPaymentProvider();
}

/**
 * Verifies `reference` with the provider and runs the completion routine; sends the order emails
 * the first time the order is paid.
 * @throws HttpError 404 (no order for the reference), 502 (provider unreachable).
 */
export async function verifyAndComplete(
  deps: Deps,
  provider: PaymentProvider,
  reference: string,
  source: "verify" | "checkout",
): Promise<{ result: CompletionResult; payment: VerifiedTransaction | null }> {
  const state = await orderPaymentState(deps.db, reference);
  if (!state) throw new HttpError(404, "No order was started with this payment reference");
  if (state.status !== "pending") {
    // Already paid: answer from the database without asking the provider again.
    return {
      result: await completeOrder(deps.db, reference, alreadyPaid(reference), source),
      payment: null,
    };
  }
  let payment: VerifiedTransaction;
  try {
    payment = await provider.verify(reference);
  } catch (err) {
    deps.logger.error({ err: (err as Error).message, reference }, "payment verification failed");
    throw new HttpError(502, "We could not reach the payment provider. Please try again.");
  }
  const result = await completeOrder(deps.db, reference, payment, source);
  await afterCompletion(deps, reference, result);
  return { result, payment };
}

// completeOrder returns a non-pending order unchanged before it looks at the payment.
function alreadyPaid(reference: string): VerifiedTransaction {
  return { status: "success", reference, amountKobo: -1, currency: "", details: {} };
}

/** Logs the outcome and sends the emails of a newly paid order. */
export async function afterCompletion(deps: Deps, reference: string, result: CompletionResult) {
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
    await sendOrderEmails(deps.mailer, deps.logger, result.order);
  }
}

export function checkoutRouter(deps: Deps): Router {
  const router = Router();
  const provider = paymentProviderFor(deps.config);

  router.post(
    "/checkout/start",
    handler(async (req, res) => {
      const payload = parse(orderPayloadSchema, req.body);
      const { order, clientTotalDiffers } = await createPendingOrder(
        deps.db,
        payload,
        provider.mode,
      );
      if (clientTotalDiffers) {
        req.log?.info({ orderId: order.id, clientTotal: payload.total }, "client total ignored");
      }
      let accessCode: string | null = null;
      if (order.status === "pending" && provider.mode === "paystack") {
        const stored = (await orderPaymentState(deps.db, order.paymentReference))?.paymentData;
        accessCode = typeof stored?.accessCode === "string" ? stored.accessCode : null;
        if (!accessCode) {
          try {
            const init = await provider.initialize({
              email: order.customerEmail,
              amountKobo: Math.round(order.total * 100),
              reference: order.paymentReference,
              metadata: { orderId: order.id },
            });
            accessCode = init?.accessCode ?? null;
            if (accessCode) await addPaymentData(deps.db, order.id, { accessCode });
          } catch (err) {
            const reason = err instanceof PaystackError ? err.message : "payment provider error";
            req.log?.error({ reason, orderId: order.id }, "Paystack initialize failed");
            throw new HttpError(502, `Failed to initialize payment: ${reason}`);
          }
        }
      }
      res.status(201).json({
        orderId: order.id,
        reference: order.paymentReference,
        status: order.status,
        items: order.items,
        subtotal: order.subtotal,
        shipping: order.shipping,
        total: order.total,
        amountKobo: Math.round(order.total * 100),
        currency: order.currency,
        mode: provider.mode,
        accessCode,
      });
    }),
  );

  router.post(
    "/paystack/verify",
    handler(async (req, res) => {
      const { reference } = parse(verifyBody, req.body);
      const { result, payment } = await verifyAndComplete(deps, provider, reference, "verify");
      const paid = result.outcome === "paid";
      res.json({
        verified: paid,
        data: {
          reference,
          status: paid ? "success" : (payment?.status ?? "unknown"),
          amount: payment && payment.amountKobo >= 0 ? koboToNaira(payment.amountKobo) : null,
          currency: payment?.currency || "NGN",
          orderId: paid ? result.order.id : null,
          orderStatus: paid ? result.order.status : "pending",
          message:
            result.outcome === "mismatch"
              ? "The payment does not match this order's total"
              : result.outcome === "unpaid"
                ? "The payment has not been completed"
                : "Payment verified",
        },
      });
    }),
  );

  router.post(
    "/checkout",
    handler(async (req, res) => {
      const payload = parse(orderPayloadSchema, req.body);
      const { clientTotalDiffers, order: pending } = await createPendingOrder(
        deps.db,
        payload,
        provider.mode,
      );
      if (clientTotalDiffers) {
        req.log?.info({ orderId: pending.id, clientTotal: payload.total }, "client total ignored");
      }
      if (pending.status !== "pending") {
        // Already paid (by verify or the webhook): nothing to ask the provider.
        res.status(200).json(pending);
        return;
      }
      const { result } = await verifyAndComplete(
        deps,
        provider,
        payload.paymentReference,
        "checkout",
      );
      if (result.outcome === "unpaid") {
        throw new HttpError(402, "The payment for this order has not been completed");
      }
      if (result.outcome === "mismatch") {
        throw new HttpError(409, "The payment does not match this order's total");
      }
      res.status(result.newlyPaid ? 201 : 200).json(result.order);
    }),
  );

  router.post(
    "/paystack/test-payment",
    handler(async (req, res) => {
      if (provider.mode !== "test" || !("record" in provider) || !provider.record) {
        throw new HttpError(404, "Not found");
      }
      const { reference, outcome } = parse(testPaymentBody, req.body);
      const state = await orderPaymentState(deps.db, reference);
      if (!state) throw new HttpError(404, "No order was started with this payment reference");
      // The test payment is for the order's own amount, as Paystack charges what was initialised.
      provider.record(reference, outcome === "approve" ? "success" : "failed", state.totalKobo);
      res.json({ reference, status: outcome === "approve" ? "success" : "failed" });
    }),
  );

  return router;
}
