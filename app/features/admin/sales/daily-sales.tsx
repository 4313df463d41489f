/**
 * The daily-sales tab (admin spec §2 "Point of sale", §3 "Daily sales response"): the day
 * navigator (previous day, Today, next day; the long date), Export (the day's CSV), the
 * transaction summary and cash movement summary tables, the day close per tender (day-close.tsx)
 * and the day's sales with receipt, refund and void; above them, the open oversells of sales
 * taken offline (oversells.tsx, issue 35).
 */
import { ChevronLeft, ChevronRight, Download, Printer } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Badge } from "#app/features/admin/kit/badge.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { ConfirmDialog } from "#app/features/admin/kit/confirm-dialog.tsx";
import { type Column, DataTable } from "#app/features/admin/kit/data-table.tsx";
import { TextField } from "#app/features/admin/kit/fields.tsx";
import { serverMessageOr, useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { apiRequest } from "#app/lib/api.ts";
import { lagosDateTime, shiftLagosDate } from "#common/lagos-time.ts";
import { formatNairaWithKobo, koboToNaira, nairaToKobo } from "#common/money.ts";
import { lineShares, unitsShare } from "#common/sale-shares.ts";
import {
  type CashMovementRow,
  type DailySales,
  longDayLabel,
  PAYMENT_METHOD_LABELS,
  type SaleDetail,
  type TransactionRow,
} from "#common/sales.ts";
import { DayCloseSection } from "./day-close.tsx";
import { OversellNotice } from "./oversells.tsx";

const money = formatNairaWithKobo;

const SUMMARY_COLUMNS: Column<TransactionRow>[] = [
  { header: "Item type", rowHeader: true, cell: (r) => r.type },
  { header: "Sales qty", align: "right", cell: (r) => r.salesQty },
  { header: "Refund qty", align: "right", cell: (r) => r.refundQty },
  { header: "Gross total", align: "right", cell: (r) => money(r.grossTotal) },
];

type CashRow = { label: string } & CashMovementRow;

const CASH_COLUMNS: Column<CashRow>[] = [
  { header: "Payment type", rowHeader: true, cell: (r) => r.label },
  { header: "Payments collected", align: "right", cell: (r) => money(r.collected) },
  { header: "Refunds paid", align: "right", cell: (r) => money(r.refunds) },
];

export function DailySalesTab({
  date,
  today,
  daily,
  sales,
  onDate,
  loading,
}: {
  date: string;
  today: string;
  daily: DailySales;
  sales: SaleDetail[];
  onDate: (date: string) => void;
  loading: boolean;
}) {
  const m = daily.cashMovement;
  return (
    <div className="space-y-6" aria-busy={loading}>
      <OversellNotice refreshKey={daily} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            className={adminButton.outline}
            aria-label="Previous day"
            onClick={() => onDate(shiftLagosDate(date, -1))}
          >
            <ChevronLeft className="h-4 w-4" aria-hidden />
          </button>
          <button
            type="button"
            className={adminButton.outline}
            onClick={() => onDate(today)}
            disabled={date === today}
          >
            Today
          </button>
          <button
            type="button"
            className={adminButton.outline}
            aria-label="Next day"
            onClick={() => onDate(shiftLagosDate(date, 1))}
          >
            <ChevronRight className="h-4 w-4" aria-hidden />
          </button>
          <h2 className="ml-2 text-lg font-semibold text-ink" aria-live="polite">
            {longDayLabel(date)}
          </h2>
        </div>
        <button
          type="button"
          className={adminButton.outline}
          onClick={() => {
            // The server answers the CSV as an attachment: the browser downloads it in place.
            const link = document.createElement("a");
            link.href = `/api/sales/daily/${date}/export`;
            link.download = `daily-sales-${date}.csv`;
            link.click();
          }}
        >
          <Download className="h-4 w-4" aria-hidden />
          Export
        </button>
      </div>

      {/* grid-cols-1 is minmax(0, 1fr): a wide table scrolls in its region, not the page. */}
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <div className="min-w-0">
          <h3 className="mb-2 font-semibold text-ink">Transaction summary</h3>
          <DataTable
            caption="Transaction summary"
            columns={SUMMARY_COLUMNS}
            rows={daily.transactionSummary}
            rowKey={(r) => r.type}
            footer={[
              {
                key: "total",
                className: "font-semibold",
                cells: [
                  "Total",
                  daily.totals.salesQty,
                  daily.totals.refundQty,
                  money(daily.totals.grossTotal),
                ],
              },
            ]}
          />
          <p className="mt-2 text-xs text-gray-600">
            Service charges {money(daily.adjustments.surcharges)} · Discounts{" "}
            {money(daily.adjustments.discounts)} · {daily.saleCount} till sales · {daily.orderCount}{" "}
            shop orders
          </p>
        </div>

        <div className="min-w-0">
          <h3 className="mb-2 font-semibold text-ink">Cash movement summary</h3>
          <DataTable
            caption="Cash movement summary"
            columns={CASH_COLUMNS}
            rows={[
              { label: "Cash", ...m.cash },
              { label: "Other", ...m.other },
              { label: "Gift cards", ...m.giftCards },
            ]}
            rowKey={(r) => r.label}
            footer={[
              {
                key: "total",
                className: "font-semibold",
                cells: ["Total", money(m.totalCollected), money(m.totalRefunds)],
              },
              {
                key: "tips",
                className: "text-gray-700",
                cells: [
                  <span key="label" className="italic">
                    Of which tips
                  </span>,
                  money(m.tips),
                  null,
                ],
              },
            ]}
          />
          {(m.deposits.collected > 0 || m.deposits.refunds > 0) && (
            // Issue 32: credited at the till, taken online before: not in the totals above.
            <p className="mt-2 text-xs text-gray-700" data-testid="deposits-credited">
              Booking deposits credited at the till {money(m.deposits.collected)}
              {m.deposits.refunds > 0 && `, returned by voids ${money(m.deposits.refunds)}`} (paid
              online before, not in these totals)
            </p>
          )}
        </div>
      </div>

      <DayCloseSection date={date} today={today} daily={daily} />
      <DaySales sales={sales} />
    </div>
  );
}

const STATUS_TONE = { completed: "green", refunded: "amber", voided: "red" } as const;

function DaySales({ sales }: { sales: SaleDetail[] }) {
  const [refunding, setRefunding] = useState<SaleDetail | null>(null);
  const [voiding, setVoiding] = useState<SaleDetail | null>(null);
  return (
    <div>
      <h3 className="mb-2 font-semibold text-ink">Sales of the day</h3>
      {/* Phones: one card per sale, its actions in reach; from 768 px the table. */}
      <DaySaleCards sales={sales} onRefund={setRefunding} onVoid={setVoiding} />
      <div className="hidden md:block">
        <DataTable
          caption="Sales of the day"
          columns={[
            { header: "Sale", className: "font-medium", cell: (s) => `#${s.saleNumber}` },
            {
              header: "Time",
              className: "whitespace-nowrap",
              cell: (s) => lagosDateTime(s.soldAt).split(", ").pop(),
            },
            { header: "Customer", cell: (s) => s.customerName },
            {
              header: "Items",
              cell: (s) => s.lines.map((l) => `${l.quantity} × ${l.name}`).join(", "),
            },
            {
              header: "Payment",
              cell: (s) => PAYMENT_METHOD_LABELS[s.paymentMethod] ?? s.paymentMethod,
            },
            { header: "Total", align: "right", className: "whitespace-nowrap", cell: saleTotal },
            {
              header: "Status",
              cell: (s) => <Badge tone={STATUS_TONE[s.status] ?? "gray"}>{s.status}</Badge>,
            },
            {
              header: "Actions",
              hideHeader: true,
              cell: (s) => <SaleActions sale={s} onRefund={setRefunding} onVoid={setVoiding} />,
            },
          ]}
          rows={sales}
          rowKey={(s) => s.id}
          empty="No sales on this day."
        />
      </div>
      {refunding && <RefundDialog sale={refunding} onClose={() => setRefunding(null)} />}
      {voiding && <VoidDialog sale={voiding} onClose={() => setVoiding(null)} />}
    </div>
  );
}

/**
 * The day's sales as cards under 768 px (issue 29: at 375 px the table put Refund and Void out
 * of reach): number, time, status, customer, items, payment and total, then the actions.
 */
function DaySaleCards({
  sales,
  onRefund,
  onVoid,
}: {
  sales: SaleDetail[];
  onRefund: (sale: SaleDetail) => void;
  onVoid: (sale: SaleDetail) => void;
}) {
  if (sales.length === 0) {
    return <p className="text-sm text-gray-700 md:hidden">No sales on this day.</p>;
  }
  return (
    <ul className="space-y-3 md:hidden" aria-label="Sales of the day">
      {sales.map((s) => (
        <li key={s.id} className="rounded-lg border border-gray-200 bg-white p-3 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-medium text-ink">
              #{s.saleNumber} · {lagosDateTime(s.soldAt).split(", ").pop()}
            </p>
            <Badge tone={STATUS_TONE[s.status] ?? "gray"}>{s.status}</Badge>
          </div>
          <p className="mt-1 break-words">{s.customerName}</p>
          <p className="break-words text-gray-700">
            {s.lines.map((l) => `${l.quantity} × ${l.name}`).join(", ")}
          </p>
          <div className="mt-1 flex flex-wrap justify-between gap-2">
            <span>{PAYMENT_METHOD_LABELS[s.paymentMethod] ?? s.paymentMethod}</span>
            <span className="text-right font-medium">{saleTotal(s)}</span>
          </div>
          <div className="mt-2">
            <SaleActions sale={s} onRefund={onRefund} onVoid={onVoid} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The sale's total, and what was refunded of it. */
function saleTotal(s: SaleDetail) {
  return (
    <>
      {money(s.total)}
      {s.refunded > 0 && (
        <span className="block text-xs text-red-700">refunded {money(s.refunded)}</span>
      )}
    </>
  );
}

/** Receipt always; Refund while completed; Void while completed and nothing refunded. */
function SaleActions({
  sale: s,
  onRefund,
  onVoid,
}: {
  sale: SaleDetail;
  onRefund: (sale: SaleDetail) => void;
  onVoid: (sale: SaleDetail) => void;
}) {
  return (
    <div className="flex flex-wrap gap-1">
      <Link
        className={adminButton.outline}
        to={`/admin/sales/receipt/${s.saleNumber}`}
        aria-label={`Receipt of sale #${s.saleNumber}`}
      >
        <Printer className="h-4 w-4" aria-hidden />
      </Link>
      {s.status === "completed" && (
        <>
          <button
            type="button"
            className={adminButton.outline}
            onClick={() => onRefund(s)}
            aria-label={`Refund sale #${s.saleNumber}`}
          >
            Refund
          </button>
          {s.refunded === 0 && (
            <button
              type="button"
              className={adminButton.danger}
              onClick={() => onVoid(s)}
              aria-label={`Void sale #${s.saleNumber}`}
            >
              Void
            </button>
          )}
        </>
      )}
    </div>
  );
}

/**
 * What a refund of `chosen` units gives back (naira), as the server computes it
 * (docs/decisions/0216): the units' value plus their share of each surcharge less their share
 * of the discount, shared over lines and units on running sums rounded half up.
 */
function refundValue(sale: SaleDetail, chosen: Array<{ lineId: number; quantity: number }>) {
  const totals = sale.lines.map((l) => nairaToKobo(l.lineTotal));
  const surcharges = sale.surchargeLines.map((x) => lineShares(totals, nairaToKobo(x.amount)));
  const discount = lineShares(totals, nairaToKobo(sale.discount));
  let kobo = 0;
  sale.lines.forEach((l, i) => {
    const units = chosen.find((c) => c.lineId === l.id)?.quantity ?? 0;
    if (!units) return;
    const part = (share: number) => unitsShare(share, l.quantity, l.refundedQuantity, units);
    kobo += nairaToKobo(l.unitPrice) * units - part(discount[i] ?? 0);
    for (const shares of surcharges) kobo += part(shares[i] ?? 0);
  });
  return koboToNaira(Math.min(kobo, nairaToKobo(sale.total - sale.refunded)));
}

function RefundDialog({ sale, onClose }: { sale: SaleDetail; onClose: () => void }) {
  const [qty, setQty] = useState<Record<number, number>>({});
  const [reason, setReason] = useState("");
  const save = useAdminMutation({
    success: { title: "Refund recorded", description: `Sale #${sale.saleNumber} was refunded.` },
    failure: serverMessageOr("Failed to refund the sale"),
    onSuccess: onClose,
  });
  const chosen = Object.entries(qty)
    .filter(([, q]) => q > 0)
    .map(([lineId, quantity]) => ({ lineId: Number(lineId), quantity }));
  const value = refundValue(sale, chosen);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Refund sale #${sale.saleNumber}`}
      description="Choose what comes back (products return to stock) and why."
      confirmLabel={chosen.length ? `Refund ${money(value)}` : "Refund"}
      confirmDisabled={save.pending || !reason.trim() || chosen.length === 0}
      onConfirm={() =>
        save.run(() =>
          apiRequest("POST", `/api/sales/${sale.id}/refund`, { reason, lines: chosen }),
        )
      }
    >
      <ul className="mt-4 space-y-2">
        {sale.lines.map((l) => {
          const left = l.quantity - l.refundedQuantity;
          return (
            <li key={l.id} className="flex items-center justify-between gap-3 text-sm">
              <span>
                {l.name} · {money(l.unitPrice)}
                <span className="block text-xs text-gray-600">
                  {left} of {l.quantity} refundable
                </span>
              </span>
              <input
                type="number"
                min={0}
                max={left}
                disabled={left === 0}
                aria-label={`Refund quantity of ${l.name}`}
                value={qty[l.id] ?? 0}
                onChange={(e) =>
                  setQty({
                    ...qty,
                    [l.id]: Math.max(0, Math.min(left, Math.trunc(Number(e.target.value) || 0))),
                  })
                }
                className="w-20 rounded-md border border-gray-400 px-2 py-1"
              />
            </li>
          );
        })}
      </ul>
      <TextField
        className="mt-4"
        label="Reason"
        required
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </ConfirmDialog>
  );
}

function VoidDialog({ sale, onClose }: { sale: SaleDetail; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const save = useAdminMutation({
    success: { title: "Sale voided", description: `Sale #${sale.saleNumber} was voided.` },
    failure: serverMessageOr("Failed to void the sale"),
    onSuccess: onClose,
  });
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Void sale #${sale.saleNumber}?`}
      description={`The whole sale (${money(sale.total)}) is given back and its products return to stock.`}
      confirmLabel="Void Sale"
      confirmDisabled={save.pending || !reason.trim()}
      onConfirm={() => save.run(() => apiRequest("POST", `/api/sales/${sale.id}/void`, { reason }))}
    >
      <TextField
        className="mt-4"
        label="Reason"
        required
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </ConfirmDialog>
  );
}
