/**
 * The /wishlist page body (storefront spec §2 "/wishlist", §4 "Wishlist"): saved products with
 * add to cart and remove; the empty state 'Your wishlist is empty'. Stock is read when shown and
 * on every change (issue 33): a sold-out product is flagged and adding it is refused with the
 * spec's 'Out of Stock' toast (§5 "Product"), as is adding more than is left counting the cart.
 */
import { Heart, ShoppingBag, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import { FallbackImage } from "#app/components/ui/fallback-image.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { useCartContext } from "#app/features/cart/cart-context.tsx";
import { roomLeft, useLiveStock } from "#app/features/cart/live-stock.ts";
import { truncate } from "#app/lib/text.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { formatNaira } from "#common/money.ts";
import { removeFromWishlist, useWishlist } from "./wishlist-store";

const PLACEHOLDER = "/images/placeholder-product.svg";

export function WishlistView() {
  const items = useWishlist();
  const hydrated = useHydrated();
  const { addItem, items: cartItems } = useCartContext();
  const toast = useToast();
  const stock = useLiveStock(
    [...items.map((i) => i.id), "cart", ...cartItems.map((i) => `${i.id}x${i.quantity}`)].join(","),
  );

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
      {items.map((item) => {
        const inStock = stock ? (stock.get(item.id) ?? 0) : null;
        const soldOut = inStock !== null && inStock <= 0;
        return (
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
              {soldOut && <p className="text-sm font-semibold text-red-700">OUT OF STOCK</p>}
              <div className="mt-auto flex items-center gap-2 pt-2">
                <Button
                  size="sm"
                  onClick={() => {
                    const inCart = cartItems.find((i) => i.id === item.id)?.quantity ?? 0;
                    if (soldOut || (inStock !== null && roomLeft(inStock, inCart) <= 0)) {
                      toast({
                        title: "Out of Stock",
                        description: soldOut
                          ? `${item.name} is currently out of stock.`
                          : `All ${inStock} of ${item.name} in stock are already in your cart.`,
                        variant: "destructive",
                      });
                      return;
                    }
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
        );
      })}
    </ul>
  );
}
