/** /cart: the shopping cart (storefront spec §2 "/cart"). */
import { CartView } from "#app/features/cart/cart-view.tsx";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = () => [
  { title: "Your Cart | Glow Haven" },
  { name: "robots", content: "noindex" },
];

export default function CartPage() {
  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="mb-8 font-serif text-3xl text-brand-900 sm:text-4xl">Shopping Cart</h1>
      <CartView />
    </main>
  );
}
