/**
 * The purchase controls of /product/{id} (storefront spec §2 "/product/{id}", §4 "Product page",
 * §5 "Product", §8): quantity selector (starts at 1, stays above 0), 'Add to Cart' (refused with
 * the 'Out of Stock' toast when stock is 0), the wishlist toggle and the share menu (social and
 * messaging links, copy link with 'Copy Failed' on failure). Also records the product view.
 */
import { clsx } from "clsx";
import { Heart, Link2, Share2, ShoppingBag } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useEffect, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import {
  addToWishlist,
  removeFromWishlist,
  useWishlist,
} from "#app/features/wishlist/wishlist-store.ts";
import { MAX_LINE_QUANTITY, type PublicProduct } from "#common/catalog.ts";
import { useCartContext } from "./cart-context";
import { QuantityStepper } from "./quantity-stepper";

/** Fields of a product the cart and wishlist keep (spec §3 "Cart item", "Wishlist item"). */
export function cartFields(product: PublicProduct) {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    price: product.price,
    image: product.image,
    category: product.category,
  };
}

/** Share targets for a product page address (spec §2: social and messaging sites). */
export function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { name: "WhatsApp", href: `https://wa.me/?text=${t}%20${u}` },
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: "X (Twitter)", href: `https://twitter.com/intent/tweet?text=${t}&url=${u}` },
    { name: "Telegram", href: `https://t.me/share/url?url=${u}&text=${t}` },
    {
      name: "Pinterest",
      href: `https://pinterest.com/pin/create/button/?url=${u}&description=${t}`,
    },
    { name: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { name: "Email", href: `mailto:?subject=${t}&body=${t}%20${u}` },
  ];
}

export function ProductPurchase({ product }: { product: PublicProduct }) {
  const { addItem } = useCartContext();
  const toast = useToast();
  const wishlist = useWishlist();
  const inWishlist = wishlist.some((i) => i.id === product.id);
  const [quantity, setQuantity] = useState(1);
  const [shareOpen, setShareOpen] = useState(false);
  const [pageUrl, setPageUrl] = useState(`/product/${product.id}`);
  const outOfStock = product.stock <= 0;

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

  async function share() {
    if (typeof navigator.share !== "function") {
      setShareOpen(true);
      return;
    }
    try {
      await navigator.share({ title: product.name, url: pageUrl });
    } catch (err) {
      // Closing the system share sheet is an abort; any other failure offers our menu.
      if ((err as Error)?.name !== "AbortError") setShareOpen(true);
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

  const maxQuantity = Math.max(1, Math.min(product.stock, MAX_LINE_QUANTITY));

  return (
    <div className="mt-8 space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <QuantityStepper
          value={quantity}
          max={maxQuantity}
          label={`Quantity of ${product.name}`}
          onChange={setQuantity}
        />
        <Button size="lg" onClick={addToCart} className={clsx(outOfStock && "opacity-60")}>
          <ShoppingBag className="h-5 w-5" aria-hidden />
          Add to Cart
        </Button>
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
        <DropdownMenu.Root open={shareOpen} onOpenChange={setShareOpen}>
          <DropdownMenu.Trigger asChild>
            <button
              type="button"
              aria-label="Share"
              onClick={(event) => {
                event.preventDefault();
                void share();
              }}
              onPointerDown={(event) => event.preventDefault()}
              className="grid h-12 w-12 place-items-center rounded-full border border-brand-200 text-brand-800 transition-colors hover:bg-brand-100"
            >
              <Share2 className="h-5 w-5" aria-hidden />
            </button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              align="end"
              sideOffset={8}
              className="z-50 min-w-52 rounded-xl border border-brand-100 bg-white p-1.5 shadow-xl"
            >
              <DropdownMenu.Label className="px-3 py-1.5 text-xs font-semibold uppercase tracking-wider text-stone-600">
                Share this product
              </DropdownMenu.Label>
              {shareLinks(pageUrl, product.name).map((link) => (
                <DropdownMenu.Item key={link.name} asChild>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="block rounded-lg px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-brand-100"
                  >
                    {link.name}
                  </a>
                </DropdownMenu.Item>
              ))}
              <DropdownMenu.Separator className="my-1 h-px bg-brand-100" />
              <DropdownMenu.Item
                onSelect={() => void copyLink()}
                className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-brand-100"
              >
                <Link2 className="h-4 w-4" aria-hidden />
                Copy link
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>
    </div>
  );
}
