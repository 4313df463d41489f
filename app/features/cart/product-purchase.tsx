/**
 * The purchase controls of /product/{id} (storefront spec §2 "/product/{id}", §4 "Product page",
 * §5 "Product", §8): quantity selector (starts at 1, stays above 0), 'Add to Cart' (refused with
 * the 'Out of Stock' toast when stock is 0), the wishlist toggle and the share menu (social and
 * messaging links, copy link with 'Copy Failed' on failure). Also records the product view.
 * The share menu (Radix DropdownMenu) is a separate chunk loaded when the Share button is
 * hovered, focused or pressed, so it is not in the product page's first load (issue 15).
 */
import { clsx } from "clsx";
import { Heart, Share2, ShoppingBag } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import {
  addToWishlist,
  removeFromWishlist,
  useWishlist,
} from "#app/features/wishlist/wishlist-store.ts";
import type { PublicProduct } from "#common/catalog.ts";
import { useCartContext } from "./cart-context";
import { cartFields } from "./cart-fields";
import { roomLeft } from "./live-stock";
import { QuantityStepper } from "./quantity-stepper";

const loadShareMenu = () => import("./share-menu");
const ShareMenu = lazy(loadShareMenu);
const preloadShareMenu = () => {
  void loadShareMenu();
};
const SHARE_BUTTON_CLASS =
  "grid h-12 w-12 place-items-center rounded-full border border-brand-200 text-brand-800 transition-colors hover:bg-brand-100";

export function ProductPurchase({ product }: { product: PublicProduct }) {
  const { addItem, items } = useCartContext();
  const toast = useToast();
  const wishlist = useWishlist();
  const inWishlist = wishlist.some((i) => i.id === product.id);
  const [quantity, setQuantity] = useState(1);
  const [shareOpen, setShareOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const [pageUrl, setPageUrl] = useState(`/product/${product.id}`);
  const outOfStock = product.stock <= 0;
  // The cap counts units already in the cart (issue 33): stock 3 with 2 in the cart allows 1.
  const inCart = items.find((i) => i.id === product.id)?.quantity ?? 0;
  const room = roomLeft(product.stock, inCart);

  // The absolute address to share; the product-view event is sent by the product route.
  useEffect(() => {
    setPageUrl(new URL(`/product/${product.id}`, window.location.origin).href);
  }, [product.id]);

  function addToCart() {
    if (outOfStock) {
      toast({
        title: "Out of Stock",
        description: `${product.name} is currently out of stock.`,
        variant: "destructive",
      });
      return;
    }
    if (quantity > room) {
      toast({
        title: "Not enough in stock",
        description:
          room > 0
            ? `Only ${room} more of ${product.name} can be added: ${inCart} already in your cart.`
            : `All ${product.stock} of ${product.name} in stock are already in your cart.`,
        variant: "destructive",
      });
      return;
    }
    addItem(cartFields(product), quantity);
    toast({
      title: "Added to cart",
      description: `${quantity} × ${product.name} added to your cart.`,
    });
  }

  function toggleWishlist() {
    if (inWishlist) {
      removeFromWishlist(product.id);
      toast({ title: "Removed from wishlist", description: `${product.name} was removed.` });
    } else {
      addToWishlist(cartFields(product));
      toast({ title: "Added to wishlist", description: `${product.name} was saved for later.` });
    }
  }

  function openMenu() {
    setMenuLoaded(true);
    setShareOpen(true);
  }

  async function share() {
    if (typeof navigator.share !== "function") {
      openMenu();
      return;
    }
    try {
      await navigator.share({ title: product.name, url: pageUrl });
    } catch (err) {
      // Closing the system share sheet is an abort; any other failure offers our menu.
      if ((err as Error)?.name !== "AbortError") openMenu();
    }
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(pageUrl);
      toast({ title: "Link copied", description: "The product link is on your clipboard." });
    } catch {
      toast({
        title: "Copy Failed",
        description: "Failed to copy link. Please try again.",
        variant: "destructive",
      });
    }
  }

  const maxQuantity = Math.max(1, room);
  // Until the menu's chunk is loaded the same-looking plain button stands in for its trigger.
  const shareButton = (
    <button
      type="button"
      aria-label="Share"
      onPointerEnter={preloadShareMenu}
      onFocus={preloadShareMenu}
      onClick={() => void share()}
      className={SHARE_BUTTON_CLASS}
    >
      <Share2 className="h-5 w-5" aria-hidden />
    </button>
  );

  return (
    <div className="mt-8 space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <QuantityStepper
          value={quantity}
          max={maxQuantity}
          label={`Quantity of ${product.name}`}
          onChange={setQuantity}
        />
        {outOfStock ? (
          // Disabled for assistive technology and in look, with AA contrast (issue 33); a press
          // still answers with the spec's 'Out of Stock' toast (§4) instead of doing nothing.
          <button
            type="button"
            aria-disabled="true"
            onClick={addToCart}
            className="inline-flex cursor-not-allowed items-center justify-center gap-2 rounded-full border border-stone-300 bg-stone-100 px-7 py-3.5 text-base font-medium tracking-wide text-stone-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-700"
          >
            <ShoppingBag className="h-5 w-5" aria-hidden />
            Add to Cart
          </button>
        ) : (
          // A tap before hydration is shown taken at once and added once React is there.
          <Button size="lg" id="add-to-cart" data-early-replay="each" onClick={addToCart}>
            <ShoppingBag className="h-5 w-5" aria-hidden />
            Add to Cart
          </Button>
        )}
        <button
          type="button"
          aria-label={inWishlist ? "Remove from wishlist" : "Add to wishlist"}
          aria-pressed={inWishlist}
          onClick={toggleWishlist}
          className="grid h-12 w-12 place-items-center rounded-full border border-brand-200 text-brand-800 transition-colors hover:bg-brand-100"
        >
          <Heart
            className={clsx("h-5 w-5", inWishlist && "fill-brand-700 text-brand-700")}
            aria-hidden
          />
        </button>
        {menuLoaded ? (
          <Suspense fallback={shareButton}>
            <ShareMenu
              pageUrl={pageUrl}
              productName={product.name}
              open={shareOpen}
              onOpenChange={setShareOpen}
              onShare={() => void share()}
              onCopy={() => void copyLink()}
              buttonClassName={SHARE_BUTTON_CLASS}
            />
          </Suspense>
        ) : (
          shareButton
        )}
      </div>
    </div>
  );
}
