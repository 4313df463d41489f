/**
 * The cart's React context (storefront spec §8: 'useCartContext must be used within a
 * CartProvider'): the stored lines plus the operations of cart-store.ts, with the 'Item removed'
 * toast and add-to-cart tracking.
 */
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { useToast } from "#app/components/ui/toast.tsx";
import { track } from "#app/lib/tracking.ts";
import {
  addToCart,
  type CartItem,
  cartSubtotal,
  clearCart,
  removeFromCart,
  updateCartQuantity,
  useCartItems,
} from "./cart-store";

type CartContextValue = {
  items: CartItem[];
  subtotal: number;
  addItem(item: Omit<CartItem, "quantity">, quantity?: number): void;
  removeItem(id: number): void;
  updateQuantity(id: number, quantity: number): void;
  clear(): void;
};

const CartContext = createContext<CartContextValue | null>(null);

export function CartProvider({ children }: { children: ReactNode }) {
  const items = useCartItems();
  const toast = useToast();
  const value = useMemo<CartContextValue>(
    () => ({
      items,
      subtotal: cartSubtotal(items),
      addItem(item, quantity = 1) {
        addToCart(item, quantity);
        track({
          name: "add-to-cart",
          payload: {
            productName: item.name,
            productId: String(item.id),
            price: item.price,
            currency: "NGN",
            quantity,
          },
        });
      },
      removeItem(id) {
        const name = items.find((i) => i.id === id)?.name;
        removeFromCart(id);
        toast({
          title: "Item removed",
          description: name ? `${name} was removed from your cart.` : undefined,
        });
      },
      updateQuantity: updateCartQuantity,
      clear: clearCart,
    }),
    [items, toast],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

/** The cart; throws outside a CartProvider (spec §8). */
export function useCartContext(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error("useCartContext must be used within a CartProvider");
  return value;
}
