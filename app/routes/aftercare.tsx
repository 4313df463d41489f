/**
 * /aftercare/:token: the one-tap link of the aftercare message (issue 31). Asks the API for the
 * visit's home-care products (in stock, and passing the contraindication check), puts them in
 * the cart (localStorage) and opens /cart; says what was left out and why.
 */
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { addToCart, readCart } from "#app/features/cart/cart-store.ts";
import type { AftercareCart } from "#common/records.ts";
import type { Route } from "./+types/aftercare";

export const meta: Route.MetaFunction = () => [
  { title: "Your aftercare products | Glow Haven" },
  { name: "robots", content: "noindex" },
];

export default function AftercarePage({ params }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [state, setState] = useState<
    { kind: "loading" } | { kind: "error" } | { kind: "skipped"; cart: AftercareCart }
  >({ kind: "loading" });
  useEffect(() => {
    let cancelled = false;
    fetch(`/api/aftercare/${encodeURIComponent(params.token)}`, { credentials: "include" })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const cart = (await res.json()) as AftercareCart;
        if (cancelled) return;
        const inCart = new Set(readCart().map((i) => i.id));
        // A second tap does not double the quantities.
        for (const item of cart.items) if (!inCart.has(item.id)) addToCart(item, 1);
        if (cart.skipped.length === 0) navigate("/cart", { replace: true });
        else setState({ kind: "skipped", cart });
      })
      .catch(() => {
        if (!cancelled) setState({ kind: "error" });
      });
    return () => {
      cancelled = true;
    };
  }, [params.token, navigate]);

  return (
    <main id="main" className="mx-auto min-h-[60vh] w-full max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="mb-6 font-serif text-3xl text-brand-900">Your aftercare products</h1>
      {state.kind === "loading" && <p aria-live="polite">Preparing your cart…</p>}
      {state.kind === "error" && (
        <p role="alert">
          This aftercare link is not valid.{" "}
          <Link to="/shop" className="underline">
            Visit the shop
          </Link>
        </p>
      )}
      {state.kind === "skipped" && (
        <div className="flex flex-col gap-4">
          <p>
            {state.cart.items.length > 0
              ? "We added your home-care products to your cart. Some could not be added:"
              : "None of your home-care products could be added:"}
          </p>
          <ul className="list-disc pl-6">
            {state.cart.skipped.map((s) => (
              <li key={s.name}>
                {s.name}: {s.reason}
              </li>
            ))}
          </ul>
          <Link to="/cart" className="self-start rounded-md bg-brand-700 px-4 py-2 text-white">
            Go to my cart
          </Link>
        </div>
      )}
    </main>
  );
}
