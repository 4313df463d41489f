/**
 * A quantity control with 'Decrease quantity' / 'Increase quantity' buttons (named for screen
 * readers and voice control); never below 1 (storefront spec §4, §5 "Cart", "Product").
 */
import { Minus, Plus } from "lucide-react";
import { MAX_LINE_QUANTITY } from "#common/catalog.ts";

export function QuantityStepper({
  value,
  onChange,
  max = MAX_LINE_QUANTITY,
  label,
  size = "md",
}: {
  value: number;
  onChange: (next: number) => void;
  max?: number;
  /** What the number counts, for screen readers, e.g. 'Quantity of Vitamin C Serum'. */
  label: string;
  size?: "sm" | "md";
}) {
  const button =
    size === "sm"
      ? "grid h-9 w-9 place-items-center rounded-full text-brand-900 transition-colors hover:bg-brand-100 disabled:cursor-not-allowed disabled:opacity-40"
      : "grid h-11 w-11 place-items-center rounded-full text-brand-900 transition-colors hover:bg-brand-100 disabled:cursor-not-allowed disabled:opacity-40";
  return (
    <div className="inline-flex items-center gap-1 rounded-full border border-brand-200 bg-white p-0.5">
      <button
        type="button"
        aria-label="Decrease quantity"
        className={button}
        disabled={value <= 1}
        onClick={() => onChange(Math.max(1, value - 1))}
      >
        <Minus className="h-4 w-4" aria-hidden />
      </button>
      <output
        aria-label={label}
        aria-live="polite"
        className="min-w-8 text-center font-semibold text-ink"
      >
        {value}
      </output>
      <button
        type="button"
        aria-label="Increase quantity"
        className={button}
        disabled={value >= max}
        onClick={() => onChange(Math.min(max, value + 1))}
      >
        <Plus className="h-4 w-4" aria-hidden />
      </button>
    </div>
  );
}
