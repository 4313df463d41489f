/** The checkout's order summary: lines, subtotal, the state's delivery cost, total (spec §2). */

import { formatTotal } from "#app/lib/money-text.ts";
import { formatNaira } from "#common/money.ts";

export type SummaryLine = { key: string; name: string; price: number; quantity: number };

export function OrderSummary({
  lines,
  subtotal,
  shipping,
  shippingLabel,
  total,
}: {
  lines: SummaryLine[];
  subtotal: number;
  /** Naira, or null before a state is chosen. */
  shipping: number | null;
  shippingLabel: string;
  total: number;
}) {
  return (
    <aside
      aria-labelledby="order-summary-heading"
      className="h-fit rounded-2xl border border-brand-100 bg-brand-50 p-6"
    >
      <h2 id="order-summary-heading" className="font-serif text-xl text-brand-900">
        Order Summary
      </h2>
      <ul className="mt-4 space-y-3 text-sm">
        {lines.map((line) => (
          <li key={line.key} className="flex justify-between gap-3">
            <span className="text-stone-700">
              {line.name} <span className="text-stone-600">× {line.quantity}</span>
            </span>
            <span className="shrink-0 font-medium text-ink">
              {formatTotal(line.price * line.quantity)}
            </span>
          </li>
        ))}
      </ul>
      <dl className="mt-5 space-y-3 border-t border-brand-200 pt-4 text-sm">
        <div className="flex justify-between">
          <dt className="text-stone-700">Subtotal</dt>
          <dd className="font-medium text-ink">{formatTotal(subtotal)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-stone-700">{shippingLabel}</dt>
          <dd className="font-medium text-ink">
            {shipping === null ? "Choose a state" : formatNaira(shipping)}
          </dd>
        </div>
        <div className="flex justify-between border-t border-brand-200 pt-3 text-base">
          <dt className="font-semibold text-brand-900">Total</dt>
          <dd className="font-semibold text-brand-900">{formatTotal(total)}</dd>
        </div>
      </dl>
    </aside>
  );
}
