/**
 * Bookings management (admin spec §2, §4, §5, §8): cards, search, time filter on the creation
 * date, 'N of M Bookings', Add/Edit dialogs, Process, No Show, Request Review and Delete with
 * the spec's confirmations and toasts, and the empty state with Clear Filters.
 */
import { Plus, Search } from "lucide-react";
import { useMemo, useState } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import { useToast } from "#app/components/ui/toast.tsx";
import {
  adminButton,
  Badge,
  ConfirmDialog,
  EmptyState,
  PageHeader,
} from "#app/features/admin/ui.tsx";
import { ApiError, apiRequest } from "#app/lib/api.ts";
import {
  BOOKING_TIME_FILTERS,
  type BookingTimeFilter,
  bookingBadge,
  canProcess,
  canRequestReview,
  formatLagosDateTime,
} from "#common/booking.ts";
import { BookingDialog, type EditableBooking, type ServiceOption } from "./booking-dialog";
import { matchesSearch, matchesTime } from "./filters";

export type AdminBooking = EditableBooking & {
  serviceName: string;
  status: string;
  processed: boolean;
  createdAt: string;
};

type Pending = { kind: "delete" | "no-show"; booking: AdminBooking } | null;

const BADGE_TONE = { "No Show": "red", Completed: "green", Pending: "amber" } as const;

export function BookingsScreen({
  bookings,
  services,
}: {
  bookings: readonly AdminBooking[];
  services: readonly ServiceOption[];
}) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const [params] = useSearchParams();
  const [q, setQ] = useState(params.get("q") ?? "");
  const [period, setPeriod] = useState<BookingTimeFilter>("all");
  const [dialog, setDialog] = useState<{ open: boolean; booking: AdminBooking | null }>({
    open: false,
    booking: null,
  });
  const [pending, setPending] = useState<Pending>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const shown = useMemo(() => {
    const now = new Date();
    return bookings.filter((b) => matchesSearch(b, q) && matchesTime(b, period, now));
  }, [bookings, q, period]);

  async function act(
    booking: AdminBooking,
    run: () => Promise<unknown>,
    success: { title: string; description?: string },
    failure: (error: unknown) => string,
  ) {
    setBusyId(booking.id);
    try {
      await run();
      toast(success);
      await revalidator.revalidate();
    } catch (error) {
      toast({ title: "Error", description: failure(error), variant: "destructive" });
    } finally {
      setBusyId(null);
    }
  }

  const processBooking = (b: AdminBooking) =>
    act(
      b,
      () => apiRequest("PATCH", `/api/bookings/${b.id}/process`),
      { title: "Booking processed successfully!" },
      () => "Failed to process booking",
    );

  const requestReview = (b: AdminBooking) =>
    act(
      b,
      () =>
        apiRequest("POST", "/api/send-review-request", {
          customerName: b.name,
          customerEmail: b.email,
          serviceName: b.serviceName || "Treatment",
          bookingId: b.id,
        }),
      { title: "Success", description: "Review request sent to customer" },
      () => "Failed to send review request",
    );

  async function confirmPending() {
    if (!pending) return;
    const { kind, booking } = pending;
    setPending(null);
    if (kind === "delete") {
      await act(
        booking,
        () => apiRequest("DELETE", `/api/bookings/${booking.id}`),
        { title: "Booking deleted successfully!" },
        () => "Failed to delete booking",
      );
    } else {
      await act(
        booking,
        () => apiRequest("PATCH", `/api/bookings/${booking.id}/no-show`),
        { title: "Success", description: "Booking marked as no-show" },
        (error) =>
          (error instanceof ApiError && error.serverMessage) || "Failed to mark booking as no-show",
      );
    }
  }

  const filtering = q.trim() !== "" || period !== "all";

  return (
    <>
      <PageHeader title="Bookings">
        <span className="rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-900">
          {shown.length} of {bookings.length} Bookings
        </span>
        <button
          type="button"
          className={adminButton.primary}
          onClick={() => setDialog({ open: true, booking: null })}
        >
          <Plus className="h-4 w-4" aria-hidden />
          Add Booking
        </button>
      </PageHeader>

      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="relative min-w-60 flex-1">
          <label htmlFor="bookings-search" className="sr-only">
            Search bookings
          </label>
          <Search
            className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-gray-600"
            aria-hidden
          />
          <input
            id="bookings-search"
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="Search by name, email, phone or service"
            className="w-full rounded-md border border-gray-400 bg-white py-2 pl-9 pr-3 text-sm"
          />
        </div>
        <div>
          <label htmlFor="bookings-period" className="sr-only">
            Time period
          </label>
          <select
            id="bookings-period"
            value={period}
            onChange={(e) => setPeriod(e.target.value as BookingTimeFilter)}
            className="rounded-md border border-gray-400 bg-white px-3 py-2 text-sm"
          >
            {BOOKING_TIME_FILTERS.map((f) => (
              <option key={f.id} value={f.id}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      {shown.length === 0 ? (
        <EmptyState>
          {filtering ? (
            <>
              <p className="font-semibold text-ink">No bookings match your filters.</p>
              <button
                type="button"
                className={`${adminButton.outline} mt-4`}
                onClick={() => {
                  setQ("");
                  setPeriod("all");
                }}
              >
                Clear Filters
              </button>
            </>
          ) : (
            <p>No bookings yet.</p>
          )}
        </EmptyState>
      ) : (
        <ul className="grid gap-3 xl:grid-cols-2">
          {shown.map((b) => {
            const badge = bookingBadge(b);
            const busy = busyId === b.id;
            return (
              <li key={b.id} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
                <article aria-labelledby={`booking-${b.id}`}>
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h2 id={`booking-${b.id}`} className="font-semibold text-ink">
                      {b.name}
                    </h2>
                    <Badge tone={BADGE_TONE[badge]}>{badge}</Badge>
                  </div>
                  <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm text-gray-800 sm:grid-cols-2">
                    <div>
                      <dt className="inline font-medium">Service: </dt>
                      <dd className="inline">{b.serviceName}</dd>
                    </div>
                    <div>
                      <dt className="inline font-medium">Appointment: </dt>
                      <dd className="inline">{formatLagosDateTime(b.date)}</dd>
                    </div>
                    <div>
                      <dt className="inline font-medium">Email: </dt>
                      <dd className="inline break-all">
                        <a className="underline" href={`mailto:${b.email}`}>
                          {b.email}
                        </a>
                      </dd>
                    </div>
                    <div>
                      <dt className="inline font-medium">Phone: </dt>
                      <dd className="inline">{b.phone}</dd>
                    </div>
                    <div>
                      <dt className="inline font-medium">Requested: </dt>
                      <dd className="inline">{formatLagosDateTime(b.createdAt)}</dd>
                    </div>
                  </dl>
                  {b.message && <p className="mt-2 text-sm text-gray-800">“{b.message}”</p>}
                  <div className="mt-3 flex flex-wrap gap-2">
                    <button
                      type="button"
                      className={adminButton.outline}
                      disabled={busy}
                      onClick={() => setDialog({ open: true, booking: b })}
                    >
                      Edit
                    </button>
                    {canProcess(b) && (
                      <>
                        <button
                          type="button"
                          className={adminButton.outline}
                          disabled={busy}
                          onClick={() => void processBooking(b)}
                        >
                          Process
                        </button>
                        <button
                          type="button"
                          className={adminButton.outline}
                          disabled={busy}
                          onClick={() => setPending({ kind: "no-show", booking: b })}
                        >
                          No Show
                        </button>
                      </>
                    )}
                    {canRequestReview(b) && (
                      <button
                        type="button"
                        className={adminButton.outline}
                        disabled={busy}
                        onClick={() => void requestReview(b)}
                      >
                        Request Review
                      </button>
                    )}
                    <button
                      type="button"
                      className={adminButton.danger}
                      disabled={busy}
                      onClick={() => setPending({ kind: "delete", booking: b })}
                    >
                      Delete
                    </button>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}

      <BookingDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        booking={dialog.booking}
        services={services}
        onSaved={() => void revalidator.revalidate()}
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending?.kind === "no-show" ? "Mark as No Show" : "Delete Booking"}
        description={
          pending?.kind === "no-show"
            ? "Are you sure you want to mark this booking as a no-show?"
            : "Are you sure you want to delete this booking?"
        }
        confirmLabel={pending?.kind === "no-show" ? "Mark No Show" : "Delete"}
        onConfirm={() => void confirmPending()}
      />
    </>
  );
}
