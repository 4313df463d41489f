/**
 * The /checkout page body (storefront spec §2 "/checkout", §4 "Checkout", "Payment", §7
 * "Payment flow", §8): step 1 delivery information, step 2 payment, an order summary with the
 * state's delivery cost; an empty cart redirects to /cart with the 'Empty cart' toast.
 *
 * Payment: 'Continue to payment' asks the server to price the order and store it as pending under
 * a new 'txn_' reference (POST /api/checkout/start); 'Pay ₦{total}' then opens Paystack Inline for
 * that server-initialised transaction, or the 'Test payment' dialog when no keys are configured.
 * On the provider's success: POST /api/paystack/verify, which completes the order on the server
 * and answers its id and paid total, so the order is not posted again (POST /api/checkout stays
 * for API clients of the spec's sequence); the cart is cleared, the success message stored and
 * /payment-success opened 100 ms later. If verification fails once a reference exists, the
 * softer message is shown instead (the server still completes the order from the webhook or a
 * later verification).
 */
import { AlertCircle, Lock } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useToast } from "#app/components/ui/toast.tsx";
import { useCartContext } from "#app/features/cart/cart-context.tsx";
import { ApiError, apiRequest } from "#app/lib/api.ts";
import { formatTotal } from "#app/lib/money-text.ts";
import { track } from "#app/lib/tracking.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { CheckoutStarted, DeliveryInfo, PaymentVerification } from "#common/checkout.ts";
import { buildOrderPayload, newPaymentReference } from "#common/checkout-payload.ts";
import {
  PAYMENT_MESSAGES,
  type PaidOutcome,
  paidOrderMessage,
  paidOutcome,
} from "#common/payment-messages.ts";
import { deliveryCostForState } from "#common/shipping.ts";
import { DeliveryForm } from "./delivery-form";
import { OrderSummary, type SummaryLine } from "./order-summary";
import { storeSuccessMessage } from "./success-message";

// The payment step's code (Paystack's loader, the test-payment dialog on Radix) is fetched only
// when a payment starts, so it is not in the checkout page's first load (issue 15).
const TestPaymentDialog = lazy(() =>
  import("./test-payment-dialog").then((m) => ({ default: m.TestPaymentDialog })),
);

/** Delay before opening /payment-success after a verified payment (spec §9). */
export const SUCCESS_REDIRECT_MS = 100;

/** A paid order as the verification answered it: id and total paid (naira). */
type PaidOrder = { id: number; total: number };

export function CheckoutView() {
  const { items, subtotal, clear } = useCartContext();
  const hydrated = useHydrated();
  const toast = useToast();
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(1);
  const [delivery, setDelivery] = useState<DeliveryInfo | null>(null);
  const [chosenState, setChosenState] = useState("");
  const [started, setStarted] = useState<CheckoutStarted | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [testDialogOpen, setTestDialogOpen] = useState(false);
  // Set once the payment is done, so clearing the cart does not bounce the visitor to /cart.
  const finishing = useRef(false);
  const stepHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!hydrated || finishing.current || items.length > 0) return;
    toast({
      title: PAYMENT_MESSAGES.emptyCartTitle,
      description: PAYMENT_MESSAGES.emptyCartText,
      variant: "destructive",
    });
    navigate("/cart", { replace: true });
  }, [hydrated, items.length, navigate, toast]);

  // A changed cart invalidates the priced order: back to step 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the cart lines change
  useEffect(() => {
    if (finishing.current) return;
    setStarted(null);
    setStep(1);
  }, [items]);

  // Moving between steps puts focus on the new step's heading (not on the first visit).
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    stepHeading.current?.focus();
  }, [step]);

  function fail(message: string) {
    setError(message);
    setBusy(false);
    toast({ title: PAYMENT_MESSAGES.errorTitle, description: message, variant: "destructive" });
  }

  async function continueToPayment(values: DeliveryInfo) {
    setDelivery(values);
    setError(null);
    setBusy(true);
    const shipping = deliveryCostForState(values.state);
    const payload = buildOrderPayload(
      values,
      items,
      { subtotal, shipping, total: subtotal + shipping },
      newPaymentReference(),
    );
    try {
      const order = await apiRequest<CheckoutStarted>("POST", "/api/checkout/start", payload);
      setStarted(order);
      setStep(2);
      setBusy(false);
    } catch (err) {
      const message =
        err instanceof ApiError && err.serverMessage
          ? err.serverMessage
          : "We could not prepare your order. Please try again.";
      setError(message);
      setBusy(false);
      toast({ title: "Checkout Error", description: message, variant: "destructive" });
    }
  }

  function finish(
    message: string,
    order: PaidOrder | null,
    outcome: PaidOutcome | null = null,
    statusUrl: string | null = null,
  ) {
    finishing.current = true;
    if (order && started) {
      track({
        name: "purchase",
        payload: {
          products: started.items.map((i) => ({
            id: String(i.productId ?? ""),
            name: i.name,
            quantity: i.quantity,
          })),
          totalValue: order.total,
          currency: "NGN",
          orderId: String(order.id),
        },
      });
    }
    clear();
    storeSuccessMessage(message, outcome, statusUrl);
    window.setTimeout(() => navigate("/payment-success"), SUCCESS_REDIRECT_MS);
  }

  /** Finishes with the verified order: its id and the total the server says was paid. */
  function finishVerified(verification: PaymentVerification) {
    const { orderId, amount, orderStatus } = verification.data;
    if (!delivery || orderId === null || amount === null) {
      finish(PAYMENT_MESSAGES.softerSuccess, null);
      return;
    }
    // The server's status says whether the order is confirmed or, sold out while the client
    // paid, to be refunded (issue 33): the page never calls a refund order confirmed.
    const message = paidOrderMessage({
      orderStatus,
      orderId,
      amount: formatTotal(amount),
      fullName: delivery.fullName,
      email: delivery.email,
    });
    finish(
      message,
      { id: orderId, total: amount },
      paidOutcome(orderStatus),
      verification.data.statusUrl ?? null,
    );
  }

  /**
   * After the provider reports success: the server verifies and completes the order in one call
   * (POST /api/paystack/verify); the order is not sent again.
   */
  async function onProviderSuccess(reference: string) {
    if (!started || !delivery) return;
    setBusy(true);
    try {
      const verification = await apiRequest<PaymentVerification>("POST", "/api/paystack/verify", {
        reference,
      });
      if (verification.verified) {
        finishVerified(verification);
        return;
      }
    } catch {
      // Fall through: the reference exists, so the money may have moved.
    }
    // Reassure, and let the server finish (webhook or a later verification).
    finish(PAYMENT_MESSAGES.softerSuccess, null);
  }

  function onCancelled() {
    setBusy(false);
    setTestDialogOpen(false);
    toast({ title: PAYMENT_MESSAGES.cancelledTitle, description: PAYMENT_MESSAGES.cancelledText });
  }

  async function pay() {
    setError(null);
    if (!delivery || !started) {
      fail(PAYMENT_MESSAGES.deliveryMissing);
      return;
    }
    setBusy(true);
    let publicKey: string | null;
    try {
      publicKey = (await apiRequest<{ paystackPublicKey: string | null }>("GET", "/api/config"))
        .paystackPublicKey;
    } catch {
      fail(PAYMENT_MESSAGES.configFailed);
      return;
    }
    if (started.mode === "test" || !publicKey) {
      setTestDialogOpen(true);
      return;
    }
    if (!started.accessCode) {
      fail(PAYMENT_MESSAGES.initFailed("Payment key not configured"));
      return;
    }
    try {
      const { loadPaystackScript, resumePaystackTransaction } = await import("./paystack-inline");
      await loadPaystackScript();
      resumePaystackTransaction(started.accessCode, {
        onSuccess: (transaction) =>
          void onProviderSuccess(transaction.reference || started.reference),
        onCancel: onCancelled,
        onError: (e) => fail(PAYMENT_MESSAGES.initFailed(e?.message ?? "Payment failed")),
      });
    } catch (err) {
      fail(PAYMENT_MESSAGES.initFailed((err as Error).message));
    }
  }

  async function testOutcome(outcome: "approve" | "decline") {
    if (!started) return;
    setTestDialogOpen(false);
    try {
      await apiRequest("POST", "/api/paystack/test-payment", {
        reference: started.reference,
        outcome,
      });
    } catch {
      fail(PAYMENT_MESSAGES.initFailed("Test payment unavailable"));
      return;
    }
    if (outcome === "approve") {
      await onProviderSuccess(started.reference);
      return;
    }
    // Declined: the same server verification refuses it.
    try {
      const answer = await apiRequest<PaymentVerification>("POST", "/api/paystack/verify", {
        reference: started.reference,
      });
      if (answer.verified) {
        finishVerified(answer);
        return;
      }
    } catch {
      // Fall through to the error below.
    }
    fail(PAYMENT_MESSAGES.verificationFailed);
  }

  if (!hydrated || items.length === 0) {
    return <p className="py-16 text-center text-stone-600">Loading checkout…</p>;
  }

  const summaryLines: SummaryLine[] = started
    ? started.items.map((i) => ({ key: String(i.productId ?? i.name), ...i }))
    : items.map((i) => ({ key: String(i.id), name: i.name, price: i.price, quantity: i.quantity }));
  const estimateShipping = chosenState ? deliveryCostForState(chosenState) : null;

  return (
    <div className="grid gap-10 lg:grid-cols-[1fr_22rem]">
      <div>
        <ol className="mb-8 flex items-center gap-3 text-sm" aria-label="Checkout steps">
          <li
            aria-current={step === 1 ? "step" : undefined}
            className={step === 1 ? "font-semibold text-brand-800" : "text-stone-600"}
          >
            1. Delivery information
          </li>
          <li aria-hidden className="h-px w-8 bg-brand-200" />
          <li
            aria-current={step === 2 ? "step" : undefined}
            className={step === 2 ? "font-semibold text-brand-800" : "text-stone-600"}
          >
            2. Payment
          </li>
        </ol>
        {error && (
          <div
            role="alert"
            className="mb-6 flex items-start gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-800"
          >
            <AlertCircle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
            <p>{error}</p>
          </div>
        )}
        {step === 1 ? (
          <section aria-labelledby="delivery-heading">
            <h2
              id="delivery-heading"
              ref={stepHeading}
              tabIndex={-1}
              className="mb-6 font-serif text-2xl text-brand-900 outline-none"
            >
              Delivery Information
            </h2>
            <DeliveryForm
              initial={delivery}
              busy={busy}
              onStateChange={setChosenState}
              onSubmit={(values) => void continueToPayment(values)}
            />
          </section>
        ) : (
          <section aria-labelledby="payment-heading">
            <h2
              id="payment-heading"
              ref={stepHeading}
              tabIndex={-1}
              className="mb-6 font-serif text-2xl text-brand-900 outline-none"
            >
              Payment
            </h2>
            {delivery && (
              <div className="rounded-xl border border-brand-100 bg-white p-5 text-sm text-stone-700">
                <div className="flex items-start justify-between gap-4">
                  <div>
                    <p className="font-semibold text-ink">Delivering to</p>
                    <p className="mt-1">
                      {delivery.fullName} · {delivery.phone}
                    </p>
                    <p>{delivery.address}</p>
                    <p>
                      {delivery.city}, {delivery.state} {delivery.postalCode}, Nigeria
                    </p>
                  </div>
                  <button
                    type="button"
                    onClick={() => {
                      setStep(1);
                      setError(null);
                    }}
                    disabled={busy}
                    className="shrink-0 rounded-full px-3 py-1.5 font-medium text-brand-700 hover:bg-brand-100"
                  >
                    Edit
                  </button>
                </div>
              </div>
            )}
            {started?.mode === "test" && (
              <p className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
                Test-payment mode: card payments are not configured on this site, so no money will
                be taken. A test payment window lets you approve or decline the payment.
              </p>
            )}
            <button
              type="button"
              onClick={() => void pay()}
              disabled={busy || !started}
              className="mt-6 inline-flex w-full items-center justify-center gap-2 rounded-full bg-brand-700 px-7 py-3.5 font-medium text-white transition-colors hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto"
            >
              <Lock className="h-4 w-4" aria-hidden />
              {busy ? "Processing…" : `Pay ${formatTotal(started?.total ?? 0)}`}
            </button>
            <p className="mt-3 text-xs text-stone-600">
              Payments are processed securely by Paystack; your card details never reach our
              servers.
            </p>
          </section>
        )}
      </div>
      <OrderSummary
        lines={summaryLines}
        subtotal={started ? started.subtotal : subtotal}
        shipping={started ? started.shipping : estimateShipping}
        shippingLabel={started && delivery ? `Delivery (${delivery.state})` : "Delivery"}
        total={started ? started.total : subtotal + (estimateShipping ?? 0)}
      />
      {started && (
        <Suspense fallback={null}>
          <TestPaymentDialog
            open={testDialogOpen}
            amount={started.total}
            reference={started.reference}
            onApprove={() => void testOutcome("approve")}
            onDecline={() => void testOutcome("decline")}
            onCancel={onCancelled}
          />
        </Suspense>
      )}
    </div>
  );
}
