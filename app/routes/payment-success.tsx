/** /payment-success: the stored order-success message (storefront spec §2, §4 "Payment"). */
import { PaymentSuccessView } from "#app/features/checkout/payment-success-view.tsx";
import type { Route } from "./+types/payment-success";

export const meta: Route.MetaFunction = () => [
  { title: "Your Order | Glow Haven" },
  { name: "robots", content: "noindex" },
];

export default function PaymentSuccessPage() {
  return (
    <main id="main" className="w-full px-4 py-16 sm:py-24">
      <PaymentSuccessView />
    </main>
  );
}
