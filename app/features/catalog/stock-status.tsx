/** Stock status on the product page (storefront spec §4 "Out of stock": stock of 0). */
import { clsx } from "clsx";

/** Few units left from this number down. */
export const LOW_STOCK_THRESHOLD = 5;

/** 'In stock', 'Only N left' or 'Out of stock' with a coloured dot. */
export function StockStatus({ stock }: { stock: number }) {
  const label =
    stock <= 0 ? "Out of stock" : stock <= LOW_STOCK_THRESHOLD ? `Only ${stock} left` : "In stock";
  return (
    <p className="inline-flex items-center gap-2 text-sm font-medium text-stone-700">
      <span
        aria-hidden
        className={clsx(
          "h-2.5 w-2.5 rounded-full",
          stock <= 0
            ? "bg-red-600"
            : stock <= LOW_STOCK_THRESHOLD
              ? "bg-amber-500"
              : "bg-emerald-600",
        )}
      />
      {label}
    </p>
  );
}
