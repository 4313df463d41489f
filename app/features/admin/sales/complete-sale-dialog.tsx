/**
 * The Complete Sale dialog (admin spec §2 "Point of sale", §5): customer (search the clients or
 * type name, email and phone; name and email required), payment method (card, cash, transfer,
 * split), cash received, split payments ('Add Payment' adds a card payment for the remaining
 * balance when positive), tip, service charges, discount, total, change and Complete Sale.
 * The dialog's own fields are checked by the API's sale schema (complete-sale-check.ts) and its
 * messages shown on them; the cart and the sending are the till's (use-sale.ts).
 */
import { Trash2 } from "lucide-react";
import { useCallback, useEffect, useId, useState } from "react";
import { DialogDescription } from "#app/components/ui/dialog.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { ConsultationOverride } from "#app/features/admin/kit/consultation-override.tsx";
import { TextField } from "#app/features/admin/kit/fields.tsx";
import { FormDialog } from "#app/features/admin/kit/form-dialog.tsx";
import { apiRequest } from "#app/lib/api.ts";
import { formatNairaWithKobo } from "#common/money.ts";
import {
  POS_MESSAGES,
  POS_PAYMENT_METHODS,
  type PosClient,
  type PosClientPage,
  type PosPaymentMethod,
  type PosStaff,
  SPLIT_PAYMENT_METHODS,
  type Surcharge,
} from "#common/sales.ts";
import {
  addSplitPayment,
  type Customer,
  type Figures,
  remainingBalance,
  type SplitPayment,
} from "./cart.ts";
import { type PaymentField, paymentErrors } from "./complete-sale-check.ts";
import type { SaleState } from "./use-sale.ts";

const METHOD_LABELS: Record<PosPaymentMethod, string> = {
  card: "Card",
  cash: "Cash",
  transfer: "Transfer",
  split: "Split",
};

export function CompleteSaleDialog({
  open,
  onOpenChange,
  sale,
  figures,
  surcharges,
  staff,
  pending,
  onComplete,
  onManageSurcharges,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sale: SaleState;
  figures: Figures;
  surcharges: Surcharge[];
  staff: PosStaff[];
  pending: boolean;
  onComplete: () => void;
  onManageSurcharges: () => void;
}) {
  const active = surcharges.filter((s) => s.isActive);
  // The till's payments cover what the visit's deposit leaves (issue 32).
  const left = remainingBalance(figures.due, sale.splits);
  const methodGroup = useId();
  const [errors, setErrors] = useState<Partial<Record<PaymentField, string>>>({});
  useEffect(() => {
    if (open) setErrors({});
  }, [open]);
  const setSplit = (key: number, change: Partial<SplitPayment>) =>
    sale.setSplits(sale.splits.map((s) => (s.key === key ? { ...s, ...change } : s)));
  const submit = () => {
    // A missing name or email stays the till's to refuse, with the spec's toast ('Customer Info
    // Required', 'Please enter customer name and email') and not a second copy on the fields;
    // any other message stops the sale here, on its field.
    const found = Object.entries(paymentErrors(sale)).filter(
      ([, message]) => message !== POS_MESSAGES.customerInfo,
    );
    setErrors(Object.fromEntries(found));
    if (found.length === 0) onComplete();
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Complete Sale"
      intro={
        <DialogDescription className="mt-1 text-sm text-gray-600">
          {sale.appointmentLabel
            ? `Checking out ${sale.appointmentLabel}.`
            : "Who is paying, and how."}
        </DialogDescription>
      }
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      // The sale lives in the till (useSale), not in the dialog: closing it loses nothing.
      dirty={false}
      pending={pending}
      submitLabel="Complete Sale"
      pendingLabel="Processing…"
      className="max-w-2xl"
      formClassName="mt-5 space-y-6"
      footerClassName="flex justify-end gap-2"
    >
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-ink">Customer Info</legend>
        <ClientSearch onPick={(c) => sale.setCustomer(c)} />
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField
            label="Name"
            aria-required="true"
            autoComplete="off"
            error={errors.name}
            value={sale.customer.name}
            onChange={(e) => sale.setCustomer({ ...sale.customer, name: e.target.value })}
          />
          <TextField
            label="Email"
            type="email"
            aria-required="true"
            autoComplete="off"
            error={errors.email}
            value={sale.customer.email}
            onChange={(e) =>
              sale.setCustomer({ ...sale.customer, email: e.target.value, clientId: null })
            }
          />
          <TextField
            label="Phone"
            type="tel"
            autoComplete="off"
            error={errors.phone}
            value={sale.customer.phone}
            onChange={(e) => sale.setCustomer({ ...sale.customer, phone: e.target.value })}
          />
        </div>
      </fieldset>

      <fieldset>
        <legend className="text-sm font-semibold text-ink">Payment Method</legend>
        {figures.deposit > 0 && (
          <p className="mt-1 text-sm text-gray-700" data-testid="deposit-note">
            {figures.due > 0
              ? `The booking deposit (${formatNairaWithKobo(figures.deposit)}, paid online) is credited; take ${formatNairaWithKobo(figures.due)} here.`
              : `The booking deposit (paid online) pays this sale in full: nothing to take here.`}
          </p>
        )}
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {POS_PAYMENT_METHODS.map((m) => (
            <label
              key={m}
              className="flex cursor-pointer items-center justify-center gap-2 rounded-md border border-gray-300 px-3 py-2 text-sm font-medium has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-900"
            >
              <input
                type="radio"
                name={methodGroup}
                value={m}
                checked={sale.method === m}
                onChange={() => sale.setMethod(m)}
                className="accent-brand-700"
              />
              {METHOD_LABELS[m]}
            </label>
          ))}
        </div>
        {sale.method === "cash" && (
          <TextField
            className="mt-3 max-w-xs"
            label="Cash Received"
            inputMode="decimal"
            value={sale.cashReceived}
            error={errors.cashReceived}
            onChange={(e) => sale.setCashReceived(e.target.value)}
            hint={`Total due ${formatNairaWithKobo(figures.due + sale.tipNaira)}`}
          />
        )}
        {(sale.method === "card" || sale.method === "transfer") && (
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {sale.method === "transfer" && (
              <TextField
                label="Payer name"
                autoComplete="off"
                value={sale.payerName}
                onChange={(e) => sale.setPayerName(e.target.value)}
                hint="As the bank alert names them"
              />
            )}
            <TextField
              label={sale.method === "card" ? "Terminal reference" : "Transfer reference"}
              autoComplete="off"
              value={sale.paymentReference}
              onChange={(e) => sale.setPaymentReference(e.target.value)}
              hint={
                sale.method === "card"
                  ? "The RRN or STAN on the POS slip"
                  : "The reference on the bank alert"
              }
            />
          </div>
        )}
        {sale.method === "split" && (
          <div className="mt-3 space-y-2">
            <p className="text-sm font-medium text-gray-800">Split Payments</p>
            {sale.splits.map((p, i) => (
              <div key={p.key} className="flex flex-wrap items-end gap-2">
                <label className="text-sm">
                  <span className="sr-only">Payment {i + 1} method</span>
                  <select
                    aria-label={`Payment ${i + 1} method`}
                    value={p.method}
                    onChange={(e) =>
                      sale.setSplits(
                        sale.splits.map((s) =>
                          s.key === p.key ? { ...s, method: e.target.value as typeof p.method } : s,
                        ),
                      )
                    }
                    className="rounded-md border border-gray-400 bg-white px-2 py-2 text-sm"
                  >
                    {SPLIT_PAYMENT_METHODS.map((m) => (
                      <option key={m} value={m}>
                        {METHOD_LABELS[m]}
                      </option>
                    ))}
                  </select>
                </label>
                <input
                  aria-label={`Payment ${i + 1} amount`}
                  aria-invalid={errors[`split.${i}`] ? true : undefined}
                  aria-describedby={errors[`split.${i}`] ? `${methodGroup}-split-${i}` : undefined}
                  inputMode="decimal"
                  value={p.amount}
                  onChange={(e) =>
                    sale.setSplits(
                      sale.splits.map((s) =>
                        s.key === p.key ? { ...s, amount: e.target.value } : s,
                      ),
                    )
                  }
                  className="w-32 rounded-md border border-gray-400 px-3 py-2 text-sm aria-[invalid=true]:border-red-700 sm:w-40"
                />
                {p.method === "transfer" && (
                  <input
                    aria-label={`Payment ${i + 1} payer`}
                    placeholder="Payer name"
                    autoComplete="off"
                    value={p.payer ?? ""}
                    onChange={(e) => setSplit(p.key, { payer: e.target.value })}
                    className="w-full rounded-md border border-gray-400 px-3 py-2 text-sm sm:w-44"
                  />
                )}
                {p.method !== "cash" && (
                  <input
                    aria-label={`Payment ${i + 1} ${p.method === "card" ? "terminal" : "transfer"} reference`}
                    placeholder={p.method === "card" ? "Terminal reference" : "Transfer reference"}
                    autoComplete="off"
                    value={p.reference ?? ""}
                    onChange={(e) => setSplit(p.key, { reference: e.target.value })}
                    className="w-full rounded-md border border-gray-400 px-3 py-2 text-sm sm:w-44"
                  />
                )}
                <button
                  type="button"
                  className={adminButton.outline}
                  aria-label={`Remove payment ${i + 1}`}
                  onClick={() => sale.setSplits(sale.splits.filter((s) => s.key !== p.key))}
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                </button>
                {errors[`split.${i}`] && (
                  <p id={`${methodGroup}-split-${i}`} className="w-full text-sm text-red-700">
                    {errors[`split.${i}`]}
                  </p>
                )}
              </div>
            ))}
            <div className="flex flex-wrap items-center gap-3">
              <button
                type="button"
                className={adminButton.outline}
                onClick={() =>
                  sale.setSplits(addSplitPayment(figures.due, sale.splits, Date.now()))
                }
              >
                Add Payment
              </button>
              <span className="text-sm text-gray-700" aria-live="polite">
                Remaining balance: {formatNairaWithKobo(Math.max(0, left))}
                {left < 0 ? ` (over by ${formatNairaWithKobo(-left)})` : ""}
              </span>
            </div>
          </div>
        )}
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <TextField
            className="max-w-xs"
            label="Tip"
            inputMode="decimal"
            value={sale.tip}
            error={errors.tip}
            onChange={(e) => sale.setTip(e.target.value)}
          />
          {sale.tipNaira > 0 && (
            <label className="text-sm">
              <span className="block font-medium text-gray-800">Tip for</span>
              <select
                value={sale.tipStaffId ?? ""}
                onChange={(e) => sale.setTipStaffId(e.target.value ? Number(e.target.value) : null)}
                className="mt-1 rounded-md border border-gray-400 bg-white px-2 py-2 text-sm"
              >
                <option value="">{firstTherapist(sale, staff) ?? "No one"}</option>
                {staff.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
      </fieldset>

      <fieldset>
        <legend className="flex w-full items-center justify-between text-sm font-semibold text-ink">
          Service Charges
        </legend>
        {active.length === 0 ? (
          <p className="mt-1 text-sm text-gray-600">No active service charges.</p>
        ) : (
          <div className="mt-2 flex flex-wrap gap-3">
            {active.map((s) => (
              <label key={s.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={sale.appliedIds.includes(s.id)}
                  onChange={(e) => sale.toggleSurcharge(s.id, e.target.checked)}
                  className="accent-brand-700"
                />
                {s.name} ({s.type === "percentage" ? `${s.amount}%` : formatNairaWithKobo(s.amount)}
                )
              </label>
            ))}
          </div>
        )}
        <button
          type="button"
          className="mt-2 text-sm font-medium text-brand-800 underline"
          onClick={onManageSurcharges}
        >
          Manage surcharges
        </button>
      </fieldset>

      <TextField
        className="max-w-xs"
        label="Discount"
        inputMode="decimal"
        value={sale.discount}
        error={errors.discount}
        onChange={(e) => sale.setDiscount(e.target.value)}
      />

      <dl className="space-y-1 rounded-lg bg-gray-50 p-4 text-sm">
        <Row label="Subtotal" value={figures.subtotal} />
        {figures.surchargeLines.map((l) => (
          <Row key={l.surchargeId} label={l.name} value={l.amount} />
        ))}
        <Row label="Discount" value={-figures.discount} />
        {sale.tipNaira > 0 && <Row label="Tip" value={sale.tipNaira} />}
        <Row label="Total" value={figures.total} strong />
        {figures.depositLines.map((d) => (
          <Row key={d.reference} label={`Deposit (${d.reference})`} value={-d.amount} />
        ))}
        {figures.deposit > 0 && <Row label="Amount due" value={figures.due} strong />}
        {sale.method === "cash" && <Row label="Change" value={figures.change} />}
      </dl>
      <ConsultationOverride state={sale.consultation} />
    </FormDialog>
  );
}

function Row({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <div
      className={`flex justify-between gap-3 ${strong ? "text-base font-semibold text-ink" : ""}`}
    >
      <dt className="min-w-0 break-words">{label}</dt>
      <dd className="whitespace-nowrap">
        {value < 0 ? "-" : ""}
        {formatNairaWithKobo(Math.abs(value))}
      </dd>
    </div>
  );
}

/** The member a tip goes to when the desk names nobody: the first therapist on the sale. */
function firstTherapist(sale: SaleState, staff: PosStaff[]): string | null {
  const id =
    sale.lines.find((l) => l.type === "service" && l.staffId)?.staffId ??
    sale.lines.find((l) => l.staffId)?.staffId;
  const name = staff.find((m) => m.id === id)?.name;
  return name ? `${name} (first therapist)` : null;
}

/** One page of clients matching `text` (GET /api/pos/clients). */
function fetchClients(text: string, page: number): Promise<PosClientPage> {
  return apiRequest<PosClientPage>(
    "GET",
    `/api/pos/clients?q=${encodeURIComponent(text)}&page=${page}`,
  );
}

/**
 * Finds a client on file by name, email or phone in any form (at least 2 characters; the server
 * pages the answer, 'More' reads the next page). Picking one links the sale to that client.
 */
function ClientSearch({ onPick }: { onPick: (c: Customer) => void }) {
  const [q, setQ] = useState("");
  const [found, setFound] = useState<PosClient[]>([]);
  const [page, setPage] = useState<{ page: number; hasMore: boolean }>({ page: 1, hasMore: false });
  const show = useCallback((res: PosClientPage) => {
    setFound((prev) => (res.page === 1 ? res.clients : [...prev, ...res.clients]));
    setPage({ page: res.page, hasMore: res.hasMore });
  }, []);
  useEffect(() => {
    const text = q.trim();
    if (text.length < 2) {
      setFound([]);
      return;
    }
    const timer = setTimeout(() => {
      fetchClients(text, 1)
        .then(show)
        .catch(() => setFound([]));
    }, 250);
    return () => clearTimeout(timer);
  }, [q, show]);
  return (
    <div className="relative">
      <input
        type="search"
        aria-label="Search clients"
        placeholder="Search clients by name, email or phone…"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        className="block w-full rounded-md border border-gray-400 px-3 py-2 text-sm"
      />
      {found.length > 0 && (
        <ul className="absolute z-10 mt-1 w-full overflow-hidden rounded-md border border-gray-200 bg-white shadow-lg">
          {found.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className="block w-full px-3 py-2 text-left text-sm hover:bg-brand-50"
                onClick={() => {
                  onPick({ name: c.name, email: c.email, phone: c.phone ?? "", clientId: c.id });
                  setQ("");
                  setFound([]);
                }}
              >
                <span className="font-medium">{c.name || c.email}</span>
                <span className="ml-2 text-gray-600">{c.email}</span>
                {c.phone && <span className="ml-2 text-gray-600">{c.phone}</span>}
              </button>
            </li>
          ))}
          {page.hasMore && (
            <li>
              <button
                type="button"
                className="block w-full px-3 py-2 text-left text-sm font-medium text-brand-800 hover:bg-brand-50"
                onClick={() =>
                  void fetchClients(q.trim(), page.page + 1)
                    .then(show)
                    .catch(() => undefined)
                }
              >
                More clients…
              </button>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
