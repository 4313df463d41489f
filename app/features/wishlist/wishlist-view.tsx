/**
 * The /wishlist page body (storefront spec §2 "/wishlist", §4 "Wishlist"): saved products with
 * add to cart and remove; the empty state 'Your wishlist is empty'.
 */
import { Heart, ShoppingBag, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import { FallbackImage } from "#app/components/ui/fallback-image.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { useCartContext } from "#app/features/cart/cart-context.tsx";
import { truncate } from "#app/lib/text.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { formatNaira } from "#common/money.ts";
import { removeFromWishlist, useWishlist } from "./wishlist-store";

const PLACEHOLDER = "/images/placeholder-product.svg";

export function WishlistView() {
  const items = useWishlist();
  const hydrated = useHydrated();
  const { addItem } = useCartContext();
  const toast = useToast();

  if (!hydrated) {
    return <p className="py-16 text-center text-stone-600">Loading your wishlist…</p>;
  }
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center py-16 text-center">
        <Heart className="h-12 w-12 text-brand-300" aria-hidden />
        <h2 className="mt-4 font-serif text-2xl text-brand-900">Your wishlist is empty</h2>
        <p className="mt-2 text-stone-600">Tap the heart on a product to save it for later.</p>
        <Link to="/shop" className={buttonClassName({ size: "lg", className: "mt-8" })}>
          Browse the Shop
        </Link>
      </div>
    );
  }
  return (
    <ul aria-label="Wishlist items" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li
          key={item.id}
          className="flex flex-col overflow-hidden rounded-2xl border border-brand-100 bg-white shadow-sm"
        >
          <Link
            to={`/product/${item.id}`}
            className="aspect-[4/3] bg-brand-50"
            tabIndex={-1}
            aria-hidden
          >
            <FallbackImage
              src={item.image || PLACEHOLDER}
              fallbackSrc={PLACEHOLDER}
              alt=""
              width={400}
              height={300}
              loading="lazy"
              className="h-full w-full object-cover"
            />
          </Link>
          <div className="flex flex-1 flex-col gap-2 p-5">
            <h3 className="font-serif text-lg text-brand-900">
              <Link to={`/product/${item.id}`} className="hover:underline">
                {item.name}
              </Link>
            </h3>
            <p className="text-sm text-stone-600">{truncate(item.description, 80)}</p>
            <p className="font-semibold text-brand-800">{formatNaira(item.price)}</p>
            <div className="mt-auto flex items-center gap-2 pt-2">
              <Button
                size="sm"
                onClick={() => {
                  const { addedAt: _addedAt, ...product } = item;
                  addItem(product, 1);
                  toast({ title: "Added to cart", description: `${item.name} is in your cart.` });
                }}
              >
                <ShoppingBag className="h-4 w-4" aria-hidden />
                Add to Cart
              </Button>
              <button
                type="button"
                aria-label="Remove from wishlist"
                title={`Remove ${item.name} from wishlist`}
                onClick={() => removeFromWishlist(item.id)}
                className="grid h-9 w-9 place-items-center rounded-full text-stone-700 hover:bg-red-50 hover:text-red-700"
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </button>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
