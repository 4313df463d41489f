/**
 * /payment-success: the order-success message stored before the redirect (spec §2, §4). Its
 * heading follows the order's outcome as the server answered it (issue 33): a paid order whose
 * stock sold out while the client paid is announced as a refund, never as confirmed. A verified
 * order links to its signed status page (decision 0284).
 */
import { CheckCircle2, Info } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { buttonClassName } from "#app/components/ui/button.tsx";
import type { PaidOutcome } from "#common/payment-messages.ts";
import { readSuccessMessage, readSuccessOutcome, readSuccessStatusUrl } from "./success-message";

/** The page's heading for a refund: the payment arrived, the order cannot be filled. */
export const REFUND_HEADING = "Payment received: your order will be refunded";

export function PaymentSuccessView() {
  const [message, setMessage] = useState<string | null | undefined>(undefined);
  const [outcome, setOutcome] = useState<PaidOutcome | null>(null);
  const [statusUrl, setStatusUrl] = useState<string | null>(null);
  useEffect(() => {
    setMessage(readSuccessMessage());
    setOutcome(readSuccessOutcome());
    setStatusUrl(readSuccessStatusUrl());
  }, []);
  const refund = outcome === "refund";
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center text-center">
      {refund ? (
        <Info className="h-14 w-14 text-amber-700" aria-hidden />
      ) : (
        <CheckCircle2 className="h-14 w-14 text-emerald-700" aria-hidden />
      )}
      <h1 className="mt-4 font-serif text-3xl text-brand-900 sm:text-4xl">
        {refund ? REFUND_HEADING : "Thank you for your order"}
      </h1>
      <p className="mt-4 text-stone-700" aria-live="polite">
        {message === undefined
          ? "\u00a0"
          : (message ??
            "There is no recent order in this browser tab. If you have just paid, check your email for the confirmation.")}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {statusUrl && (
          <Link to={statusUrl} className={buttonClassName({ size: "lg", variant: "outline" })}>
            View Order Status
          </Link>
        )}
        <Link to="/shop" className={buttonClassName({ size: "lg" })}>
          Continue Shopping
        </Link>
        <Link to="/" className={buttonClassName({ size: "lg", variant: "outline" })}>
          Back to Home
        </Link>
      </div>
    </div>
  );
}
