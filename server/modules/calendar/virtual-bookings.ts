/**
 * The calendar's actions on a booking request shown as a virtual pending appointment
 * 'booking-{id}' (admin spec §3, §4): confirm it into a real appointment, cancel or no-show it,
 * or move its requested time. The booking row is changed through the bookings module (its only
 * writer), in the same transaction as the appointment, the messages and the audit records.
 */
import { eq } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import type { Appointment, AppointmentPatch } from "#common/calendar.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import { lockBooking, setBookingState } from "#server/modules/bookings/service.ts";
import { ensureClient } from "#server/modules/clients/service.ts";
import {
  assertConsultationOnRecord,
  type ConsultationOverride,
  consultationOverride,
} from "#server/modules/consultation/service.ts";
import { enforceHealthCheck } from "#server/modules/health/check.ts";
import { enqueueMessage } from "#server/modules/messages/service.ts";
import { bookingCancelledMessages } from "#server/modules/messages/templates.ts";
import { kickMessages } from "#server/modules/messages/worker.ts";
import { queueAftercareOnCompletion } from "#server/modules/records/aftercare.ts";
import { queueReviewsOnCompletion } from "#server/modules/reviews/on-completion.ts";
import { appointmentChangeFor, queueAppointmentMessages } from "./appointment-messages.ts";
import { type BookingRow, bookingTerms, selectBookings, toVirtual } from "./booking-requests.ts";
import {
  lockStaff,
  refuseClosed,
  refuseSlot,
  refusingOverlap,
  type Span,
  type StaffRef,
  type WorkingTimeOverride,
  workingTimeOverride,
} from "./clash.ts";
import { getAppointment } from "./queries.ts";
import {
  appointmentStart,
  bookableStaff,
  findService,
  type ServiceTerms,
  staffName,
} from "./resolve.ts";
import { refuseEarlyOutcome, visitTimes } from "./visit-time.ts";

/** Statuses that turn a request into an appointment. */
const CREATING = new Set(["confirmed", "completed", "scheduled"]);

/** A patch of a booking request, with what it names checked before its transaction. */
type RequestPlan = {
  bookingId: number;
  patch: AppointmentPatch;
  member: StaffRef | null;
  service: ServiceTerms | null;
  newStart: Date | null;
  override: WorkingTimeOverride;
  /** A clinician's override of the consultation requirement (decision 0225). */
  consultation: ConsultationOverride;
  /** The screen acting, for the audit: the calendar or the bookings list. */
  from: "calendar" | "bookings";
};

/**
 * Locks booking request `bookingId` and reads it with its service's terms.
 * @throws HttpError 404 unknown booking; 409 when it is processed or has an appointment already.
 */
async function lockedRequest(tx: Tx, bookingId: number): Promise<BookingRow> {
  if (!(await lockBooking(tx, bookingId))) throw new HttpError(404, "Booking not found");
  const [booking] = await selectBookings(tx).where(eq(bookings.id, bookingId));
  if (!booking) throw new HttpError(404, "Booking not found");
  const [existing] = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(eq(appointments.bookingId, bookingId));
  if (booking.processed || existing) {
    throw new HttpError(409, "This booking request has already been processed");
  }
  return booking;
}

/** Cancel or no-show: the status on the booking, processed; a cancellation tells the client. */
async function closeRequest(
  tx: Tx,
  admin: AdminIdentity,
  booking: BookingRow,
  status: "cancelled" | "no-show",
): Promise<Appointment> {
  await setBookingState(tx, booking.id, { status, processed: true });
  if (status === "cancelled") {
    for (const message of await bookingCancelledMessages(booking)) {
      await enqueueMessage(tx, message);
    }
  }
  await recordAudit(tx, admin, {
    action: status === "no-show" ? "booking.no-show" : "booking.cancel",
    entity: "booking",
    entityId: booking.id,
    details: { status, processed: true, from: "calendar" },
  });
  return toVirtual({ ...booking, status, processed: true });
}

/**
 * A reschedule alone (or status 'pending'): moves the request, which stays pending.
 * @throws HttpError 400 when the patch changes nothing.
 */
async function moveRequest(
  tx: Tx,
  admin: AdminIdentity,
  booking: BookingRow,
  plan: RequestPlan,
): Promise<Appointment> {
  const { patch, newStart } = plan;
  if (!newStart && patch.status !== "pending") throw new HttpError(400, "Nothing to update");
  if (newStart) {
    refuseClosed([{ start: newStart, end: newStart }], plan.override);
    await setBookingState(tx, booking.id, { date: newStart });
  }
  await recordAudit(tx, admin, {
    action: "booking.update",
    entity: "booking",
    entityId: booking.id,
    details: { ...patch, from: plan.from },
  });
  return toVirtual({ ...booking, date: newStart ?? booking.date });
}

/** The customer of the appointment a request becomes: the patch's details over the request's. */
function requestCustomer(booking: BookingRow, patch: AppointmentPatch) {
  return {
    customerName: patch.customerName ?? booking.name,
    customerEmail: (patch.customerEmail ?? booking.email).toLowerCase(),
    customerPhone: patch.customerPhone ?? booking.phone,
  };
}

/**
 * The one way a booking request becomes a visit (issue 28 item 1; docs/decisions/0195): confirm
 * (or schedule, or complete) on the calendar and Process on the bookings list both come here.
 * Creates the request's appointment (linked by booking id, the booking's time unless moved, its
 * service's minutes and price unless the patch names others, a member or unassigned, checked
 * like any booking: opening hours, schedule, clashes), tells the client, marks the request
 * processed, audits both. `onSpan` learns the slot it wanted, for the message of a late clash.
 * @returns the new appointment's id.
 */
async function appointRequest(
  tx: Tx,
  admin: AdminIdentity,
  booking: BookingRow,
  plan: RequestPlan & { status: string },
  onSpan: (span: Span) => void,
): Promise<number> {
  const { patch, member, service, bookingId, status } = plan;
  const terms = bookingTerms(booking);
  const minutes = patch.duration ?? service?.minutes ?? terms.minutes;
  const start = plan.newStart ?? booking.date;
  const end = new Date(start.getTime() + minutes * 60_000);
  onSpan({ start, end });
  refuseEarlyOutcome(status, start);
  await refuseSlot(tx, member, [{ start, end }], null, plan.override);
  const customer = requestCustomer(booking, patch);
  const clientId = await ensureClient(tx, {
    email: patch.customerEmail ?? booking.email,
    name: customer.customerName,
    phone: customer.customerPhone,
  });
  // The public form takes any request; making it an appointment obeys the gate (decision 0225).
  await assertConsultationOnRecord(tx, admin, {
    clientId,
    serviceIds: [service?.id ?? booking.serviceId],
    at: start,
    override: plan.consultation,
    place: "booking",
  });
  await enforceHealthCheck(tx, admin, {
    clientId,
    ids: { serviceIds: [service?.id ?? booking.serviceId ?? 0] },
    overrideReason: patch.healthOverrideReason,
    place: { kind: "appointment", ref: `booking-${bookingId}` },
  });
  const [created] = await tx
    .insert(appointments)
    .values({
      ...customer,
      staffId: member?.id ?? null,
      clientId,
      serviceId: service?.id ?? booking.serviceId,
      serviceName: service?.name ?? booking.serviceName,
      bookingId,
      status,
      notes: patch.notes !== undefined ? patch.notes || null : booking.message,
      priceKobo: service ? service.priceKobo : terms.priceKobo,
      startsAt: start,
      endsAt: end,
      ...visitTimes(status, null),
      durationMinutes: minutes,
      groupSize: patch.groupSize ?? 1,
    })
    .returning({ id: appointments.id });
  if (!created) throw new Error("insert returned no row");
  if (appointmentChangeFor(null, { status, start })) {
    await queueAppointmentMessages(tx, "confirmed", {
      ...customer,
      id: created.id,
      serviceName: service?.name ?? booking.serviceName,
      startsAt: start,
      endsAt: end,
      staffName: staffName(member),
      bookingId,
    });
  }
  await setBookingState(tx, bookingId, { processed: true });
  if (status === "completed") {
    await queueReviewsOnCompletion(tx, [created.id]);
    await queueAftercareOnCompletion(tx, [created.id]);
  }
  await recordAudit(tx, admin, {
    action: "booking.process",
    entity: "booking",
    entityId: bookingId,
    details: { processed: true, appointmentId: created.id, from: plan.from },
  });
  await recordAudit(tx, admin, {
    action: "appointment.create",
    entity: "appointment",
    entityId: created.id,
    details: {
      bookingId,
      status,
      staffId: member?.id ?? null,
      start: start.toISOString(),
      override: plan.override,
      consultationOverride: plan.consultation,
    },
  });
  return created.id;
}

/**
 * PATCH /api/appointments/booking-{id}: the calendar's actions on a virtual pending booking
 * (admin spec §4). Confirming (or scheduling, or completing) marks the booking processed and
 * creates the real appointment for it (linked by booking id, status as sent, the booking's time
 * unless rescheduled, its service's duration and price, staff if sent; checked like any booking),
 * so it stays on the calendar. Cancel and no-show set that status on the booking and mark it
 * processed. A reschedule alone (`appointmentDate`) moves the request and keeps it pending.
 * @returns the created appointment, or the booking as a (now processed) virtual appointment.
 * @throws HttpError 404 unknown booking; 409 already processed, or a clash; 400 other fields on a
 *   booking that stays pending.
 */
export async function updateVirtualBooking(
  db: Db,
  admin: AdminIdentity,
  bookingId: number,
  patch: AppointmentPatch,
): Promise<Appointment> {
  const status = patch.status;
  const creates = status !== undefined && CREATING.has(status);
  const {
    status: _s,
    appointmentDate: _d,
    overrideWorkingHours: _o,
    overrideReason: _r,
    overrideConsultation: _c,
    consultationOverrideReason: _cr,
    healthOverrideReason: _h,
    ...others
  } = patch;
  if (!creates && Object.values(others).some((v) => v !== undefined)) {
    const message = "Confirm the booking before changing its staff, service or details";
    throw new HttpError(400, message);
  }
  const plan: RequestPlan = {
    bookingId,
    patch,
    member: creates && patch.staffId ? await bookableStaff(db, patch.staffId) : null,
    service: creates && patch.serviceId ? await findService(db, patch.serviceId) : null,
    newStart: appointmentStart(patch.appointmentDate),
    override: workingTimeOverride(admin, patch),
    consultation: consultationOverride(admin, patch),
    from: "calendar",
  };
  let wanted: Span | null = null;
  const result = await refusingOverlap(
    db,
    () =>
      db.transaction(async (tx): Promise<Appointment | number> => {
        if (plan.member) await lockStaff(tx, [plan.member.id]);
        const booking = await lockedRequest(tx, bookingId);
        if (status === "cancelled" || status === "no-show") {
          return closeRequest(tx, admin, booking, status);
        }
        if (!creates || status === undefined) return moveRequest(tx, admin, booking, plan);
        return appointRequest(tx, admin, booking, { ...plan, status }, (span) => {
          wanted = span;
        });
      }),
    () => (plan.member && wanted ? { member: plan.member, spans: [wanted] } : null),
  );
  kickMessages(db);
  if (typeof result !== "number") return result;
  const appointment = await getAppointment(db, result);
  if (!appointment) throw new HttpError(404, "Appointment not found");
  return appointment;
}

/** What Process on the bookings list may name: a member and a manager's override. */
export type ProcessOptions = {
  staffId?: number | null;
  overrideWorkingHours?: boolean;
  overrideReason?: string;
  overrideConsultation?: boolean;
  consultationOverrideReason?: string;
  /** Goes ahead past the health check's findings (issue 30). */
  healthOverrideReason?: string;
};

/**
 * The transaction of `processBookingRequest`: a request already linked to an appointment is
 * only marked processed (links to it); a cancelled or no-show request is marked processed with
 * no appointment; any other becomes its confirmed appointment through `appointRequest`.
 * @returns the linked or created appointment's id, or null.
 */
async function processInTx(
  tx: Tx,
  admin: AdminIdentity,
  plan: RequestPlan,
  onSpan: (span: Span) => void,
): Promise<number | null> {
  if (plan.member) await lockStaff(tx, [plan.member.id]);
  if (!(await lockBooking(tx, plan.bookingId))) throw new HttpError(404, "Booking not found");
  const [booking] = await selectBookings(tx).where(eq(bookings.id, plan.bookingId));
  if (!booking) throw new HttpError(404, "Booking not found");
  const [existing] = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(eq(appointments.bookingId, plan.bookingId));
  if (existing || booking.status === "cancelled" || booking.status === "no-show") {
    if (!booking.processed) {
      await setBookingState(tx, booking.id, { processed: true });
      await recordAudit(tx, admin, {
        action: "booking.process",
        entity: "booking",
        entityId: booking.id,
        details: { processed: true, appointmentId: existing?.id ?? null, from: plan.from },
      });
    }
    return existing?.id ?? null;
  }
  return appointRequest(tx, admin, booking, { ...plan, status: "confirmed" }, onSpan);
}

/**
 * PATCH /api/bookings/{id}/process (admin spec §2 "Bookings management", §7; issue 28 item 1):
 * the bookings list's Process does what Confirm Booking on the calendar does, through the same
 * `appointRequest`: the request becomes a confirmed appointment on the calendar (unassigned
 * unless `staffId` names a member; opening hours, the member's schedule and clashes checked; a
 * manager may override the working time with a reason) and the client is sent the confirmation.
 * A request already linked to an appointment is only marked processed; so is a cancelled or
 * no-show one. Processing twice changes nothing more. The badge stays 'Completed' (spec §4).
 * @returns the appointment's id (null for a cancelled or no-show request).
 * @throws HttpError 404 unknown booking or staff; 400 inactive staff, override without a
 *   reason; 403 override by a non-manager (consultation: a non-clinician); 400 a
 *   consultation-first service for a client without a consultation on record; 409 outside working time or a clash (nothing changed).
 */
export async function processBookingRequest(
  db: Db,
  admin: AdminIdentity,
  bookingId: number,
  options: ProcessOptions = {},
): Promise<number | null> {
  const plan: RequestPlan = {
    bookingId,
    patch: { status: "confirmed", healthOverrideReason: options.healthOverrideReason },
    member: options.staffId ? await bookableStaff(db, options.staffId) : null,
    service: null,
    newStart: null,
    override: workingTimeOverride(admin, options),
    consultation: consultationOverride(admin, options),
    from: "bookings",
  };
  let wanted: Span | null = null;
  const id = await refusingOverlap(
    db,
    () =>
      db.transaction((tx) =>
        processInTx(tx, admin, plan, (span) => {
          wanted = span;
        }),
      ),
    () => (plan.member && wanted ? { member: plan.member, spans: [wanted] } : null),
  );
  kickMessages(db);
  return id;
}
