/**
 * The printable receipt of a sale (issue 11): clinic name and address, sale number, Lagos date
 * and time, lines, surcharges, discount, total, payments, cash received and change, refunds.
 * Printing shows the receipt alone (the admin shell is hidden by the print rules below).
 */
import { ArrowLeft, Printer } from "lucide-react";
import { Link } from "react-router";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import type { QueuedSale } from "#app/features/admin/kit/offline-queue.ts";
import { BUSINESS } from "#common/business.ts";
import { lagosDateTime } from "#common/lagos-time.ts";
import { formatNairaWithKobo } from "#common/money.ts";
import {
  PAYMENT_METHOD_LABELS,
  type Receipt,
  type SaleLine,
  type SaleRefund,
} from "#common/sales.ts";

const money = formatNairaWithKobo;

const PRINT_RULES = `@media print {
  body * { visibility: hidden !important; }
  #receipt, #receipt * { visibility: visible !important; }
  #receipt { position: absolute; left: 0; top: 0; width: 80mm; border: 0; box-shadow: none; }
}`;

export function ReceiptView({ receipt }: { receipt: Receipt }) {
  const s = receipt.sale;
  return (
    <div>
      <style>{PRINT_RULES}</style>
      <div className="mb-4 flex flex-wrap gap-2 print:hidden">
        <Link className={adminButton.outline} to="/admin/sales?tab=daily-sales">
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back to sales
        </Link>
        <button type="button" className={adminButton.primary} onClick={() => window.print()}>
          <Printer className="h-4 w-4" aria-hidden />
          Print
        </button>
      </div>
      <article
        id="receipt"
        aria-labelledby="receipt-title"
        className="mx-auto max-w-sm rounded-lg border border-gray-200 bg-white p-6 font-mono text-sm text-ink shadow-sm"
      >
        <header className="text-center">
          <h1 id="receipt-title" className="text-base font-bold">
            {receipt.clinic.name}
          </h1>
          <p>{receipt.clinic.address}</p>
          <p>{receipt.clinic.phone}</p>
        </header>
        <p className="mt-4 flex justify-between">
          <span>Sale #{s.saleNumber}</span>
          <span>{lagosDateTime(s.soldAt)}</span>
        </p>
        <p>Customer: {s.customerName}</p>
        {s.offlineReceipt && <p>Offline receipt {s.offlineReceipt}</p>}
        {s.status !== "completed" && <p className="font-bold uppercase">{s.status}</p>}
        <table className="mt-3 w-full">
          <thead>
            <tr className="border-b border-dashed border-gray-400 text-left">
              <th scope="col">Item</th>
              <th scope="col" className="text-right">
                Qty
              </th>
              <th scope="col" className="text-right">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {s.lines.map((l) => (
              <tr key={l.id}>
                <td>
                  {l.name}
                  <span className="block text-xs">
                    @ {money(l.unitPrice)}
                    {l.staffName ? ` · ${l.staffName}` : ""}
                  </span>
                </td>
                <td className="text-right align-top">{l.quantity}</td>
                <td className="text-right align-top">{money(l.lineTotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="mt-3 space-y-0.5 border-t border-dashed border-gray-400 pt-2">
          <Row label="Subtotal" value={money(s.subtotal)} />
          {s.surchargeLines.map((x) => (
            <Row key={x.surchargeId} label={x.name} value={money(x.amount)} />
          ))}
          {s.discount > 0 && <Row label="Discount" value={`-${money(s.discount)}`} />}
          <Row label="Total" value={money(s.total)} strong />
          {s.payments.map((p, i) => (
            <Row
              // biome-ignore lint/suspicious/noArrayIndexKey: payments have no id and never reorder
              key={i}
              label={
                p.method === "deposit"
                  ? `Deposit credited (${p.reference ?? "booking deposit"})`
                  : `Paid: ${PAYMENT_METHOD_LABELS[p.method] ?? p.method}`
              }
              value={money(p.amount + p.tip)}
            />
          ))}
          {s.tips > 0 && <Row label="Of which tip" value={money(s.tips)} />}
          {s.cashReceived !== null && <Row label="Cash received" value={money(s.cashReceived)} />}
          <Row label="Change" value={money(s.change)} />
          {s.refunded > 0 && <Row label="Refunded" value={`-${money(s.refunded)}`} />}
        </dl>
        {s.refunds.map((r) => (
          <RefundFigures key={r.id} refund={r} lines={s.lines} />
        ))}
        <p className="mt-4 text-center">Thank you for visiting {receipt.clinic.name}.</p>
      </article>
    </div>
  );
}

/**
 * One refund or void as the receipt shows it (issue 29; docs/decisions/0216): the units given
 * back and their value, each surcharge's share (VAT, service charge), the discount kept back,
 * and the amount returned.
 */
function RefundFigures({ refund, lines }: { refund: SaleRefund; lines: SaleLine[] }) {
  const value = refund.lines.reduce((sum, l) => sum + l.amount, 0);
  return (
    <section
      aria-label={`${refund.kind === "void" ? "Void" : "Refund"} ${lagosDateTime(refund.createdAt)}`}
      className="mt-3 border-t border-dashed border-gray-400 pt-2"
    >
      <p className="font-bold">
        {refund.kind === "void" ? "Void" : "Refund"} · {lagosDateTime(refund.createdAt)}
      </p>
      <dl className="space-y-0.5">
        {refund.lines.map((l) => (
          <Row
            key={l.saleLineId}
            label={`${lines.find((x) => x.id === l.saleLineId)?.name ?? "Item"} × ${l.quantity}`}
            value={money(l.amount)}
          />
        ))}
        {refund.lines.length > 1 && <Row label="Items" value={money(value)} />}
        {refund.surchargeLines.map((x) => (
          <Row key={x.surchargeId} label={x.name} value={money(x.amount)} />
        ))}
        {refund.discount > 0 && <Row label="Discount" value={`-${money(refund.discount)}`} />}
        <Row
          label={
            refund.method === "deposit"
              ? "Returned to the booking deposit"
              : `Returned (${PAYMENT_METHOD_LABELS[refund.method] ?? refund.method})`
          }
          value={money(refund.amount)}
          strong
        />
        <Row label="Reason" value={refund.reason} />
      </dl>
    </section>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-2 ${strong ? "font-bold" : ""}`}>
      <dt className="min-w-0 break-words">{label}</dt>
      <dd className="text-right">{value}</dd>
    </div>
  );
}

/**
 * The receipt of a sale kept offline (issue 35; decision 0314), printed from the device's queue
 * before the server has it: the offline receipt number (never the same on two devices), the
 * Lagos date and time it was rung up, the lines and the till's figures (naira). Shown only when
 * printing.
 */
export function OfflineReceiptView({ sale }: { sale: QueuedSale }) {
  const p = sale.payload;
  const total = p.totalAmount ?? sale.total;
  return (
    <div className="hidden print:block">
      <style>{PRINT_RULES}</style>
      <article id="receipt" className="font-mono text-sm text-ink">
        <header className="text-center">
          <p className="font-bold">{BUSINESS.name}</p>
          <p>{BUSINESS.address}</p>
          <p>{BUSINESS.phone}</p>
        </header>
        <p className="mt-4 flex justify-between">
          <span>Receipt {p.offlineReceipt ?? "(offline)"}</span>
          <span>{lagosDateTime(sale.queuedAt)}</span>
        </p>
        <p>Customer: {sale.customerName}</p>
        <p>Taken offline: the sale number follows when it syncs.</p>
        <table className="mt-3 w-full">
          <tbody>
            {p.cart.map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the cart of a kept sale never changes
              <tr key={i}>
                <td>{l.name}</td>
                <td className="text-right">{l.quantity ?? 1}</td>
                <td className="text-right">
                  {l.price === undefined ? "" : money(Number(l.price) * Number(l.quantity ?? 1))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="mt-3 border-t border-dashed border-gray-400 pt-2">
          <Row label="Total" value={money(Number(total))} strong />
          <Row
            label={`Paid: ${PAYMENT_METHOD_LABELS[p.paymentMethod] ?? p.paymentMethod}`}
            value={money(Number(total))}
          />
          {p.cashReceived != null && (
            <Row label="Cash received" value={money(Number(p.cashReceived))} />
          )}
        </dl>
        <p className="mt-4 text-center">Thank you for visiting {BUSINESS.name}.</p>
      </article>
    </div>
  );
}
