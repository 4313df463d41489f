/** /cart: the shopping cart (storefront spec §2 "/cart"). */
import { CartView } from "#app/features/cart/cart-view.tsx";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = () => [
  { title: "Your Cart | Glow Haven" },
  {
    name: "description",
    content:
      "Your Glow Haven shopping cart: the skincare products you have chosen, quantities and delivery cost before checkout.",
  },
  // Not for search results (a visitor's own cart); Lighthouse's SEO score counts this against it.
  { name: "robots", content: "noindex" },
];

export default function CartPage() {
  return (
    // The cart lives in the browser, so the server sends a placeholder; the minimum height keeps
    // the footer below the fold while the cart replaces it (no layout shift, issue 15).
    <main id="main" className="mx-auto min-h-screen w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="mb-8 font-serif text-3xl text-brand-900 sm:text-4xl">Shopping Cart</h1>
      <CartView />
    </main>
  );
}
