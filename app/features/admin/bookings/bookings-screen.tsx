/**
 * Bookings management (admin spec §2, §4, §5, §8): cards, search, time filter on the creation
 * date, 'N of M Bookings' (N matching the filters, M all), paging, Add/Edit dialogs, Process,
 * No Show, Request Review and Delete with the spec's confirmations and toasts, and the empty
 * state with Clear Filters. The list state is in the URL (q, period, page); the route loader
 * asks the server for the page (server/modules/bookings/service.ts `listBookingsPage`).
 */
import { Plus } from "lucide-react";
import { useState } from "react";
import { Badge } from "#app/features/admin/kit/badge.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { ConfirmDialog } from "#app/features/admin/kit/confirm-dialog.tsx";
import { FilterSelect, ListToolbar, SearchBox } from "#app/features/admin/kit/list-toolbar.tsx";
import { CountBadge, PageHeader } from "#app/features/admin/kit/page-header.tsx";
import { PagedList } from "#app/features/admin/kit/paged-list.tsx";
import { serverMessageOr, useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { useCapabilities } from "#app/features/admin/kit/use-capabilities.ts";
import { apiRequest } from "#app/lib/api.ts";
import {
  BOOKING_TIME_FILTERS,
  type BookingRecord,
  bookingBadge,
  canProcess,
  canRequestReview,
} from "#common/booking.ts";
import { formatLagosDateTime } from "#common/lagos-time.ts";
import type { MessageSummary } from "#common/outbox.ts";
import type { Page } from "#common/paging.ts";
import type { ClinicSettings } from "#common/settings.ts";
import { BookingDialog, type ServiceOption } from "./booking-dialog.tsx";
import { BookingMessages } from "./booking-messages.tsx";
import { type DepositService, DepositSettings } from "./deposit-settings.tsx";
import { ReviewLinkPanel } from "./review-link-panel.tsx";

type Pending = { kind: "delete" | "no-show"; booking: BookingRecord } | null;

const BADGE_TONE = { "No Show": "red", Completed: "green", Pending: "amber" } as const;

export function BookingsScreen({
  page,
  services,
  messages = {},
  settings = null,
  depositServices = [],
}: {
  page: Page<BookingRecord>;
  services: readonly ServiceOption[];
  /** The messages of each booking's card, by booking id (issue 17). */
  messages?: Record<number, MessageSummary[]>;
  /** The clinic's settings, for a manager (the booking deposit section); null otherwise. */
  settings?: ClinicSettings | null;
  /** The catalogue's services the deposit may apply to. */
  depositServices?: readonly DepositService[];
}) {
  const [dialog, setDialog] = useState<{ open: boolean; booking: BookingRecord | null }>({
    open: false,
    booking: null,
  });
  const [pending, setPending] = useState<Pending>(null);
  const can = useCapabilities();
  // The signed review link of each booking a review was requested for on this screen (issue 17).
  const [reviewUrls, setReviewUrls] = useState<Record<number, string>>({});
  // One mutation for the card actions; each call names its own spec texts.
  const action = useAdminMutation();

  const processBooking = (b: BookingRecord) =>
    action.run(() => apiRequest("PATCH", `/api/bookings/${b.id}/process`), {
      key: b.id,
      success: { title: "Booking processed successfully!" },
      failure: "Failed to process booking",
    });

  const requestReview = (b: BookingRecord) =>
    action.run(
      () =>
        apiRequest<{ reviewUrl?: string }>("POST", "/api/send-review-request", {
          customerName: b.name,
          customerEmail: b.email,
          serviceName: b.serviceName || "Treatment",
          bookingId: b.id,
        }),
      {
        key: b.id,
        success: { title: "Success", description: "Review request sent to customer" },
        failure: "Failed to send review request",
        onSuccess: (result) => {
          const url = (result as { reviewUrl?: string } | null)?.reviewUrl;
          if (url) setReviewUrls((all) => ({ ...all, [b.id]: url }));
        },
      },
    );

  function confirmPending() {
    if (!pending) return;
    const { kind, booking } = pending;
    setPending(null);
    if (kind === "delete") {
      void action.run(() => apiRequest("DELETE", `/api/bookings/${booking.id}`), {
        key: booking.id,
        success: { title: "Booking deleted successfully!" },
        failure: serverMessageOr("Failed to delete booking"),
      });
    } else {
      void action.run(() => apiRequest("PATCH", `/api/bookings/${booking.id}/no-show`), {
        key: booking.id,
        success: { title: "Success", description: "Booking marked as no-show" },
        failure: serverMessageOr("Failed to mark booking as no-show"),
      });
    }
  }

  return (
    <>
      <PageHeader title="Bookings">
        <CountBadge>
          {page.matching} of {page.total} Bookings
        </CountBadge>
        <button
          type="button"
          className={adminButton.primary}
          onClick={() => setDialog({ open: true, booking: null })}
        >
          <Plus className="h-4 w-4" aria-hidden />
          Add Booking
        </button>
      </PageHeader>
      {settings && <DepositSettings settings={settings} services={depositServices} />}

      <ListToolbar label="Find bookings">
        <SearchBox
          id="bookings-search"
          label="Search bookings"
          placeholder="Search by name, email, phone or service"
        />
        <FilterSelect
          id="bookings-period"
          param="period"
          label="Time period"
          defaultValue="all"
          options={BOOKING_TIME_FILTERS.map((f) => ({ value: f.id, label: f.label }))}
        />
      </ListToolbar>

      <PagedList
        page={page}
        label="Bookings"
        empty={<p>No bookings yet.</p>}
        noMatches="No bookings match your filters."
        filterParams={["q", "period"]}
      >
        {(rows) => (
          <ul className="grid gap-3 xl:grid-cols-2">
            {rows.map((b) => {
              const badge = bookingBadge(b);
              const busy = action.isPending(b.id);
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
                      {can("appointment.delete") && (
                        <button
                          type="button"
                          className={adminButton.danger}
                          disabled={busy}
                          onClick={() => setPending({ kind: "delete", booking: b })}
                        >
                          Delete
                        </button>
                      )}
                    </div>
                    <BookingMessages messages={messages[b.id] ?? []} bookingId={b.id} />
                    {reviewUrls[b.id] && (
                      <ReviewLinkPanel booking={b} reviewUrl={reviewUrls[b.id] as string} />
                    )}
                  </article>
                </li>
              );
            })}
          </ul>
        )}
      </PagedList>

      <BookingDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        booking={dialog.booking}
        services={services}
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
        onConfirm={confirmPending}
      />
    </>
  );
}
