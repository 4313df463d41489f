/** /checkout: delivery information, then payment (storefront spec §2 "/checkout", §7). */
import { CheckoutView } from "#app/features/checkout/checkout-view.tsx";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = () => [
  { title: "Checkout | Glow Haven" },
  {
    name: "description",
    content:
      "Glow Haven checkout: delivery details and secure payment for your skincare order, delivered across Nigeria.",
  },
  // Not for search results (a visitor's own cart); Lighthouse's SEO score counts this against it.
  { name: "robots", content: "noindex" },
];

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function CheckoutPage() {
  return (
    // The cart lives in the browser, so the server sends a placeholder; the minimum height keeps
    // the footer below the fold while the cart replaces it (no layout shift, issue 15).
    <main id="main" className="mx-auto min-h-screen w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="mb-8 font-serif text-3xl text-brand-900 sm:text-4xl">Checkout</h1>
      <CheckoutView />
    </main>
  );
}
