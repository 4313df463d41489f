/**
 * The customer dialog's Sales tab (admin spec §2 "Customer detail dialog", §5 "Record sale"):
 * the client's sales, newest first, their summary, and Record Sale.
 */
import { useState } from "react";
import { Badge } from "#app/features/admin/kit/badge.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { useCapabilities } from "#app/features/admin/kit/use-capabilities.ts";
import type { ClientDetail } from "#common/clients.ts";
import { formatLagosDay } from "#common/lagos-time.ts";
import { formatNairaExact } from "#common/money.ts";
import { type SaleItems, SectionTitle } from "./customer-parts.tsx";
import { RecordSaleDialog } from "./record-sale-dialog.tsx";

const METHOD_LABEL: Record<string, string> = {
  cash: "Cash",
  card: "Card",
  transfer: "Bank Transfer",
  online: "Online Payment",
  split: "Split",
};

export function SalesTab({
  detail,
  saleItems,
}: {
  detail: ClientDetail;
  saleItems: SaleItems | null;
}) {
  const [recording, setRecording] = useState(false);
  const can = useCapabilities();
  const { sales, salesSummary } = detail;
  return (
    <div className="space-y-6">
      <div className="flex items-center justify-between gap-2">
        <SectionTitle>Sales</SectionTitle>
        {can("sale.take") && (
          <button type="button" className={adminButton.primary} onClick={() => setRecording(true)}>
            Record Sale
          </button>
        )}
      </div>
      {sales.length === 0 ? (
        <div className="rounded-lg border border-dashed border-gray-300 p-8 text-center">
          <p className="font-semibold text-ink">No sales found</p>
          <p className="text-sm text-gray-700">This customer hasn't made any purchases yet</p>
        </div>
      ) : (
        <ul className="space-y-2">
          {sales.map((s) => (
            <li
              key={s.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-gray-100 p-3 text-sm"
            >
              <div>
                <p className="font-medium text-ink">{s.itemName}</p>
                <p className="text-xs text-gray-700">
                  {s.type === "product" ? "Product" : "Service"} · Qty {s.quantity} ·{" "}
                  {formatLagosDay(s.saleDate)} · {METHOD_LABEL[s.paymentMethod] ?? s.paymentMethod}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <span className="font-semibold">{formatNairaExact(Number(s.totalAmount))}</span>
                <Badge
                  tone={
                    s.status === "completed" ? "green" : s.status === "refunded" ? "amber" : "gray"
                  }
                >
                  {s.status}
                </Badge>
              </div>
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="sales-summary" className="rounded-lg bg-gray-50 p-4">
        <h3 id="sales-summary" className="mb-2 text-base font-semibold text-ink">
          Sales Summary
        </h3>
        <dl className="grid grid-cols-3 gap-3 text-sm">
          <div>
            <dt className="text-gray-700">Total Spent</dt>
            <dd className="text-lg font-semibold text-ink">
              {formatNairaExact(salesSummary.totalSpent)}
            </dd>
          </div>
          <div>
            <dt className="text-gray-700">Total Orders</dt>
            <dd className="text-lg font-semibold text-ink">{salesSummary.totalOrders}</dd>
          </div>
          <div>
            <dt className="text-gray-700">Average Order</dt>
            <dd className="text-lg font-semibold text-ink">
              {formatNairaExact(salesSummary.averageOrder)}
            </dd>
          </div>
        </dl>
      </section>
      <RecordSaleDialog
        open={recording}
        onOpenChange={setRecording}
        client={detail.client}
        items={saleItems}
      />
    </div>
  );
}
