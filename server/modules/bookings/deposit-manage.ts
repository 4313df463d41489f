/**
 * Manage my booking (issue 32; apart from deposits.ts, which makes the hold and signs the link):
 * the client's signed link shows the booking, reschedules it or cancels it within the policy
 * (24 hours' notice); a paid deposit is refunded on a cancel in time, and kept later
 * (deposit-settle.ts forfeits it).
 */
import { and, eq } from "drizzle-orm";
import {
  CANCELLATION_NOTICE_HOURS,
  type DepositStatus,
  isAtLeastHoursAhead,
  MANAGE_TEXTS,
  type ManagedBooking,
} from "#common/deposits.ts";
import { koboToNaira } from "#common/money.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { bookingDeposits } from "#server/db/schema/deposits.ts";
import { HttpError } from "#server/http.ts";
import { PaystackError } from "#server/integrations/paystack.ts";
import { recordAnonymousAudit } from "#server/modules/audit/service.ts";
import {
  lockOnlineAppointment,
  moveOnlineAppointment,
  type OnlineAppointment,
  setOnlineAppointmentStatus,
} from "#server/modules/calendar/online-bookings.ts";
import { appointmentIcs } from "#server/modules/messages/templates.ts";
import { kickMessages } from "#server/modules/messages/worker.ts";
import {
  type DepositDeps,
  type DepositRow,
  manageLink,
  managePath,
  publicInstant,
} from "./deposits.ts";

/** Who the audit log names for a client's own change through their link. */
const CLIENT_ACTOR = "client (manage-my-booking link)";

const ACTIVE = ["pending", "scheduled", "confirmed"];

function managedOf(
  deps: Pick<DepositDeps, "secret">,
  a: OnlineAppointment,
  deposit: DepositRow | null,
  now: Date,
  service: string | null = null,
): ManagedBooking {
  const ahead = isAtLeastHoursAhead(a.startsAt, now, CANCELLATION_NOTICE_HOURS);
  return {
    appointmentId: a.id,
    service,
    serviceName: a.serviceName,
    startsAt: a.startsAt.toISOString(),
    endsAt: a.endsAt.toISOString(),
    status: a.status,
    customerName: a.customerName,
    heldUntil: a.heldUntil?.toISOString() ?? null,
    deposit: deposit
      ? { amount: koboToNaira(deposit.amountKobo), status: deposit.status as DepositStatus }
      : null,
    canChange: ahead && ACTIVE.includes(a.status),
    cancelKeepsDeposit: ahead,
    policy: MANAGE_TEXTS.policy,
    icsUrl: `${managePath(deps.secret, a.id).replace("/booking/manage?", "/api/bookings/manage/ics?")}`,
  };
}

async function readManaged(db: Db | Tx, id: number) {
  const [a] = await db.select().from(appointments).where(eq(appointments.id, id));
  if (!a?.bookedOnline) throw new HttpError(404, MANAGE_TEXTS.badLink);
  const [deposit] = await db
    .select()
    .from(bookingDeposits)
    .where(eq(bookingDeposits.appointmentId, id));
  const [booking] = a.bookingId
    ? await db
        .select({ service: bookings.service })
        .from(bookings)
        .where(eq(bookings.id, a.bookingId))
    : [];
  return { appointment: a, deposit: deposit ?? null, service: booking?.service ?? null };
}

/** GET /api/bookings/manage?a=&sig=: the client's view of their booking. */
export async function getManagedBooking(
  deps: DepositDeps,
  id: number,
  now: Date = new Date(),
): Promise<ManagedBooking> {
  const { appointment, deposit, service } = await readManaged(deps.db, id);
  return managedOf(deps, appointment, deposit, now, service);
}

/** GET /api/bookings/manage/ics?a=&sig=: the appointment as an iCalendar file. */
export async function managedIcs(deps: DepositDeps, id: number): Promise<string> {
  const { appointment } = await readManaged(deps.db, id);
  const cancelled = !ACTIVE.includes(appointment.status);
  return appointmentIcs(
    appointment,
    cancelled ? "cancelled" : "confirmed",
    Math.floor(appointment.updatedAt.getTime() / 1000),
  );
}

/** Locks the managed appointment and refuses a change the policy does not allow. */
async function lockChangeable(tx: Tx, id: number, now: Date): Promise<OnlineAppointment> {
  const a = await lockOnlineAppointment(tx, id);
  if (!a?.bookedOnline) throw new HttpError(404, MANAGE_TEXTS.badLink);
  if (!ACTIVE.includes(a.status)) throw new HttpError(409, MANAGE_TEXTS.notActive);
  if (!isAtLeastHoursAhead(a.startsAt, now, CANCELLATION_NOTICE_HOURS)) {
    throw new HttpError(409, MANAGE_TEXTS.tooLate);
  }
  return a;
}

/**
 * POST /api/bookings/manage/reschedule {a, sig, date}: moves the booking to a new public slot
 * (the same rules as a new booking: 24 hours ahead, a free therapist), at least 24 hours before
 * its current time; the deposit moves with it. Audited as 'appointment.client-reschedule'.
 * @throws HttpError 400 bad date; 409 too late, not active, or the new time is not free.
 */
export async function rescheduleManaged(
  deps: DepositDeps,
  id: number,
  date: string,
  now: Date = new Date(),
): Promise<ManagedBooking> {
  const start = publicInstant(date, now);
  const result = await deps.db.transaction(async (tx) => {
    const a = await lockChangeable(tx, id, now);
    const span = { start, end: new Date(start.getTime() + a.durationMinutes * 60_000) };
    const moved = await moveOnlineAppointment(tx, a, span, manageLink(deps, id));
    if (a.bookingId)
      await tx.update(bookings).set({ date: start }).where(eq(bookings.id, a.bookingId));
    await recordAnonymousAudit(tx, {
      username: CLIENT_ACTOR,
      action: "appointment.client-reschedule",
      entity: "appointment",
      entityId: id,
      details: { from: a.startsAt.toISOString(), to: start.toISOString(), staffId: moved.staffId },
    });
    const [deposit] = await tx
      .select()
      .from(bookingDeposits)
      .where(eq(bookingDeposits.appointmentId, id));
    return managedOf(deps, moved, deposit ?? null, now);
  });
  kickMessages(deps.db);
  return result;
}

/**
 * POST /api/bookings/manage/cancel {a, sig}: cancels at least 24 hours ahead; a paid deposit is
 * refunded through the provider (spec §9 notice kept; issue 32). Audited as
 * 'appointment.client-cancel'. Later than 24 hours the link refuses (the desk cancels, and
 * `forfeitDeposit` keeps the fee).
 * @throws HttpError 409 too late or not active; 502 the refund failed (nothing changed).
 */
export async function cancelManaged(
  deps: DepositDeps,
  id: number,
  now: Date = new Date(),
): Promise<ManagedBooking> {
  // The refund is asked before the cancelling transaction, once the link's rules allow the
  // cancel: the test-payment provider writes to the database (decision 0287), which on PGlite
  // cannot run beside an open transaction; a failed refund still changes nothing.
  const before = await deps.db.transaction(async (tx) => {
    await lockChangeable(tx, id, now);
    const [row] = await tx
      .select()
      .from(bookingDeposits)
      .where(eq(bookingDeposits.appointmentId, id));
    return row ?? null;
  });
  if (before?.status === "paid") {
    try {
      await deps.provider.refund(before.reference);
    } catch (err) {
      const reason = err instanceof PaystackError ? err.message : "payment provider error";
      throw new HttpError(502, `Refund failed: ${reason}`);
    }
  }
  const refunded = before?.status === "paid" ? before : null;
  const cancelling = deps.db.transaction(async (tx) => {
    const a = await lockChangeable(tx, id, now);
    const [deposit] = await tx
      .select()
      .from(bookingDeposits)
      .where(eq(bookingDeposits.appointmentId, id))
      .for("update");
    // Paid between the two transactions: not refunded yet, so the cancel is asked again.
    if (deposit?.status === "paid" && !refunded) throw new HttpError(409, PAID_MEANWHILE);
    let settled: DepositRow | null = deposit ?? null;
    if (deposit?.status === "paid") {
      [settled = deposit] = await tx
        .update(bookingDeposits)
        .set({ status: "refunded", settledAt: now, updatedAt: now })
        .where(eq(bookingDeposits.id, deposit.id))
        .returning();
    } else if (deposit?.status === "pending") {
      [settled = deposit] = await tx
        .update(bookingDeposits)
        .set({ status: "expired", settledAt: now, updatedAt: now })
        .where(eq(bookingDeposits.id, deposit.id))
        .returning();
    }
    const cancelled = await setOnlineAppointmentStatus(tx, a, "cancelled", null);
    if (a.bookingId) {
      await tx.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, a.bookingId));
    }
    await recordAnonymousAudit(tx, {
      username: CLIENT_ACTOR,
      action: "appointment.client-cancel",
      entity: "appointment",
      entityId: id,
      details: { start: a.startsAt.toISOString(), deposit: settled?.status ?? null },
    });
    return managedOf(deps, cancelled, settled, now);
  });
  const result = await cancelling.catch(async (err: unknown) => {
    if (refunded) {
      // The money went back although the cancel did not happen (e.g. the desk changed the
      // visit meanwhile): the deposit says so, and the desk is told through the log.
      await deps.db
        .update(bookingDeposits)
        .set({ status: "refunded", settledAt: now, updatedAt: now })
        .where(and(eq(bookingDeposits.id, refunded.id), eq(bookingDeposits.status, "paid")));
      deps.logger.error(
        { reference: refunded.reference, appointmentId: id },
        "deposit refunded but the client's cancel failed: the desk should cancel the visit",
      );
    }
    throw err;
  });
  kickMessages(deps.db);
  return result;
}

/** The client's cancel met a deposit paid after it began (409): asked again, it refunds it. */
const PAID_MEANWHILE = "Your payment has just been received. Please cancel again to get it back.";
