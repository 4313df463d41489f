/**
 * The point of sale at /admin/sales (admin spec §2 "Point of sale"; issue 11): the tabs
 * daily-sales, quick-sale, services and products on the left, the Current Sale panel on the
 * right (lines with +/-, clear, subtotal, surcharges, discount, total, change, Checkout), the
 * Complete Sale dialog, surcharge management, the last sale's receipt, and the offline queue
 * ('waiting to sync', conflicts shown to the front desk).
 */
import { Mail, Minus, Plus, Printer, Settings2, Trash2, WifiOff, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigation, useSearchParams } from "react-router";
import { useToast } from "#app/components/ui/toast.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { EmptyState } from "#app/features/admin/kit/empty-state.tsx";
import { PageHeader } from "#app/features/admin/kit/page-header.tsx";
import { ApiError, apiRequest } from "#app/lib/api.ts";
import type { Appointment } from "#common/calendar.ts";
import { formatNairaWithKobo } from "#common/money.ts";
import {
  POS_TABS,
  type PosScreen,
  type PosStaff,
  type PosTab,
  type VisitCheckout,
} from "#common/sales.ts";
import { CompleteSaleDialog } from "./complete-sale-dialog.tsx";
import { DailySalesTab } from "./daily-sales.tsx";
import { CatalogTab, QuickSaleTab } from "./item-tabs.tsx";
import { OfflineReceiptView } from "./receipt-view.tsx";
import { SurchargesDialog } from "./surcharges-dialog.tsx";
import { type SaleState, useSale } from "./use-sale.ts";

const TAB_LABELS: Record<PosTab, string> = {
  "daily-sales": "Daily Sales",
  "quick-sale": "Quick Sale",
  services: "Services",
  products: "Products",
};

const money = formatNairaWithKobo;

export function SalesScreen({ data, initialTab }: { data: PosScreen; initialTab: PosTab }) {
  const [tab, setTabState] = useState<PosTab>(initialTab);
  const [, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const sale = useSale(data.surcharges);
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  const [surchargesOpen, setSurchargesOpen] = useState(false);
  const toast = useToast();

  function setTab(next: PosTab) {
    setTabState(next);
    // The tab is a bookmarkable URL without re-running the loader.
    const url = new URL(window.location.href);
    url.searchParams.set("tab", next);
    window.history.replaceState(window.history.state, "", url);
  }

  /**
   * Puts a visit on the till (issue 29): each of its appointments as a service line at its
   * price with its therapist, and the client; appointments without a price are left to add by
   * hand. Its paid booking deposits are credited as the 'Deposit' tender (issue 32).
   */
  function openVisit(v: VisitCheckout) {
    sale.clear();
    const unpriced: string[] = [];
    for (const l of v.lines) {
      if (l.serviceId === null || l.price === null) {
        unpriced.push(l.serviceName);
        continue;
      }
      sale.add({
        id: l.serviceId,
        type: "service",
        name: l.serviceName,
        price: l.price,
        isPopular: false,
        stock: null,
        staffId: l.staffId,
        appointmentId: l.appointmentId,
      });
    }
    sale.setCustomer({ ...v.customer, clientId: v.customer.clientId });
    sale.setDeposits(v.deposits);
    const names = v.lines.map((l) => l.serviceName).join(" + ");
    sale.setAppointment({ id: String(v.appointmentId), label: `${v.customer.name}'s ${names}` });
    if (v.lines.length === 0 || unpriced.length > 0) {
      toast({
        title: "Cannot check out",
        description:
          v.lines.length === 0
            ? "This visit is already checked out or closed."
            : `${unpriced.join(", ")} has no price at the till; add the items by hand.`,
        variant: "destructive",
      });
    }
  }

  // Start Checkout from the calendar or a client's dialog lands here with ?checkout={id}.
  const visitId = data.checkout?.appointmentId ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per visit opened, not per render
  useEffect(() => {
    if (data.checkout) openVisit(data.checkout);
  }, [visitId]);

  async function startCheckout(a: Appointment) {
    if (!a.virtual && /^\d+$/.test(a.id)) {
      try {
        openVisit(await apiRequest<VisitCheckout>("GET", `/api/pos/checkout/${a.id}`));
      } catch (error) {
        toast({
          title: "Cannot check out",
          description:
            (error instanceof ApiError && error.serverMessage) || "Failed to load the visit",
          variant: "destructive",
        });
      }
      return;
    }
    const service = data.services.find((s) => s.id === a.serviceId);
    if (!service || service.price === null) {
      toast({
        title: "Cannot check out",
        description: `${a.serviceName} has no price at the till; add the items by hand.`,
        variant: "destructive",
      });
      return;
    }
    sale.clear();
    sale.add({ ...service, price: service.price, isPopular: false });
    sale.setCustomer({ name: a.customerName, email: a.customerEmail, phone: a.customerPhone });
    sale.setAppointment({ id: a.id, label: `${a.customerName}'s ${a.serviceName}` });
  }

  return (
    <div>
      <PageHeader title="Point of Sale">
        <button
          type="button"
          className={adminButton.outline}
          onClick={() => setSurchargesOpen(true)}
        >
          <Settings2 className="h-4 w-4" aria-hidden />
          Surcharges
        </button>
      </PageHeader>
      <OfflineBar sale={sale} />
      {/* The daily figures take the whole width; the cart keeps its state meanwhile. */}
      <div
        className={
          tab === "daily-sales"
            ? "grid grid-cols-1 gap-6"
            : "grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_360px]"
        }
      >
        <div className="min-w-0">
          <div
            role="tablist"
            aria-label="Point of sale"
            className="mb-4 flex flex-wrap gap-1 border-b border-gray-200"
          >
            {POS_TABS.map((t) => (
              <button
                key={t}
                type="button"
                role="tab"
                id={`pos-tab-${t}`}
                aria-controls={`pos-panel-${t}`}
                aria-selected={tab === t}
                tabIndex={tab === t ? 0 : -1}
                onClick={() => setTab(t)}
                onKeyDown={(e) => {
                  const i = POS_TABS.indexOf(t);
                  const next =
                    e.key === "ArrowRight"
                      ? POS_TABS[(i + 1) % POS_TABS.length]
                      : e.key === "ArrowLeft"
                        ? POS_TABS[(i + POS_TABS.length - 1) % POS_TABS.length]
                        : null;
                  if (next) {
                    setTab(next);
                    document.getElementById(`pos-tab-${next}`)?.focus();
                  }
                }}
                className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-medium text-gray-700 hover:text-brand-800 aria-selected:border-brand-700 aria-selected:text-brand-900"
              >
                {TAB_LABELS[t]}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`pos-panel-${tab}`} aria-labelledby={`pos-tab-${tab}`}>
            {tab === "daily-sales" && (
              <DailySalesTab
                date={data.date}
                today={data.today}
                daily={data.daily}
                sales={data.sales}
                loading={navigation.state === "loading"}
                onDate={(date) =>
                  setSearchParams({ tab: "daily-sales", date }, { preventScrollReset: true })
                }
              />
            )}
            {tab === "quick-sale" && (
              <QuickSaleTab
                popular={data.popularItems}
                upcoming={data.upcoming}
                onAdd={(item, isPopular) =>
                  sale.add({ ...item, price: item.price ?? 0, isPopular: Boolean(isPopular) })
                }
                onStartCheckout={startCheckout}
              />
            )}
            {tab === "services" && (
              <CatalogTab
                kind="services"
                items={data.services}
                onAdd={(item) => sale.add({ ...item, price: item.price ?? 0, isPopular: false })}
              />
            )}
            {tab === "products" && (
              <CatalogTab
                kind="products"
                items={data.products}
                onAdd={(item) => sale.add({ ...item, price: item.price ?? 0, isPopular: false })}
              />
            )}
          </div>
        </div>
        {tab !== "daily-sales" && (
          <CurrentSale
            sale={sale}
            staff={data.staff}
            onCheckout={() => {
              if (sale.lines.length === 0) {
                void sale.complete();
                return;
              }
              setCheckoutOpen(true);
            }}
          />
        )}
      </div>
      {tab !== "daily-sales" && sale.lines.length > 0 && (
        // Phones and tablets: the panel sits below the items, so a bar keeps the sale in reach.
        <div className="sticky bottom-0 z-10 mt-4 rounded-lg border-t border-gray-200 bg-white p-3 shadow-lg lg:hidden">
          <button
            type="button"
            className={`${adminButton.primary} w-full`}
            onClick={() =>
              document.getElementById("current-sale")?.scrollIntoView({ behavior: "smooth" })
            }
          >
            View sale ({sale.lines.reduce((n, l) => n + l.quantity, 0)}) ·{" "}
            {/* What is left to pay at the till once a visit's deposit is credited. */}
            {money(sale.figures.due)}
          </button>
        </div>
      )}
      <CompleteSaleDialog
        open={checkoutOpen}
        onOpenChange={setCheckoutOpen}
        sale={sale}
        figures={sale.figures}
        surcharges={data.surcharges}
        staff={data.staff}
        pending={sale.pending}
        onComplete={async () => {
          if (await sale.complete()) setCheckoutOpen(false);
        }}
        onManageSurcharges={() => setSurchargesOpen(true)}
      />
      <SurchargesDialog
        open={surchargesOpen}
        onOpenChange={setSurchargesOpen}
        surcharges={data.surcharges}
      />
    </div>
  );
}

function CurrentSale({
  sale,
  staff,
  onCheckout,
}: {
  sale: SaleState;
  staff: PosStaff[];
  onCheckout: () => void;
}) {
  const f = sale.figures;
  return (
    <aside
      aria-labelledby="current-sale"
      className="h-fit rounded-lg border border-gray-200 bg-white p-4 shadow-sm lg:sticky lg:top-4"
    >
      <div className="flex items-center justify-between">
        <h2 id="current-sale" className="text-lg font-semibold text-ink">
          Current Sale
        </h2>
        <button
          type="button"
          className={adminButton.outline}
          onClick={sale.clear}
          disabled={sale.lines.length === 0}
          aria-label="Clear sale"
        >
          <Trash2 className="h-4 w-4" aria-hidden />
          Clear
        </button>
      </div>
      {sale.appointmentLabel && (
        <p className="mt-2 flex items-center justify-between rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900">
          Checking out {sale.appointmentLabel}
          <button
            type="button"
            aria-label="Unlink the appointment"
            onClick={() => sale.setAppointment(null)}
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </p>
      )}
      {sale.lines.length === 0 ? (
        <div className="mt-4">
          <EmptyState>No items yet. Tap an item to add it.</EmptyState>
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-gray-100" aria-label="Cart">
          {sale.lines.map((l, i) => (
            <li
              key={`${l.type}-${l.id}-${l.appointmentId ?? ""}`}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
            >
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-ink">{l.name}</p>
                <p className="text-xs text-gray-600">
                  {money(l.price)} × {l.quantity} = {money(l.price * l.quantity)}
                </p>
                <LineStaff
                  line={l}
                  staff={staff}
                  onChange={(staffId) => sale.setLineStaff(i, staffId)}
                />
              </div>
              <div className="flex items-center gap-1">
                <button
                  type="button"
                  className={adminButton.outline}
                  aria-label={`Decrease quantity of ${l.name}`}
                  onClick={() => sale.setQuantity(i, l.quantity - 1)}
                >
                  <Minus className="h-3 w-3" aria-hidden />
                </button>
                <span className="w-6 text-center text-sm" data-testid="line-quantity">
                  {l.quantity}
                </span>
                <button
                  type="button"
                  className={adminButton.outline}
                  aria-label={`Increase quantity of ${l.name}`}
                  disabled={l.stock !== null && l.quantity >= l.stock}
                  onClick={() => sale.setQuantity(i, l.quantity + 1)}
                >
                  <Plus className="h-3 w-3" aria-hidden />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <dl className="mt-4 space-y-1 border-t border-gray-200 pt-3 text-sm" aria-label="Sale totals">
        <Line label="Subtotal" value={money(f.subtotal)} />
        <Line label="Surcharges" value={money(f.surcharges)} />
        <Line label="Discount" value={f.discount > 0 ? `-${money(f.discount)}` : money(0)} />
        <Line label="Total" value={money(f.total)} strong />
        {f.depositLines.map((d) => (
          <Line
            key={d.reference}
            label={`Deposit (${d.reference})`}
            value={`-${money(d.amount)}`}
          />
        ))}
        {f.deposit > 0 && <Line label="Amount due" value={money(f.due)} strong />}
        <Line label="Change" value={money(f.change)} />
      </dl>
      <button type="button" className={`${adminButton.primary} mt-4 w-full`} onClick={onCheckout}>
        Checkout
      </button>
      {sale.lastSale && <LastSale sale={sale.lastSale} />}
    </aside>
  );
}

/**
 * The member a line credits (issue 29): the therapist of a service (the appointment's by
 * default), who sold a product (optional).
 */
function LineStaff({
  line,
  staff,
  onChange,
}: {
  line: SaleState["lines"][number];
  staff: PosStaff[];
  onChange: (staffId: number | null) => void;
}) {
  const label = line.type === "service" ? "Therapist" : "Sold by";
  return (
    <label className="mt-1 flex items-center gap-2 text-xs text-gray-700">
      <span>{label}</span>
      <select
        aria-label={`${label} for ${line.name}`}
        value={line.staffId ?? ""}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
        className="min-w-0 max-w-[12rem] rounded-md border border-gray-400 bg-white px-2 py-1 text-xs"
      >
        <option value="">{line.type === "service" ? "Choose…" : "No one"}</option>
        {staff.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div
      className={`flex justify-between gap-3 ${strong ? "text-base font-semibold text-ink" : "text-gray-800"}`}
    >
      {/* A long label (a deposit's reference) wraps; the amount stays on one line. */}
      <dt className="min-w-0 break-words">{label}</dt>
      <dd className="whitespace-nowrap">{value}</dd>
    </div>
  );
}

function LastSale({ sale }: { sale: NonNullable<SaleState["lastSale"]> }) {
  const toast = useToast();
  const [sending, setSending] = useState(false);
  return (
    <div className="mt-4 rounded-md bg-gray-50 p-3 text-sm">
      <p className="font-medium text-ink">
        Last sale #{sale.saleNumber} · {money(sale.total)}
        {sale.change > 0 ? ` · change ${money(sale.change)}` : ""}
      </p>
      <div className="mt-2 flex gap-2">
        <Link className={adminButton.outline} to={`/admin/sales/receipt/${sale.saleNumber}`}>
          <Printer className="h-4 w-4" aria-hidden />
          Print Receipt
        </Link>
        <button
          type="button"
          className={adminButton.outline}
          disabled={sending || !sale.customerEmail}
          onClick={async () => {
            setSending(true);
            try {
              const res = await apiRequest<{ to: string }>(
                "POST",
                `/api/sales/${sale.id}/email-receipt`,
                {},
              );
              toast({ title: "Receipt sent", description: `Emailed to ${res.to}` });
            } catch (error) {
              toast({
                title: "Error",
                description:
                  (error instanceof ApiError && error.serverMessage) || "Failed to email receipt",
                variant: "destructive",
              });
            } finally {
              setSending(false);
            }
          }}
        >
          <Mail className="h-4 w-4" aria-hidden />
          Email Receipt
        </button>
      </div>
    </div>
  );
}

/**
 * The sales kept on this device (issue 35): each with its offline receipt number, its state
 * ('waiting to sync', or the server's refusal with Retry and Discard) and Print receipt.
 */
function OfflineBar({ sale }: { sale: SaleState }) {
  const [printing, setPrinting] = useState<string | null>(null);
  const toPrint = sale.queue.find((q) => q.key === printing) ?? null;
  useEffect(() => {
    if (!printing) return;
    // The receipt is rendered (print-only) before the browser's print dialog opens.
    window.print();
    setPrinting(null);
  }, [printing]);
  if (sale.online && sale.queue.length === 0) return null;
  return (
    <section
      aria-label="Offline sales"
      className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      {!sale.online && (
        <p className="flex items-center gap-2 font-medium">
          <WifiOff className="h-4 w-4" aria-hidden />
          Offline: sales are kept on this device and sent when the connection returns.
        </p>
      )}
      {sale.queue.length > 0 && (
        <ul className="mt-2 space-y-1">
          {sale.queue.map((q) => (
            <li key={q.key} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                {q.payload.offlineReceipt ? `Receipt ${q.payload.offlineReceipt} · ` : ""}
                {q.customerName} · {money(q.total)} ·{" "}
                {q.status === "waiting" ? (
                  <strong>waiting to sync</strong>
                ) : (
                  <strong className="text-red-800">not recorded: {q.error}</strong>
                )}
              </span>
              <span className="flex gap-2">
                <button
                  type="button"
                  className={adminButton.outline}
                  aria-label={`Print receipt ${q.payload.offlineReceipt ?? q.customerName}`}
                  onClick={() => setPrinting(q.key)}
                >
                  <Printer className="h-4 w-4" aria-hidden />
                  Print
                </button>
                {q.status === "conflict" && (
                  <span className="flex gap-2">
                    <button
                      type="button"
                      className={adminButton.outline}
                      onClick={() => sale.retryQueued(q.key)}
                    >
                      Retry
                    </button>
                    <button
                      type="button"
                      className={adminButton.danger}
                      onClick={() => sale.discardQueued(q.key)}
                    >
                      Discard
                    </button>
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {toPrint && <OfflineReceiptView sale={toPrint} />}
    </section>
  );
}
