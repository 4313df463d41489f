/**
 * The /cart page body (storefront spec §2 "/cart", §4, §5, §8, §9): lines with name, an
 * 80-character description preview, price, quantity stepper and remove; subtotal, delivery and
 * total as the estimate they are (the checkout charges the state's cost: issue 33, decision 0250);
 * 'Proceed to Checkout'; the empty state 'Your cart is empty'.
 */
import { ShoppingBag, Trash2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import { FallbackImage } from "#app/components/ui/fallback-image.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { formatTotal } from "#app/lib/money-text.ts";
import { truncate } from "#app/lib/text.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { formatNaira } from "#common/money.ts";
import { PAYMENT_MESSAGES } from "#common/payment-messages.ts";
import { cartDeliveryRange, SHIPPING_OPTIONS } from "#common/shipping.ts";
import { useCartContext } from "./cart-context";
import { lineStock, useLiveStock } from "./live-stock";
import { QuantityStepper } from "./quantity-stepper";

export const CART_DESCRIPTION_PREVIEW_LENGTH = 80;
const PLACEHOLDER = "/images/placeholder-product.svg";

export function CartView() {
  const { items, subtotal, removeItem, updateQuantity } = useCartContext();
  const hydrated = useHydrated();
  const toast = useToast();
  const navigate = useNavigate();
  const delivery = cartDeliveryRange();
  // Read again on every change of the lines, so a flag follows what the client does.
  const stock = useLiveStock(items.map((i) => `${i.id}x${i.quantity}`).join(","));
  const blocked = items.filter((i) => lineStock(stock, i.id, i.quantity).state !== "ok");
  // Removing a line unmounts the focused button; focus then goes to the list or, when the cart
  // is empty, to the empty state, instead of dropping to the page (issue 33).
  const removedRef = useRef(false);
  const emptyHeadingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (!removedRef.current) return;
    removedRef.current = false;
    (emptyHeadingRef.current ?? listRef.current)?.focus();
  });

  function remove(id: number) {
    removedRef.current = true;
    removeItem(id);
  }

  function proceed() {
    if (items.length === 0) {
      toast({
        title: PAYMENT_MESSAGES.emptyCartTitle,
        description: PAYMENT_MESSAGES.emptyCartText,
        variant: "destructive",
      });
      return;
    }
    if (blocked.length > 0) {
      toast({
        title: "Please update your cart",
        description: `${blocked.map((i) => i.name).join(", ")}: not enough in stock.`,
        variant: "destructive",
      });
      return;
    }
    navigate("/checkout");
  }

  if (!hydrated) {
    return <p className="py-16 text-center text-stone-600">Loading your cart…</p>;
  }

  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center py-16 text-center">
        <ShoppingBag className="h-12 w-12 text-brand-300" aria-hidden />
        <h2
          ref={emptyHeadingRef}
          tabIndex={-1}
          className="mt-4 font-serif text-2xl text-brand-900 focus:outline-none"
        >
          Your cart is empty
        </h2>
        <p className="mt-2 text-stone-600">Find something your skin will love in our shop.</p>
        <Link to="/shop" className={buttonClassName({ size: "lg", className: "mt-8" })}>
          Continue Shopping
        </Link>
      </div>
    );
  }

  return (
    <div className="grid gap-10 lg:grid-cols-[1fr_22rem]">
      <ul
        ref={listRef}
        tabIndex={-1}
        aria-label="Cart items"
        className="divide-y divide-brand-100 border-y border-brand-100 focus:outline-none"
      >
        {items.map((item) => {
          const line = lineStock(stock, item.id, item.quantity);
          return (
            <li key={item.id} className="flex gap-4 py-5">
              <Link
                to={`/product/${item.id}`}
                className="h-24 w-24 shrink-0 overflow-hidden rounded-xl bg-brand-50 sm:h-28 sm:w-28"
                tabIndex={-1}
                aria-hidden
              >
                <FallbackImage
                  src={item.image || PLACEHOLDER}
                  fallbackSrc={PLACEHOLDER}
                  alt=""
                  width={112}
                  height={112}
                  className="h-full w-full object-cover"
                />
              </Link>
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <div className="flex items-start justify-between gap-3">
                  <h3 className="font-serif text-lg leading-snug text-brand-900">
                    <Link to={`/product/${item.id}`} className="hover:underline">
                      {item.name}
                    </Link>
                  </h3>
                  <p className="shrink-0 font-semibold text-brand-800">{formatNaira(item.price)}</p>
                </div>
                <p className="text-sm text-stone-600">
                  {truncate(item.description, CART_DESCRIPTION_PREVIEW_LENGTH)}
                </p>
                {line.state === "sold-out" && (
                  <p className="text-sm font-semibold text-red-700">
                    Sold out: remove it to check out.
                  </p>
                )}
                {line.state === "reduced" && (
                  <p className="text-sm font-semibold text-red-700">
                    Only {line.available} left in stock: lower the quantity to check out.
                  </p>
                )}
                <div className="mt-auto flex items-center justify-between gap-3">
                  <QuantityStepper
                    size="sm"
                    value={item.quantity}
                    max={Math.max(1, line.available)}
                    label={`Quantity of ${item.name}`}
                    onChange={(q) => updateQuantity(item.id, q)}
                  />
                  <button
                    type="button"
                    aria-label={`Remove ${item.name} from cart`}
                    onClick={() => remove(item.id)}
                    className="inline-flex items-center gap-1.5 rounded-full px-3 py-2 text-sm text-stone-700 transition-colors hover:bg-red-50 hover:text-red-700"
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                    <span className="hidden sm:inline">Remove</span>
                  </button>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <aside
        aria-labelledby="cart-summary-heading"
        className="h-fit rounded-2xl border border-brand-100 bg-brand-50 p-6"
      >
        <h2 id="cart-summary-heading" className="font-serif text-xl text-brand-900">
          Order Summary
        </h2>
        <dl className="mt-5 space-y-3 text-sm">
          <div className="flex justify-between">
            <dt className="text-stone-700">Subtotal</dt>
            <dd className="font-medium text-ink">{formatTotal(subtotal)}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-stone-700">Shipping (estimate)</dt>
            <dd className="font-medium text-ink">
              {formatNaira(delivery.min)} – {formatNaira(delivery.max)}
            </dd>
          </div>
          <div className="flex justify-between border-t border-brand-200 pt-3 text-base">
            <dt className="font-semibold text-brand-900">Estimated total</dt>
            <dd className="font-semibold text-brand-900">
              from {formatTotal(subtotal + delivery.min)}
            </dd>
          </div>
        </dl>
        <p className="mt-4 rounded-lg bg-white px-3 py-2 text-sm text-stone-700">
          Delivery is charged by state at checkout: Lagos{" "}
          {formatNaira(SHIPPING_OPTIONS.lagos.price)} ({SHIPPING_OPTIONS.lagos.estimatedDays}), up
          to {formatNaira(delivery.max)} for the farthest states.
        </p>
        <Button size="lg" className="mt-6 w-full" onClick={proceed}>
          Proceed to Checkout
        </Button>
        <Link
          to="/shop"
          className="mt-3 block text-center text-sm font-medium text-brand-700 hover:underline"
        >
          Continue Shopping
        </Link>
      </aside>
    </div>
  );
}
