/**
 * Which of the public form's 16 slots a client may book for one service on one Lagos day, and
 * the therapist an online booking takes (issue 32; storefront spec §9: Monday-Saturday, book 24
 * hours ahead; admin spec §2 "Calendar"). It reads the same facts as the calendar's clash rules
 * (clash.ts): active appointments, blocked times of the member or of all staff, and weekly
 * schedules (`fitsSchedule`), so a slot the form offers is one the back office would accept.
 *
 * "A therapist who does that service": the clinic records no skills per member yet, so every
 * active staff member whose job role is 'therapist' may do any treatment. With none on the books
 * (a fresh install, the demo) there is no capacity to compute: online bookings are unassigned,
 * as booking requests always were, and only the time rules and all-staff blocks apply
 * (docs/decisions/0261).
 */
import { and, asc, eq, gt, inArray, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import { clinicOpensOn, TIME_SLOTS } from "#common/booking-slots.ts";
import { fitsSchedule, INACTIVE_APPOINTMENT_STATUSES } from "#common/calendar.ts";
import {
  BOOKING_NOTICE_HOURS,
  isAtLeastHoursAhead,
  type SlotAvailability,
  type SlotRefusal,
} from "#common/deposits.ts";
import { lagosDayRange, lagosInstant, slotMinutes } from "#common/lagos-time.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { appointments, blockedTimes } from "#server/db/schema/calendar.ts";
import { staff, staffSchedules } from "#server/db/schema/staff.ts";
import { findClash, lockStaff, type Span, type StaffRef } from "./clash.ts";

const INACTIVE: string[] = [...INACTIVE_APPOINTMENT_STATUSES];

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/** Active therapists, by id (the order a booking tries them in). */
export async function bookableTherapists(db: Db | Tx): Promise<StaffRef[]> {
  return db
    .select({
      id: staff.id,
      firstName: staff.firstName,
      lastName: staff.lastName,
      status: staff.status,
    })
    .from(staff)
    .where(and(eq(staff.status, "active"), eq(staff.role, "therapist")))
    .orderBy(asc(staff.id));
}

/**
 * Why a public booking may not start at `start` at `now`, before looking at anyone's time:
 * a closed day, a time already past, or less than BOOKING_NOTICE_HOURS ahead. Null when none.
 */
export function timeRefusal(start: Date, date: string, now: Date): SlotRefusal | null {
  if (!clinicOpensOn(date)) return "closed";
  if (start.getTime() <= now.getTime()) return "past";
  if (!isAtLeastHoursAhead(start, now, BOOKING_NOTICE_HOURS)) return "notice";
  return null;
}

/**
 * The 16 slots of Lagos day `date` for a service of `minutes`, each free or with the first rule
 * it breaks (closed, past, notice, taken). `excludeAppointmentId` leaves one appointment out (a
 * client moving their own booking does not clash with it).
 */
export async function dayAvailability(
  db: Db | Tx,
  input: { date: string; minutes: number; now: Date; excludeAppointmentId?: number | null },
): Promise<SlotAvailability[]> {
  const { date, minutes, now } = input;
  const slots = TIME_SLOTS.map((time) => {
    const start = lagosInstant(date, slotMinutes(time) as number);
    return { time, span: { start, end: new Date(start.getTime() + minutes * 60_000) } };
  });
  const open = slots.map((s) => timeRefusal(s.span.start, date, now));
  if (open.every((r) => r !== null)) {
    return slots.map((s, i) => ({ time: s.time, available: false, reason: open[i] ?? null }));
  }
  const day = lagosDayRange(date);
  // Reach past midnight for a long treatment late in the day.
  const range = { min: day.from, max: new Date(day.to.getTime() + minutes * 60_000) };
  const therapists = await bookableTherapists(db);
  const ids = therapists.map((t) => t.id);
  const exclude = input.excludeAppointmentId ?? null;
  const activeIn = and(
    notInArray(appointments.status, INACTIVE),
    lt(appointments.startsAt, range.max),
    gt(appointments.endsAt, range.min),
    exclude === null ? undefined : sql`${appointments.id} <> ${exclude}`,
  );
  // With no therapist on the books, appointments take nobody's time (unassigned never clash).
  const taken =
    ids.length > 0
      ? await db
          .select({
            staffId: appointments.staffId,
            start: appointments.startsAt,
            end: appointments.endsAt,
          })
          .from(appointments)
          .where(and(activeIn, inArray(appointments.staffId, ids)))
      : [];
  const blocks = await db
    .select({
      staffId: blockedTimes.staffId,
      start: blockedTimes.startsAt,
      end: blockedTimes.endsAt,
    })
    .from(blockedTimes)
    .where(
      and(
        lt(blockedTimes.startsAt, range.max),
        gt(blockedTimes.endsAt, range.min),
        ids.length > 0
          ? or(isNull(blockedTimes.staffId), inArray(blockedTimes.staffId, ids))
          : isNull(blockedTimes.staffId),
      ),
    );
  const periods =
    ids.length > 0
      ? await db
          .select({
            staffId: staffSchedules.staffId,
            dayOfWeek: staffSchedules.dayOfWeek,
            startTime: staffSchedules.startTime,
            endTime: staffSchedules.endTime,
          })
          .from(staffSchedules)
          .where(inArray(staffSchedules.staffId, ids))
      : [];
  const memberFree = (memberId: number | null, span: Span) => {
    const own = periods.filter((p) => p.staffId === memberId);
    if (memberId !== null && !fitsSchedule(span.start, span.end, own).ok) return false;
    if (taken.some((a) => a.staffId === memberId && overlaps(a, span))) return false;
    return !blocks.some((b) => (b.staffId === null || b.staffId === memberId) && overlaps(b, span));
  };
  return slots.map((s, i) => {
    const refusal = open[i] ?? null;
    if (refusal) return { time: s.time, available: false, reason: refusal };
    const free =
      ids.length > 0 ? ids.some((id) => memberFree(id, s.span)) : memberFree(null, s.span);
    return { time: s.time, available: free, reason: free ? null : "taken" };
  });
}

/**
 * Inside the caller's transaction: takes the calendar lock of, and returns, the first therapist
 * free over `span` by the calendar's clash rules (`findClash`), or `null` (unassigned) when the
 * clinic has no therapist on the books and no all-staff block covers the span.
 * @returns `{ member }` on success, or `false` when nobody is free (the caller answers 409).
 */
export async function claimTherapist(
  tx: Tx,
  span: Span,
  excludeAppointmentId: number | null,
): Promise<{ member: StaffRef | null } | false> {
  const therapists = await bookableTherapists(tx);
  if (therapists.length === 0) {
    const [block] = await tx
      .select({ id: blockedTimes.id })
      .from(blockedTimes)
      .where(
        and(
          isNull(blockedTimes.staffId),
          lt(blockedTimes.startsAt, span.end),
          gt(blockedTimes.endsAt, span.start),
        ),
      )
      .limit(1);
    return block ? false : { member: null };
  }
  for (const member of therapists) {
    // Each member's lock is held to the end of the transaction (ascending ids: no deadlock), so
    // the check below stays true until the appointment is written.
    await lockStaff(tx, [member.id]);
    if ((await findClash(tx, member, [span], excludeAppointmentId)) === null) return { member };
  }
  return false;
}
