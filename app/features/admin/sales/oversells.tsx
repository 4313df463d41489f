/**
 * Oversells of sales taken offline (issue 35 "an oversell is flagged for the manager"; decision
 * 0314), at the top of Daily Sales: each sale that sold more of a product than the stock held
 * when it synced, with what to do (count the shelf, correct the product's stock, then mark it
 * settled: a manager's capability). Hidden when there is none.
 */
import { AlertTriangle } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { serverMessageOr, useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { useCapabilities } from "#app/features/admin/kit/use-capabilities.ts";
import { apiRequest } from "#app/lib/api.ts";
import { lagosDateTime } from "#common/lagos-time.ts";
import type { StockOversell } from "#common/sales.ts";

const units = (n: number) => `${n} unit${n === 1 ? "" : "s"}`;

/** The open oversells, read again when `refreshKey` changes (the day's figures did). */
export function OversellNotice({ refreshKey }: { refreshKey: unknown }) {
  const can = useCapabilities();
  const [rows, setRows] = useState<StockOversell[]>([]);
  const load = useCallback(() => {
    apiRequest<StockOversell[]>("GET", "/api/sales/oversells")
      .then(setRows)
      .catch(() => setRows([]));
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey only triggers a reload
  useEffect(load, [load, refreshKey]);
  const settle = useAdminMutation({
    success: { title: "Oversell settled" },
    failure: serverMessageOr("Failed to settle the oversell"),
    onSuccess: load,
    after: "none",
  });
  if (rows.length === 0) return null;
  return (
    <section
      aria-label="Oversold offline"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h3 className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="h-4 w-4" aria-hidden />
        Oversold offline
      </h3>
      <p className="mt-1">
        These sales were taken offline and sold more than the stock on record when they synced. The
        sale stands and the stock was set to 0. Count the shelf, correct the product's stock in{" "}
        <Link to="/admin/products">Products</Link>, then mark it settled.
      </p>
      <ul className="mt-2 space-y-2">
        {rows.map((o) => (
          <li key={o.id} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              Sale #{o.saleNumber}
              {o.offlineReceipt ? ` (receipt ${o.offlineReceipt})` : ""} · {lagosDateTime(o.soldAt)}{" "}
              · {o.productName}: sold {units(o.unitsSold)},{" "}
              <strong>{units(o.unitsShort)} short</strong>
              {o.stockNow !== null ? ` · stock now ${o.stockNow}` : ""}
            </span>
            {can("oversell.settle") && (
              <button
                type="button"
                className={adminButton.outline}
                disabled={settle.isPending(o.id)}
                onClick={() =>
                  settle.run(() => apiRequest("POST", `/api/sales/oversells/${o.id}/settle`, {}), {
                    key: o.id,
                  })
                }
              >
                Mark settled
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
