/**
 * The booking requests list, newest first (foundation issue; the full bookings screen of admin
 * spec §2 "Bookings management" comes with the back-office issue).
 */
import { formatLagosDateTime } from "../../../common/booking.ts";
import type { BookingRecord } from "../../../server/modules/bookings/service.ts";

function statusBadge(b: Pick<BookingRecord, "status" | "processed">) {
  if (b.status === "no-show") return "No Show";
  if (b.status === "completed" || b.processed) return "Completed";
  return "Pending";
}

export function BookingsList({ bookings }: { bookings: readonly BookingRecord[] }) {
  if (bookings.length === 0) {
    return <p className="rounded-lg bg-white p-8 text-center text-gray-600">No bookings yet.</p>;
  }
  return (
    <ul className="grid gap-3">
      {bookings.map((b) => (
        <li key={b.id} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
          <article aria-labelledby={`booking-${b.id}`}>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h3 id={`booking-${b.id}`} className="font-semibold text-ink">
                {b.name}
              </h3>
              <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900">
                {statusBadge(b)}
              </span>
            </div>
            <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm text-gray-700 sm:grid-cols-2">
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
                <dd className="inline">
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
          </article>
        </li>
      ))}
    </ul>
  );
}
