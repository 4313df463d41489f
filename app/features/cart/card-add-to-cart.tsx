/**
 * The hover 'ADD TO CART' button of a product card (storefront spec §2 "/shop" product card):
 * shown on hover or keyboard focus within the card (hidden, also from assistive technology,
 * otherwise), and always on screens without hover or narrower than 1024 px, where phones have no
 * hover (issue 33); only when the product is in stock; sits above the card's stretched link.
 */
import { ShoppingBag } from "lucide-react";
import { useId } from "react";
import { useToast } from "#app/components/ui/toast.tsx";
import type { CardProduct } from "#common/catalog.ts";
import { useCartContext } from "./cart-context";
import { cartFields } from "./cart-fields";

export function CardAddToCart({ product }: { product: CardProduct }) {
  const { addItem } = useCartContext();
  const toast = useToast();
  // The same product can show twice on a screen (the shop and the advisor's suggestions).
  const id = useId();
  if (product.stock <= 0) return null;
  return (
    <button
      type="button"
      // A tap before hydration is shown taken at once and added once React is there (issue 33).
      id={id}
      data-early-replay="each"
      onClick={() => {
        addItem(cartFields(product), 1);
        toast({ title: "Added to cart", description: `${product.name} is in your cart.` });
      }}
      className="invisible absolute inset-x-3 bottom-3 z-10 inline-flex translate-y-2 items-center justify-center gap-2 rounded-full bg-brand-800/95 px-4 py-2.5 text-xs font-semibold tracking-[0.2em] text-white opacity-0 shadow-lg transition duration-300 hover:bg-brand-900 group-focus-within:visible group-focus-within:translate-y-0 group-focus-within:opacity-100 group-hover:visible group-hover:translate-y-0 group-hover:opacity-100 max-lg:visible max-lg:translate-y-0 max-lg:px-2 max-lg:tracking-[0.1em] max-lg:opacity-100 [@media(hover:none)]:visible [@media(hover:none)]:translate-y-0 [@media(hover:none)]:opacity-100"
    >
      <ShoppingBag className="h-4 w-4" aria-hidden />
      ADD TO CART
      <span className="sr-only">: {product.name}</span>
    </button>
  );
}
