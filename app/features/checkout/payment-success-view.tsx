/** /payment-success: the order-success message stored before the redirect (spec §2, §4). */
import { CheckCircle2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { readSuccessMessage } from "./success-message";

export function PaymentSuccessView() {
  const [message, setMessage] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    setMessage(readSuccessMessage());
  }, []);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center text-center">
      <CheckCircle2 className="h-14 w-14 text-emerald-700" aria-hidden />
      <h1 className="mt-4 font-serif text-3xl text-brand-900 sm:text-4xl">
        Thank you for your order
      </h1>
      <p className="mt-4 text-stone-700" aria-live="polite">
        {message === undefined
          ? "\u00a0"
          : (message ??
            "There is no recent order in this browser tab. If you have just paid, check your email for the confirmation.")}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
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
