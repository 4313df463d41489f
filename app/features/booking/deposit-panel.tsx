/**
 * What the booking form shows once a time is held (issue 32): the time held and until when, the
 * ₦20,000 booking fee to pay (Paystack's one checkout with card, bank transfer and USSD, or the
 * clearly labelled test-payment dialog without keys), "Pay at the clinic" where the clinic allows
 * it, and, once paid, the confirmation with the manage-my-booking link. Loaded only after a hold
 * (not with the page: issue 15's first-load budget). The server verifies every payment; the
 * browser's callback only asks it to.
 */
import { useState } from "react";
import { Link } from "react-router";
import {
  loadPaystackScript,
  resumePaystackTransaction,
} from "#app/features/checkout/paystack-inline.ts";
import { TestPaymentDialog } from "#app/features/checkout/test-payment-dialog.tsx";
import { ApiError, apiRequest } from "#app/lib/api.ts";
import type { DepositState, HoldAnswer } from "#common/deposits.ts";
import { formatLagosAppointment, lagosTime } from "#common/lagos-time.ts";
import { formatNaira } from "#common/money.ts";

/** The held booking's payment step and confirmation; `onPaid` runs once it is booked. */
export default function DepositPanel({ hold, onPaid }: { hold: HoldAnswer; onPaid: () => void }) {
  const deposit = hold.deposit;
  const [phase, setPhase] = useState<"pay" | "paying" | "test" | "paid" | "clinic">(
    deposit ? "pay" : "paid",
  );
  const [error, setError] = useState<string | null>(null);
  const base = deposit ? `/api/bookings/deposits/${encodeURIComponent(deposit.reference)}` : "";

  async function verify() {
    const state = await apiRequest<DepositState>("POST", `${base}/verify`);
    if (state.status === "paid") {
      setPhase("paid");
      onPaid();
    } else {
      setPhase("pay");
      setError("The payment was not completed. Your time is still held: you may try again.");
    }
  }

  async function pay() {
    setError(null);
    setPhase("paying");
    try {
      const started = await apiRequest<DepositState>("POST", `${base}/start`);
      if (started.status === "paid") return verify();
      if (started.mode === "test") {
        setPhase("test");
        return;
      }
      await loadPaystackScript();
      resumePaystackTransaction(started.accessCode ?? "", {
        onSuccess: () => void verify().catch(fail),
        onCancel: () => setPhase("pay"),
        onError: (e) => fail(new Error(e.message ?? "Payment failed")),
      });
    } catch (err) {
      fail(err);
    }
  }

  async function testOutcome(outcome: "approve" | "decline") {
    setPhase("paying");
    try {
      await apiRequest("POST", `${base}/test-payment`, { outcome });
      await verify();
    } catch (err) {
      fail(err);
    }
  }

  async function atClinic() {
    setError(null);
    setPhase("paying");
    try {
      await apiRequest("POST", `${base}/pay-at-clinic`);
      setPhase("clinic");
      onPaid();
    } catch (err) {
      fail(err);
    }
  }

  function fail(err: unknown) {
    setPhase("pay");
    setError(
      err instanceof ApiError && err.serverMessage
        ? err.serverMessage
        : `Failed to initialize payment: ${(err as Error).message}`,
    );
  }

  const when = formatLagosAppointment(hold.startsAt);
  if (phase === "paid" || phase === "clinic") {
    return (
      <section
        aria-labelledby="booking-confirmed"
        className="rounded-lg border border-emerald-300 bg-emerald-50 p-5 text-emerald-950 sm:col-span-2"
      >
        <h3 id="booking-confirmed" className="font-serif text-xl">
          Your appointment is booked
        </h3>
        <p className="mt-2">
          {hold.serviceName} on {when} (Lagos time).{" "}
          {phase === "clinic"
            ? `The ${formatNaira(deposit?.amount ?? 0)} booking fee is paid at the clinic.`
            : deposit
              ? `Your ${formatNaira(deposit.amount)} deposit is paid and will be credited to your visit.`
              : "No booking fee is due for your first consultation."}{" "}
          We have sent the details by email and WhatsApp.
        </p>
        <Link
          to={hold.manageUrl}
          className="mt-3 inline-block font-semibold text-brand-800 underline underline-offset-2"
        >
          Manage my booking
        </Link>
      </section>
    );
  }
  return (
    <section
      aria-labelledby="booking-held"
      className="rounded-lg border border-brand-200 bg-brand-50 p-5 sm:col-span-2"
    >
      <h3 id="booking-held" className="font-serif text-xl text-brand-900">
        Your time is held
      </h3>
      <p className="mt-2 text-ink">
        {hold.serviceName} on {when} is held for you until{" "}
        {hold.heldUntil ? lagosTime(new Date(hold.heldUntil)) : ""}. Pay the{" "}
        {formatNaira(deposit?.amount ?? 0)} booking fee to secure it: by card, bank transfer or
        USSD. It is credited to your visit.
      </p>
      {error && (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <button
          type="button"
          onClick={pay}
          disabled={phase === "paying"}
          className="rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
        >
          {phase === "paying"
            ? "Processing..."
            : `Pay ${formatNaira(deposit?.amount ?? 0)} deposit`}
        </button>
        {hold.payAtClinicAllowed && (
          <button
            type="button"
            onClick={atClinic}
            disabled={phase === "paying"}
            className="rounded-md border border-brand-700 px-6 py-3 font-semibold text-brand-800 hover:bg-brand-100 disabled:opacity-70"
          >
            Pay at the clinic
          </button>
        )}
      </div>
      {deposit && (
        <TestPaymentDialog
          open={phase === "test"}
          amount={deposit.amount}
          reference={deposit.reference}
          onApprove={() => void testOutcome("approve")}
          onDecline={() => void testOutcome("decline")}
          onCancel={() => setPhase("pay")}
        />
      )}
    </section>
  );
}
