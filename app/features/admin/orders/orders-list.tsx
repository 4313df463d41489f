/**
 * The admin's shop orders (admin spec §2 "Orders management", §3 "Order", §4 order statuses):
 * order cards with customer, delivery and summary sections and the line items, a status badge
 * (completed, processing, shipped, cancelled; any other styled like processing, except the
 * server's 'refund-required', 'refunded' and 'expired'), a status change (paid orders only), and
 * Refund for 'refund-required'. Expired orders show only under the 'Expired (unpaid)' filter.
 */
import { clsx } from "clsx";
import { useState } from "react";
import { ConfirmDialog } from "#app/features/admin/kit/confirm-dialog.tsx";
import { type Column, DataTable } from "#app/features/admin/kit/data-table.tsx";
import { useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { apiRequest } from "#app/lib/api.ts";
import { formatLagosDateTime } from "#common/lagos-time.ts";
import { formatNairaExact as money } from "#common/money.ts";
import {
  ADMIN_ORDER_STATUSES,
  type PublicOrder,
  type PublicOrderItem,
  TRACKING_NOTE_MAX,
} from "#common/orders.ts";

export const STATUS_LABELS: Record<string, string> = {
  completed: "Completed",
  processing: "Processing",
  shipped: "Shipped",
  cancelled: "Cancelled",
  "refund-required": "Refund required",
  refunded: "Refunded",
  expired: "Expired (unpaid)",
};

const STATUS_STYLES: Record<string, string> = {
  completed: "bg-emerald-100 text-emerald-900",
  shipped: "bg-sky-100 text-sky-900",
  cancelled: "bg-gray-200 text-gray-800",
  "refund-required": "bg-red-100 text-red-900",
  refunded: "bg-gray-200 text-gray-800",
  expired: "bg-gray-100 text-gray-700",
};

/**
 * Refund (issue 14): returns a 'refund-required' order's payment through Paystack's refund API
 * (POST /api/orders/{id}/refund; managers only, audited), after a confirmation.
 */
function RefundAction({ order }: { order: PublicOrder }) {
  const [confirming, setConfirming] = useState(false);
  const refund = useAdminMutation<unknown>({
    failureTitle: "Refund failed",
    failure: "Please try again.",
  });
  return (
    <>
      <button
        type="button"
        className="mt-2 rounded-md bg-red-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-800"
        onClick={() => setConfirming(true)}
      >
        Refund
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Refund order #${order.id}?`}
        description={`${money(order.total)} goes back to ${order.customerName} through Paystack (reference ${order.paymentReference}). This cannot be undone.`}
        confirmLabel="Refund"
        confirmDisabled={refund.pending}
        onConfirm={() =>
          void refund
            .run(() => apiRequest("POST", `/api/orders/${order.id}/refund`), {
              success: { title: "Order refunded", description: `Order #${order.id} is refunded.` },
            })
            .finally(() => setConfirming(false))
        }
      />
    </>
  );
}

export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <span
      className={clsx(
        "rounded-full px-2.5 py-0.5 text-xs font-medium",
        STATUS_STYLES[status] ?? "bg-amber-100 text-amber-900",
      )}
    >
      {STATUS_LABELS[status] ?? status}
    </span>
  );
}

function StatusControl({ order }: { order: PublicOrder }) {
  const save = useAdminMutation<unknown>({
    failureTitle: "Failed to update order",
    failure: "Please try again.",
  });
  const id = `order-status-${order.id}`;
  const known = ADMIN_ORDER_STATUSES.includes(order.status as never);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-gray-700">
        Status
      </label>
      <select
        id={id}
        value={known ? order.status : ""}
        disabled={save.pending}
        onChange={(event) => {
          const status = event.target.value;
          void save.run(() => apiRequest("PATCH", `/api/orders/${order.id}`, { status }), {
            success: {
              title: "Order updated",
              description: `Order #${order.id} is now ${STATUS_LABELS[status]?.toLowerCase()}.`,
            },
          });
        }}
        className="rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm"
      >
        {!known && (
          <option value="" disabled>
            {STATUS_LABELS[order.status] ?? order.status}
          </option>
        )}
        {ADMIN_ORDER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {STATUS_LABELS[s]}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The tracking note the client reads on the order status page (issue 33): a courier, waybill or
 * expected day; saved with PATCH /api/orders/{id} {trackingNote}, '' clears it.
 */
function TrackingNoteForm({ order }: { order: PublicOrder }) {
  const save = useAdminMutation<unknown>({
    failureTitle: "Failed to save the tracking note",
    failure: "Please try again.",
  });
  const id = `order-tracking-${order.id}`;
  return (
    <form
      className="mt-3 flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const trackingNote = String(new FormData(event.currentTarget).get("trackingNote") ?? "");
        void save.run(() => apiRequest("PATCH", `/api/orders/${order.id}`, { trackingNote }), {
          success: { title: "Tracking note saved", description: `Order #${order.id}.` },
        });
      }}
    >
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="block text-sm font-medium text-gray-700">
          Tracking note (shown to the client)
        </label>
        <input
          id={id}
          name="trackingNote"
          defaultValue={order.trackingNote ?? ""}
          maxLength={TRACKING_NOTE_MAX}
          placeholder="Courier, waybill number, expected day"
          className="mt-1 w-full rounded-md border border-gray-300 px-2 py-1.5 text-sm"
        />
      </div>
      <button
        type="submit"
        disabled={save.pending}
        className="rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-ink hover:bg-gray-50"
      >
        Save note
      </button>
    </form>
  );
}

const ITEM_COLUMNS: Column<PublicOrderItem>[] = [
  { header: "Product", cell: (item) => item.name },
  { header: "Qty", align: "right", cell: (item) => item.quantity },
  { header: "Price", align: "right", cell: (item) => money(item.price) },
  { header: "Line total", align: "right", cell: (item) => money(item.lineTotal) },
];

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-gray-600">{label}</dt>
      <dd className="text-right text-ink">{children}</dd>
    </div>
  );
}

/** The order cards of one page. */
export function OrdersList({ orders }: { orders: readonly PublicOrder[] }) {
  return (
    <ul className="grid gap-4">
      {orders.map((order) => (
        <li key={order.id} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
          <article aria-labelledby={`order-${order.id}`}>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="flex items-center gap-3">
                <h2 id={`order-${order.id}`} className="text-lg font-semibold text-ink">
                  Order #{order.id}
                </h2>
                <OrderStatusBadge status={order.status} />
              </div>
              {order.status !== "expired" && <StatusControl order={order} />}
            </div>
            <p className="mt-1 text-sm text-gray-600">
              Placed {formatLagosDateTime(new Date(order.createdAt))}
            </p>
            {order.status !== "expired" && order.status !== "pending" && (
              <TrackingNoteForm order={order} />
            )}
            {order.status === "expired" && (
              <p className="mt-3 rounded-md bg-gray-50 p-3 text-sm text-gray-700">
                Never paid: the checkout was abandoned and its items went back on sale. A payment
                that still arrives for reference {order.paymentReference} completes it.
              </p>
            )}
            {order.status === "refund-required" && (
              <div className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-900">
                <p>
                  Paid, but the stock ran out before this order could be filled. Refund the client
                  (Paystack reference {order.paymentReference}).
                </p>
                <RefundAction order={order} />
              </div>
            )}
            <div className="mt-4 grid gap-5 md:grid-cols-3">
              <section aria-label="Customer">
                <h3 className="text-sm font-semibold uppercase tracking-wide text-gray-700">
                  Customer
                </h3>
                <p className="mt-2 text-sm font-medium text-ink">{order.customerName}</p>
                <p className="text-sm">
                  <a className="text-brand-800 underline" href={`mailto:${order.customerEmail}`}>
                    {order.customerEmail}
                  </a>
                </p>
                <p className="text-sm text-gray-700">{order.customerPhone}</p>
              </section>
              <section aria-label="Delivery">
                <h3 className="text-sm font-semibold uppercase tracking-wide text-gray-700">
                  Delivery
                </h3>
                <p className="mt-2 text-sm text-ink">{order.deliveryAddress}</p>
                <p className="text-sm text-gray-700">
                  {order.deliveryCity}, {order.deliveryState} {order.deliveryPostalCode}
                </p>
                <p className="text-sm text-gray-700">{order.deliveryCountry}</p>
                {order.deliveryInstructions && (
                  <p className="mt-1 text-sm text-gray-700">Note: {order.deliveryInstructions}</p>
                )}
              </section>
              <section aria-label="Summary">
                <h3 className="text-sm font-semibold uppercase tracking-wide text-gray-700">
                  Summary
                </h3>
                <dl className="mt-2 space-y-1 text-sm">
                  <Row label="Subtotal">{money(order.subtotal)}</Row>
                  <Row label="Shipping">{money(order.shipping)}</Row>
                  <Row label="Total">
                    <strong>{money(order.total)}</strong>
                  </Row>
                  <Row label="Payment">
                    {order.paymentMethod === "test" ? "Test payment" : "Paystack"}
                  </Row>
                  <Row label="Reference">
                    <span className="break-all">{order.paymentReference}</span>
                  </Row>
                </dl>
              </section>
            </div>
            <div className="mt-5">
              <DataTable
                plain
                caption={`Items of order #${order.id}`}
                columns={ITEM_COLUMNS}
                rows={order.items}
                rowKey={(item) => item.id}
              />
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
