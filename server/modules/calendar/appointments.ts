/**
 * Appointment writes (admin spec §3, §4, §5, §7; issue 10): book one or a recurring series,
 * change, delete. Every write that can take a member's time locks and checks through clash.ts in
 * its transaction, queues the client's messages there (appointment-messages.ts) and is audited
 * with it (recordAudit). 'booking-{id}' refs are booking requests: virtual-bookings.ts.
 * Money is kobo in the database and naira in answers; instants are UTC, wall clocks Lagos.
 */

import { randomUUID } from "node:crypto";
import { asc, eq, inArray } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import {
  APPOINTMENT_MESSAGES,
  type Appointment,
  type AppointmentPatch,
  type AppointmentValues,
  expandRecurrence,
  MAX_SERIES_OCCURRENCES,
  parseAppointmentRef,
} from "#common/calendar.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import { settleDepositOnStatus } from "#server/modules/bookings/deposit-settle.ts";
import { deleteBooking } from "#server/modules/bookings/service.ts";
import { ensureClient } from "#server/modules/clients/service.ts";
import {
  assertConsultationOnRecord,
  type ConsultationOverride,
  consultationOverride,
} from "#server/modules/consultation/service.ts";
import { enforceConsentGate } from "#server/modules/forms/gate.ts";
import { enforceHealthCheck, isBookingStatus } from "#server/modules/health/check.ts";
import { kickMessages } from "#server/modules/messages/worker.ts";
import { queueAftercareOnCompletion } from "#server/modules/records/aftercare.ts";
import { queueReviewsOnCompletion } from "#server/modules/reviews/on-completion.ts";
import { appointmentChangeFor, queueAppointmentMessages } from "./appointment-messages.ts";
import {
  isActiveStatus,
  lockStaff,
  refuseSlot,
  refusingOverlap,
  type Span,
  type StaffRef,
  type WorkingTimeOverride,
  workingTimeOverride,
} from "./clash.ts";
import { getAppointment, selectAppointments, toAppointment } from "./queries.ts";
import {
  appointmentStart,
  bookableStaff,
  findService,
  findStaff,
  instantOf,
  type ServiceTerms,
  staffName,
} from "./resolve.ts";
import { updateVirtualBooking } from "./virtual-bookings.ts";
import { refuseEarlyOutcome, visitTimes } from "./visit-time.ts";

// ---------------------------------------------------------------------------------------------
// Create

/** A new appointment or series, checked before its transaction. */
type NewSeries = {
  input: AppointmentValues;
  service: ServiceTerms;
  member: StaffRef | null;
  minutes: number;
  /** The first occurrence's start (the one asked for). */
  first: Date;
  /** Every occurrence, first first. */
  spans: Span[];
  seriesId: string | null;
  override: WorkingTimeOverride;
  /** A clinician's override of the consultation requirement (decision 0225). */
  consultation: ConsultationOverride;
};

/**
 * The occurrences asked for: the one at `appointmentDate`, or the series through `endDate`.
 * @throws HttpError 400 for an unreadable date or a series longer than 60.
 */
function seriesSpans(input: AppointmentValues, minutes: number): { first: Date; spans: Span[] } {
  const first = instantOf(
    input.appointmentDate,
    "appointmentDate",
    APPOINTMENT_MESSAGES.appointmentDateFormat,
  );
  const starts =
    input.isRecurring && input.endDate
      ? expandRecurrence(
          first,
          {
            type: input.recurrenceType,
            interval: input.recurrenceInterval,
            endDate: input.endDate,
          },
          MAX_SERIES_OCCURRENCES + 1,
        )
      : [first];
  if (starts.length > MAX_SERIES_OCCURRENCES) {
    throw new HttpError(400, APPOINTMENT_MESSAGES.tooManyOccurrences, {
      endDate: APPOINTMENT_MESSAGES.tooManyOccurrences,
    });
  }
  const spans = starts.map((start) => ({
    start,
    end: new Date(start.getTime() + minutes * 60_000),
  }));
  return { first, spans };
}

/** Inserts every occurrence of `plan` in one statement; their ids, first first. */
async function insertSeries(tx: Tx, plan: NewSeries, clientId: number): Promise<number[]> {
  const { input, service, member } = plan;
  const rows = await tx
    .insert(appointments)
    .values(
      plan.spans.map((span) => ({
        staffId: member?.id ?? null,
        clientId,
        serviceId: service.id,
        serviceName: service.name,
        customerName: input.customerName,
        customerEmail: input.customerEmail.toLowerCase(),
        customerPhone: input.customerPhone,
        status: input.status,
        notes: input.notes || null,
        priceKobo: service.priceKobo,
        startsAt: span.start,
        endsAt: span.end,
        ...visitTimes(input.status, null),
        durationMinutes: plan.minutes,
        groupSize: input.groupSize,
        isRecurring: input.isRecurring,
        recurrenceType: input.isRecurring ? input.recurrenceType : null,
        recurrenceInterval: input.isRecurring ? input.recurrenceInterval : null,
        recurrenceEndDate: input.isRecurring ? (input.endDate ?? null) : null,
        seriesId: plan.seriesId,
      })),
    )
    .returning({ id: appointments.id });
  return rows.map((r) => r.id);
}

/**
 * The transaction of `createAppointments`: lock, check the whole series, link the client, insert,
 * queue one confirmation (for the first occurrence: 60 emails would be noise), audit.
 */
async function writeSeries(tx: Tx, admin: AdminIdentity, plan: NewSeries): Promise<number[]> {
  const { input, service, member, spans } = plan;
  if (member) await lockStaff(tx, [member.id]);
  if (isActiveStatus(input.status)) await refuseSlot(tx, member, spans, null, plan.override);
  const customerEmail = input.customerEmail.toLowerCase();
  const clientId = await ensureClient(tx, {
    email: input.customerEmail,
    name: input.customerName,
    phone: input.customerPhone,
  });
  if (isActiveStatus(input.status)) {
    await assertConsultationOnRecord(tx, admin, {
      clientId,
      serviceIds: [service.id],
      at: plan.first,
      override: plan.consultation,
      place: "appointment",
    });
  }
  if (isBookingStatus(input.status)) {
    await enforceHealthCheck(tx, admin, {
      clientId,
      ids: { serviceIds: [service.id] },
      overrideReason: input.healthOverrideReason,
      place: { kind: "appointment" },
    });
  }
  const created = await insertSeries(tx, plan, clientId);
  const firstId = created[0];
  const firstSpan = spans[0];
  if (
    firstId !== undefined &&
    firstSpan &&
    appointmentChangeFor(null, { status: input.status, start: firstSpan.start })
  ) {
    await queueAppointmentMessages(tx, "confirmed", {
      id: firstId,
      customerName: input.customerName,
      customerEmail,
      customerPhone: input.customerPhone,
      serviceName: service.name,
      startsAt: firstSpan.start,
      endsAt: firstSpan.end,
      staffName: staffName(member),
    });
  }
  await recordAudit(tx, admin, {
    action: "appointment.create",
    entity: "appointment",
    entityId: firstId,
    details: {
      ids: created,
      seriesId: plan.seriesId,
      staffId: member?.id ?? null,
      serviceId: service.id,
      customerEmail,
      start: plan.first.toISOString(),
      minutes: plan.minutes,
      status: input.status,
      override: plan.override,
      consultationOverride: plan.consultation,
    },
  });
  return created;
}

/**
 * POST /api/appointments (admin spec §5, §7): books one appointment, or a recurring series
 * (daily/weekly/monthly every `recurrenceInterval`, through `endDate`, in Lagos wall time; at most
 * 60), for the client with that email (found or created: `ensureClient`). Service name, price
 * (kobo → naira in answers) and default duration come from the catalogue; staff name from staff.
 * @returns every created appointment, first occurrence first.
 * @throws HttpError 400 unknown service or staff, inactive staff, a series longer than 60;
 *   409 when any occurrence clashes (the message names the first clash) — then nothing is created.
 */
export async function createAppointments(
  db: Db,
  admin: AdminIdentity,
  input: AppointmentValues,
): Promise<Appointment[]> {
  const service = await findService(db, input.serviceId);
  const member = input.staffId ? await bookableStaff(db, input.staffId) : null;
  const minutes = input.duration ?? service.minutes;
  const { first, spans } = seriesSpans(input, minutes);
  refuseEarlyOutcome(input.status, first);
  const seriesId = input.isRecurring ? randomUUID() : null;
  const override = workingTimeOverride(admin, input);
  const consultation = consultationOverride(admin, input);
  const plan: NewSeries = {
    input,
    service,
    member,
    minutes,
    first,
    spans,
    seriesId,
    override,
    consultation,
  };
  const ids = await refusingOverlap(
    db,
    () => db.transaction((tx) => writeSeries(tx, admin, plan)),
    () => (member ? { member, spans } : null),
  );
  kickMessages(db);
  const rows = await selectAppointments(db)
    .where(inArray(appointments.id, ids))
    .orderBy(asc(appointments.startsAt));
  return rows.map(toAppointment);
}

// ---------------------------------------------------------------------------------------------
// Change

/** A patch of a stored appointment, with what it names checked before its transaction. */
type AppointmentChangePlan = {
  id: number;
  patch: AppointmentPatch;
  /** The member before the change, as read before the locks. */
  staffIdBefore: number | null;
  staffId: number | null;
  member: StaffRef | null;
  service: ServiceTerms | null;
  newStart: Date | null;
  override: WorkingTimeOverride;
  consultation: ConsultationOverride;
};

/**
 * Reads what a patch of appointment `id` names: its member (a new one must be bookable), service
 * and start. @throws HttpError 404 unknown id; 400 bad staff, service or date.
 */
async function planChange(
  db: Db,
  admin: AdminIdentity,
  id: number,
  patch: AppointmentPatch,
): Promise<AppointmentChangePlan> {
  const [before] = await db
    .select({ staffId: appointments.staffId })
    .from(appointments)
    .where(eq(appointments.id, id));
  if (!before) throw new HttpError(404, "Appointment not found");
  const staffId = patch.staffId !== undefined ? patch.staffId : before.staffId;
  const member =
    staffId === null
      ? null
      : staffId !== before.staffId
        ? await bookableStaff(db, staffId)
        : await findStaff(db, staffId);
  const service = patch.serviceId !== undefined ? await findService(db, patch.serviceId) : null;
  const newStart = appointmentStart(patch.appointmentDate);
  const override = workingTimeOverride(admin, patch);
  const consultation = consultationOverride(admin, patch);
  return {
    id,
    patch,
    staffIdBefore: before.staffId,
    staffId,
    member,
    service,
    newStart,
    override,
    consultation,
  };
}

type AppointmentRecord = typeof appointments.$inferSelect;

/** The columns a patch sets on `row` once its slot (`start`, `end`, `minutes`) is known. */
async function changedValues(
  tx: Tx,
  plan: AppointmentChangePlan,
  row: AppointmentRecord,
  slot: { start: Date; end: Date; minutes: number; status: string },
): Promise<Partial<typeof appointments.$inferInsert>> {
  const { patch, service } = plan;
  const values: Partial<typeof appointments.$inferInsert> = {
    staffId: plan.staffId,
    startsAt: slot.start,
    endsAt: slot.end,
    durationMinutes: slot.minutes,
    status: slot.status,
    ...visitTimes(slot.status, row),
    updatedAt: new Date(),
  };
  if (patch.notes !== undefined) values.notes = patch.notes || null;
  if (patch.groupSize !== undefined) values.groupSize = patch.groupSize;
  if (service) {
    values.serviceId = service.id;
    values.serviceName = service.name;
    values.priceKobo = service.priceKobo;
  }
  if (patch.customerName !== undefined) values.customerName = patch.customerName;
  if (patch.customerPhone !== undefined) values.customerPhone = patch.customerPhone;
  if (patch.customerEmail !== undefined) {
    values.customerEmail = patch.customerEmail.toLowerCase();
    // A new email is another person: the appointment follows their client record.
    values.clientId = await ensureClient(tx, {
      email: patch.customerEmail,
      name: patch.customerName ?? row.customerName,
      phone: patch.customerPhone ?? row.customerPhone,
    });
  }
  return values;
}

/**
 * The transaction of `updateAppointment`: lock both members, re-read the row, check a moved
 * active slot, update, queue the client's messages, audit. `onSpan` learns the slot it wanted,
 * for the message of a late clash.
 */
async function writeChange(
  tx: Tx,
  admin: AdminIdentity,
  plan: AppointmentChangePlan,
  onSpan: (span: Span) => void,
): Promise<void> {
  const { id, patch, member } = plan;
  await lockStaff(tx, [plan.staffIdBefore, plan.staffId]);
  const [row] = await tx.select().from(appointments).where(eq(appointments.id, id)).for("update");
  if (!row) throw new HttpError(404, "Appointment not found");
  // The member was read before the locks: a rival reassignment meanwhile voids the checks.
  if (patch.staffId === undefined && row.staffId !== plan.staffIdBefore) {
    throw new HttpError(409, "This appointment changed meanwhile; please try again");
  }
  const start = plan.newStart ?? row.startsAt;
  // A new service brings its own length unless the edit names one (issue 28 item 2).
  const minutes = patch.duration ?? plan.service?.minutes ?? row.durationMinutes;
  const end = new Date(start.getTime() + minutes * 60_000);
  const status = patch.status ?? row.status;
  onSpan({ start, end });
  const moved =
    start.getTime() !== row.startsAt.getTime() ||
    minutes !== row.durationMinutes ||
    plan.staffId !== row.staffId ||
    (isActiveStatus(status) && !isActiveStatus(row.status));
  if (status !== row.status) refuseEarlyOutcome(status, start);
  if (moved && isActiveStatus(status)) {
    await refuseSlot(tx, member, [{ start, end }], id, plan.override);
  }
  const values = await changedValues(tx, plan, row, { start, end, minutes, status });
  // What is booked for whom is checked when it changes or comes back to life; a move or a
  // confirm of an appointment that passed the gate is not asked again (decision 0225).
  const serviceId = values.serviceId ?? row.serviceId;
  const clientId = values.clientId ?? row.clientId;
  if (
    isActiveStatus(status) &&
    (serviceId !== row.serviceId || clientId !== row.clientId || !isActiveStatus(row.status))
  ) {
    await assertConsultationOnRecord(tx, admin, {
      clientId,
      serviceIds: [serviceId],
      at: start,
      override: plan.consultation,
      place: "appointment",
    });
  }
  // Create, edit, confirm (issue 30): a new service, client or status is checked; a move is not.
  if (isBookingStatus(status) && (plan.service || values.clientId || status !== row.status)) {
    await enforceHealthCheck(tx, admin, {
      clientId: values.clientId ?? row.clientId,
      ids: { serviceIds: [values.serviceId ?? row.serviceId ?? 0] },
      overrideReason: patch.healthOverrideReason,
      place: { kind: "appointment", ref: id },
    });
  }
  if (status === "completed" && row.status !== "completed") {
    // Issue 31: a treatment is not completed without a current signed consent or a reason.
    await enforceConsentGate(tx, admin, {
      clientId: values.clientId ?? row.clientId,
      items: [{ serviceId: values.serviceId ?? row.serviceId, appointmentId: id }],
      overrideReason: patch.healthOverrideReason,
      place: "complete",
    });
  }
  await tx.update(appointments).set(values).where(eq(appointments.id, id));
  if (status !== row.status) {
    // A no-show or a late cancel forfeits a paid booking deposit (issue 32).
    await settleDepositOnStatus(tx, { id, startsAt: row.startsAt }, status);
  }
  if (status === "completed" && row.status !== "completed") {
    await queueReviewsOnCompletion(tx, [id]);
    await queueAftercareOnCompletion(tx, [id]);
  }
  const change = appointmentChangeFor(
    { status: row.status, start: row.startsAt },
    { status, start },
  );
  if (change) {
    const staffMember =
      plan.staffId === null ? null : (member ?? (await findStaff(tx, plan.staffId)));
    await queueAppointmentMessages(tx, change, {
      id,
      customerName: values.customerName ?? row.customerName,
      customerEmail: values.customerEmail ?? row.customerEmail,
      customerPhone: values.customerPhone ?? row.customerPhone,
      serviceName: values.serviceName ?? row.serviceName,
      startsAt: start,
      endsAt: end,
      staffName: staffName(staffMember),
      bookingId: row.bookingId,
    });
  }
  await recordAudit(tx, admin, {
    action: "appointment.update",
    entity: "appointment",
    entityId: id,
    details: {
      ...patch,
      override: plan.override,
      consultationOverride: plan.consultation,
      previous: {
        status: row.status,
        start: row.startsAt.toISOString(),
        staffId: row.staffId,
        minutes: row.durationMinutes,
      },
    },
  });
}

/**
 * PATCH /api/appointments/{id} (admin spec §4, §7). For a stored appointment: status, reschedule
 * (`appointmentDate` 'YYYY-MM-DD HH:MM' Lagos or ISO), staff (null unassigns), duration, notes,
 * service (name, price and, unless `duration` is sent, duration follow), customer details (client
 * relinked) and group size. Any change
 * that makes or moves an active slot of a member is checked like a new booking.
 * For 'booking-{id}' (a virtual pending booking): see `updateVirtualBooking`.
 * @throws HttpError 404 unknown id; 400 bad service/staff/date; 409 a clash (nothing changed).
 */
export async function updateAppointment(
  db: Db,
  admin: AdminIdentity,
  ref: string,
  patch: AppointmentPatch,
): Promise<Appointment> {
  const target = parseAppointmentRef(ref);
  if (!target) throw new HttpError(404, "Appointment not found");
  if (target.kind === "booking") return updateVirtualBooking(db, admin, target.id, patch);
  const id = target.id;
  const plan = await planChange(db, admin, id, patch);
  let wanted: Span | null = null;
  await refusingOverlap(
    db,
    () =>
      db.transaction((tx) =>
        writeChange(tx, admin, plan, (span) => {
          wanted = span;
        }),
      ),
    () => (plan.member && wanted ? { member: plan.member, spans: [wanted], excludeId: id } : null),
  );
  kickMessages(db);
  const updated = await getAppointment(db, id);
  if (!updated) throw new HttpError(404, "Appointment not found");
  return updated;
}

// ---------------------------------------------------------------------------------------------
// Delete

/**
 * DELETE /api/appointments/{id} (admin spec §4, §7). 'booking-{id}' deletes that booking request
 * (as the bookings screen's Delete does, through the bookings module). Audited.
 * @throws HttpError 404 unknown id.
 */
export async function deleteAppointment(db: Db, admin: AdminIdentity, ref: string): Promise<void> {
  const target = parseAppointmentRef(ref);
  if (!target) throw new HttpError(404, "Appointment not found");
  if (target.kind === "booking") return deleteBooking(db, admin, target.id);
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(appointments).where(eq(appointments.id, target.id)).returning();
    if (!row) throw new HttpError(404, "Appointment not found");
    await recordAudit(tx, admin, {
      action: "appointment.delete",
      entity: "appointment",
      entityId: row.id,
      details: {
        customerName: row.customerName,
        serviceName: row.serviceName,
        start: row.startsAt.toISOString(),
        staffId: row.staffId,
        status: row.status,
      },
    });
  });
}
