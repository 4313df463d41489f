/**
 * /booking/manage?a={appointmentId}&sig=…: the client's own booking from the signed link in
 * their confirmation (issue 32): the appointment and its deposit, an .ics to add it to their
 * calendar, and, 24 hours or more ahead, reschedule to a free time or cancel (the deposit is
 * then refunded). Everything goes through the public /api/bookings/manage calls, which check the
 * signature; the page is never cached or indexed.
 */
import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { ApiError, apiRequest } from "#app/lib/api.ts";
import {
  bookingWindow,
  clinicOpensOn,
  composeBookingDate,
  TIME_SLOTS,
} from "#common/booking-slots.ts";
import { BUSINESS } from "#common/business.ts";
import { type AvailabilityAnswer, MANAGE_TEXTS, type ManagedBooking } from "#common/deposits.ts";
import { formatLagosAppointment } from "#common/lagos-time.ts";
import { formatNaira } from "#common/money.ts";

export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export const meta = () => [
  { title: `Manage my booking | ${BUSINESS.shortName}` },
  { name: "robots", content: "noindex, nofollow" },
];

const when = (iso: string) => formatLagosAppointment(iso);

const DEPOSIT_WORDS: Record<string, string> = {
  pending: "not paid yet",
  paid: "paid, credited to your visit",
  applied: "credited to your visit",
  refunded: "refunded",
  forfeited: "forfeited",
  expired: "not paid (hold ended)",
  at_clinic: "to be paid at the clinic",
};

const inputClass =
  "w-full rounded-md border border-gray-300 px-3 py-2 text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

export default function ManageBooking() {
  const [params] = useSearchParams();
  const a = params.get("a") ?? "";
  const sig = params.get("sig") ?? "";
  const [booking, setBooking] = useState<ManagedBooking | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "invalid">("loading");
  const [notice, setNotice] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const [date, setDate] = useState("");
  const [time, setTime] = useState("");
  const [slots, setSlots] = useState<AvailabilityAnswer["slots"] | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const query = new URLSearchParams({ a, sig });
      setBooking(await apiRequest<ManagedBooking>("GET", `/api/bookings/manage?${query}`));
      setState("ready");
    } catch {
      setState("invalid");
    }
  }, [a, sig]);
  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    setSlots(null);
    if (!booking?.service || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !clinicOpensOn(date)) return;
    let current = true;
    // The link's a and sig: the client's own time is not shown as taken.
    const query = new URLSearchParams({ service: booking.service, date, a, sig });
    apiRequest<AvailabilityAnswer>("GET", `/api/bookings/availability?${query}`)
      .then((answer) => current && setSlots(answer.slots))
      .catch(() => current && setSlots(null));
    return () => {
      current = false;
    };
  }, [booking?.service, date, a, sig]);

  async function act(kind: "reschedule" | "cancel") {
    setBusy(true);
    setNotice(null);
    try {
      const body =
        kind === "reschedule"
          ? { a: Number(a), sig, date: composeBookingDate(date, time) }
          : { a: Number(a), sig };
      await apiRequest<ManagedBooking>("POST", `/api/bookings/manage/${kind}`, body);
      await load();
      setNotice({
        kind: "ok",
        text: kind === "reschedule" ? MANAGE_TEXTS.rescheduled : MANAGE_TEXTS.cancelled,
      });
      setDate("");
      setTime("");
    } catch (err) {
      setNotice({
        kind: "error",
        text:
          err instanceof ApiError && err.serverMessage ? err.serverMessage : "Something went wrong",
      });
    } finally {
      setBusy(false);
    }
  }

  const unavailable = new Set(slots?.filter((s) => !s.available).map((s) => s.time));
  const dateWindow = bookingWindow();
  return (
    <main className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-16">
      <h1 className="font-serif text-3xl text-brand-900">Manage my booking</h1>
      {state === "loading" && <p className="mt-6">Loading your booking…</p>}
      {state === "invalid" && (
        <p role="alert" className="mt-6 rounded-md bg-red-50 p-4 text-red-800">
          {MANAGE_TEXTS.badLink}
        </p>
      )}
      {state === "ready" && booking && (
        <>
          {notice && (
            <p
              role={notice.kind === "error" ? "alert" : "status"}
              className={`mt-6 rounded-md p-4 ${notice.kind === "error" ? "bg-red-50 text-red-800" : "bg-emerald-50 text-emerald-900"}`}
            >
              {notice.text}
            </p>
          )}
          <dl className="mt-6 grid gap-3 rounded-lg border border-gray-200 bg-white p-5">
            <div>
              <dt className="text-sm text-gray-600">Treatment</dt>
              <dd className="font-semibold">{booking.serviceName}</dd>
            </div>
            <div>
              <dt className="text-sm text-gray-600">When (Lagos time)</dt>
              <dd className="font-semibold" data-testid="managed-when">
                {when(booking.startsAt)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-gray-600">Status</dt>
              <dd className="font-semibold capitalize">{booking.status}</dd>
            </div>
            {booking.deposit && (
              <div>
                <dt className="text-sm text-gray-600">Booking fee</dt>
                <dd>
                  {formatNaira(booking.deposit.amount)}:{" "}
                  {DEPOSIT_WORDS[booking.deposit.status] ?? booking.deposit.status}
                </dd>
              </div>
            )}
          </dl>
          {booking.status !== "cancelled" && (
            <a
              href={booking.icsUrl}
              download="appointment.ics"
              className="mt-4 inline-block font-semibold text-brand-800 underline underline-offset-2"
            >
              Add to my calendar (.ics)
            </a>
          )}
          <p className="mt-4 text-sm text-gray-700">{booking.policy}</p>
          {booking.canChange ? (
            <section aria-labelledby="reschedule" className="mt-8">
              <h2 id="reschedule" className="font-serif text-2xl text-brand-900">
                Reschedule
              </h2>
              <div className="mt-4 grid gap-4 sm:grid-cols-2">
                <label className="grid gap-1 text-sm font-medium">
                  New date
                  <input
                    type="date"
                    value={date}
                    min={dateWindow.min}
                    max={dateWindow.max}
                    onChange={(e) => setDate(e.target.value)}
                    className={inputClass}
                  />
                </label>
                <label className="grid gap-1 text-sm font-medium">
                  New time
                  <select
                    value={time}
                    onChange={(e) => setTime(e.target.value)}
                    className={inputClass}
                  >
                    <option value="">Select a time</option>
                    {TIME_SLOTS.map((slot) => (
                      <option key={slot} value={slot} disabled={unavailable.has(slot)}>
                        {slot}
                      </option>
                    ))}
                  </select>
                </label>
              </div>
              <div className="mt-4 flex flex-col gap-2 sm:flex-row">
                <button
                  type="button"
                  disabled={busy || !date || !time}
                  onClick={() => void act("reschedule")}
                  className="rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
                >
                  Reschedule
                </button>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => {
                    if (globalThis.confirm("Cancel this appointment?")) void act("cancel");
                  }}
                  className="rounded-md border border-red-700 px-6 py-3 font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
                >
                  Cancel appointment
                </button>
              </div>
            </section>
          ) : (
            booking.status !== "cancelled" && (
              <p className="mt-6 rounded-md bg-amber-50 p-4 text-amber-950">
                {MANAGE_TEXTS.tooLate}
              </p>
            )
          )}
        </>
      )}
    </main>
  );
}
