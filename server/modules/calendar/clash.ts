/**
 * The calendar's clash rules, shared by every write that can take a member's time: appointments
 * (appointments.ts), booking requests turned into appointments (virtual-bookings.ts) and blocked
 * time (blocks.ts). Admin spec §2 "Calendar", §5; issue 10;
 * docs/decisions/0060-calendar-no-double-booking.md.
 *
 * - An active appointment (not cancelled or no-show) of a staff member never overlaps another
 *   active appointment of that member, nor a blocked time of that member or of all staff, nor
 *   lies outside the member's weekly schedule (a weekday without a period is a day off).
 *   Unassigned appointments (no staff) never clash with other appointments; they are checked
 *   once a member is set.
 * - Every create, move or confirm starts inside the opening hours (issue 28 item 3), assigned or
 *   not. A manager may override the opening hours and the schedule, never a clash, with a reason
 *   that goes into the write's audit record (`workingTimeOverride`; docs/decisions/0196).
 * - Every write that could break that runs in one transaction that first takes the calendar's
 *   advisory locks (`lockStaff`, `lockAllStaff`); the checks read after the locks, so they see
 *   every committed rival; the exclusion constraint `appointments_no_overlap` (SQLSTATE 23P01)
 *   stays the last word (`refusingOverlap`). Clashes answer 409 with a message naming the clash.
 * Instants are UTC; schedules are Lagos wall clocks.
 */
import { and, asc, eq, gt, isNull, lt, ne, notInArray, or, sql } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import {
  clashMessage,
  fitsSchedule,
  INACTIVE_APPOINTMENT_STATUSES,
  OVERRIDE_MESSAGES,
  openingHoursRefusal,
  WORKING_TIME_FIELD,
  type WorkingTimeOverrideInput,
} from "#common/calendar.ts";
import { reachOf } from "#common/roles.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { appointments, blockedTimes } from "#server/db/schema/calendar.ts";
import { staff, staffSchedules } from "#server/db/schema/staff.ts";
import { SQL_STATE, sqlState } from "#server/db/sql-state.ts";
import { HttpError } from "#server/http.ts";

/** Namespace of the calendar's advisory locks (pg_advisory_xact_lock(int, int)). */
const CALENDAR_LOCK = 710_010;
const INACTIVE: readonly string[] = INACTIVE_APPOINTMENT_STATUSES;

/** Whether an appointment in `status` holds its slot (not cancelled or no-show). */
export function isActiveStatus(status: string): boolean {
  return !INACTIVE.includes(status);
}

/** A stretch of time [start, end), UTC instants. */
export type Span = { start: Date; end: Date };
/** A staff member as the clash rules and messages need them. */
export type StaffRef = { id: number; firstName: string; lastName: string; status: string };

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;
const rangeOf = (spans: Span[]) => ({
  min: new Date(Math.min(...spans.map((s) => s.start.getTime()))),
  max: new Date(Math.max(...spans.map((s) => s.end.getTime()))),
});

/**
 * Takes the calendar locks for writes touching `staffIds` (ascending, so no deadlock): each
 * member's (CALENDAR_LOCK, id) exclusively and the all-staff (CALENDAR_LOCK, 0) shared. No lock
 * when no member is named (unassigned appointments never clash).
 */
export async function lockStaff(tx: Tx, staffIds: Array<number | null>): Promise<void> {
  const ids = [...new Set(staffIds.filter((id): id is number => id !== null))].sort(
    (a, b) => a - b,
  );
  if (ids.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${sql.raw(String(CALENDAR_LOCK))}, 0)`);
  for (const id of ids) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${sql.raw(String(CALENDAR_LOCK))}, ${sql.raw(String(id))})`,
    );
  }
}

/** Takes the all-staff calendar lock (an all-staff block waits for every member's writes). */
export async function lockAllStaff(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(CALENDAR_LOCK))}, 0)`);
}

/** What stands in a member's way over [min, max): their schedule, appointments and blocks. */
async function readMemberCalendar(
  db: Db | Tx,
  memberId: number,
  { min, max }: { min: Date; max: Date },
  excludeId: number | null,
) {
  // One after another: inside a transaction the queries share one connection.
  const periods = await db
    .select({
      dayOfWeek: staffSchedules.dayOfWeek,
      startTime: staffSchedules.startTime,
      endTime: staffSchedules.endTime,
    })
    .from(staffSchedules)
    .where(eq(staffSchedules.staffId, memberId));
  const taken = await db
    .select({
      start: appointments.startsAt,
      end: appointments.endsAt,
      serviceName: appointments.serviceName,
      customerName: appointments.customerName,
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.staffId, memberId),
        notInArray(appointments.status, [...INACTIVE]),
        lt(appointments.startsAt, max),
        gt(appointments.endsAt, min),
        excludeId === null ? undefined : ne(appointments.id, excludeId),
      ),
    )
    .orderBy(asc(appointments.startsAt));
  const blocks = await db
    .select({
      start: blockedTimes.startsAt,
      end: blockedTimes.endsAt,
      title: blockedTimes.title,
      staffId: blockedTimes.staffId,
    })
    .from(blockedTimes)
    .where(
      and(
        or(eq(blockedTimes.staffId, memberId), isNull(blockedTimes.staffId)),
        lt(blockedTimes.startsAt, max),
        gt(blockedTimes.endsAt, min),
      ),
    )
    .orderBy(asc(blockedTimes.startsAt));
  return { periods, taken, blocks };
}

/**
 * The message of the first clash (in time order of `spans`) of `member` working `spans`: outside
 * the schedule, another active appointment (other than `excludeId`), or a block of the member or
 * of all staff. Null when every span is free. Run it after `lockStaff` for a decision that holds.
 */
export async function findClash(
  db: Db | Tx,
  member: StaffRef,
  spans: Span[],
  excludeId: number | null = null,
  options: { workingTime?: boolean } = {},
): Promise<string | null> {
  return (await firstClash(db, member, spans, excludeId, options))?.message ?? null;
}

/** What stands in the way, as `findClash` finds it, and of which kind (only 'schedule' yields to an override). */
async function firstClash(
  db: Db | Tx,
  member: StaffRef,
  spans: Span[],
  excludeId: number | null,
  options: { workingTime?: boolean },
): Promise<{ kind: "schedule" | "appointment" | "block"; message: string } | null> {
  if (spans.length === 0) return null;
  const { periods, taken, blocks } = await readMemberCalendar(
    db,
    member.id,
    rangeOf(spans),
    excludeId,
  );
  const name = member.firstName;
  for (const span of [...spans].sort((a, b) => a.start.getTime() - b.start.getTime())) {
    const fit =
      options.workingTime === false
        ? { ok: true as const }
        : fitsSchedule(span.start, span.end, periods);
    if (!fit.ok) {
      const message = clashMessage({ kind: "schedule", staff: name, ...span, hours: fit.hours });
      return { kind: "schedule", message };
    }
    const appointment = taken.find((t) => overlaps(t, span));
    if (appointment) {
      const message = clashMessage({
        kind: "appointment",
        staff: name,
        service: appointment.serviceName,
        customer: appointment.customerName,
        start: appointment.start,
        end: appointment.end,
      });
      return { kind: "appointment", message };
    }
    const block = blocks.find((b) => overlaps(b, span));
    if (block) {
      const message = clashMessage({
        kind: "block",
        staff: block.staffId === null ? null : name,
        title: block.title,
        start: block.start,
        end: block.end,
      });
      return { kind: "block", message };
    }
  }
  return null;
}

/** Throws the 409 of `findClash` when `member` cannot work `spans`. */
export async function refuseClash(
  tx: Tx,
  member: StaffRef,
  spans: Span[],
  excludeId: number | null = null,
  options: { workingTime?: boolean } = {},
): Promise<void> {
  const clash = await firstClash(tx, member, spans, excludeId, options);
  if (!clash) return;
  if (clash.kind === "schedule") throw workingTimeRefusal(clash.message);
  throw new HttpError(409, clash.message);
}

/**
 * A 409 for a start outside the working time (opening hours or the member's schedule): the
 * one refusal a manager may override, so its `fields` name `overrideWorkingHours` and the
 * screens know to offer the override (docs/decisions/0240).
 */
function workingTimeRefusal(message: string): HttpError {
  return new HttpError(409, message, { [WORKING_TIME_FIELD]: message });
}

/** A manager's override of the working time: its reason (for the audit), or null for none. */
export type WorkingTimeOverride = { reason: string } | null;

/**
 * The override a create or change asks for (issue 28 item 3), checked: only a manager may ask,
 * and only with a reason. @throws HttpError 403 for another role; 400 without a reason.
 */
export function workingTimeOverride(
  admin: AdminIdentity,
  input: WorkingTimeOverrideInput,
): WorkingTimeOverride {
  if (!input.overrideWorkingHours) return null;
  if (reachOf(admin.role, "workingHours.override") !== "all") {
    throw new HttpError(403, OVERRIDE_MESSAGES.managerOnly);
  }
  const reason = input.overrideReason?.trim();
  if (!reason) {
    throw new HttpError(400, OVERRIDE_MESSAGES.reason, {
      overrideReason: OVERRIDE_MESSAGES.reason,
    });
  }
  return { reason };
}

/** Throws the 409 of the first span of `spans` that starts outside the opening hours. */
export function refuseClosed(spans: Span[], override: WorkingTimeOverride): void {
  if (override) return;
  for (const span of spans) {
    const refusal = openingHoursRefusal(span.start);
    if (refusal) throw workingTimeRefusal(refusal);
  }
}

/**
 * Every check of a slot taken by a create, move or confirm: the opening hours (any member or
 * none), then `member`'s schedule, appointments and blocks. Run it after `lockStaff`.
 * @throws HttpError 409 naming the first refusal.
 */
export async function refuseSlot(
  tx: Tx,
  member: StaffRef | null,
  spans: Span[],
  excludeId: number | null,
  override: WorkingTimeOverride,
): Promise<void> {
  refuseClosed(spans, override);
  if (member) await refuseClash(tx, member, spans, excludeId, { workingTime: override === null });
}

/**
 * The first active appointment a block of `staffId` (null: all staff) over `span` would overlap,
 * as a message naming it, or null. Run it after the lock the block's write takes.
 */
async function blockClash(tx: Tx, staffId: number | null, span: Span): Promise<string | null> {
  const [hit] = await tx
    .select({
      start: appointments.startsAt,
      end: appointments.endsAt,
      serviceName: appointments.serviceName,
      customerName: appointments.customerName,
      staffFirstName: staff.firstName,
    })
    .from(appointments)
    .innerJoin(staff, eq(staff.id, appointments.staffId))
    .where(
      and(
        staffId === null ? undefined : eq(appointments.staffId, staffId),
        notInArray(appointments.status, [...INACTIVE]),
        lt(appointments.startsAt, span.end),
        gt(appointments.endsAt, span.start),
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .limit(1);
  return hit
    ? clashMessage({
        kind: "appointment",
        staff: hit.staffFirstName,
        service: hit.serviceName,
        customer: hit.customerName,
        start: hit.start,
        end: hit.end,
      })
    : null;
}

/** Throws the 409 of `blockClash` when a block of `staffId` over `span` covers an appointment. */
export async function refuseBlockClash(tx: Tx, staffId: number | null, span: Span): Promise<void> {
  const clash = await blockClash(tx, staffId, span);
  if (clash) throw new HttpError(409, clash);
}

/** The member and spans a write was about to take, for the message of a late clash. */
export type ClashTarget = { member: StaffRef; spans: Span[]; excludeId?: number | null };

/**
 * Runs `write`; an exclusion violation (a rival commit the checks could not see) becomes a 409
 * whose message names the clash as it now stands (`clash()` says what the write wanted).
 */
export async function refusingOverlap<T>(
  db: Db,
  write: () => Promise<T>,
  clash: () => ClashTarget | null,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (sqlState(err) !== SQL_STATE.exclusionViolation) throw err;
    const target = clash();
    const message = target
      ? await findClash(db, target.member, target.spans, target.excludeId ?? null)
      : null;
    throw new HttpError(409, message ?? "That time is already booked for this staff member");
  }
}
