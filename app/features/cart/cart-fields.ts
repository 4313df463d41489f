/**
 * The fields of a product the cart and wishlist keep (storefront spec §3 "Cart item", "Wishlist
 * item"). Its own module so the product cards' 'Add to Cart' does not pull the product page's
 * purchase controls (and their share menu) into every catalogue page (issue 15).
 */
import type { CardProduct } from "#common/catalog.ts";

/** The cart/wishlist line fields of a product (price in naira, as the public catalogue). */
export function cartFields(product: CardProduct) {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    price: product.price,
    image: product.image,
    category: product.category,
  };
}
