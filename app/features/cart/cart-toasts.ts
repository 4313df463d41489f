/**
 * The texts of the cart's 'Added to cart' toast (storefront spec §4 "Product card", "Product
 * page"): one source for React's toast and the early-tap script that answers a tap made before
 * hydration (app/lib/early-taps.ts, issue 33), so both say the same; and the attribute that
 * script reads.
 */

/** The toast's title. */
export const ADDED_TO_CART = "Added to cart";

/** The description after a product card's (or the wishlist's) 'ADD TO CART'. */
export function cardAddedText(name: string): string {
  return `${name} is in your cart.`;
}

/** The description after the product page's 'Add to Cart' with `quantity` units. */
export function productAddedText(quantity: number, name: string): string {
  return `${quantity} × ${name} added to your cart.`;
}

/**
 * The `data-early-add` attribute of an add-to-cart button: the cart line to store, the toast to
 * show (the texts React's handler shows, above) and, where React refuses
 * more than the stock left (the product page), `cap`: the units the cart may hold in all.
 */
export function earlyAdd(
  line: {
    id: number;
    name: string;
    description: string;
    price: number;
    image: string;
    category: string;
  },
  toast: { title: string; description: string },
  cap?: number,
): string {
  return JSON.stringify(cap === undefined ? { line, toast } : { line, toast, cap });
}
