/**
 * The time clock (admin spec §2 "Time tracking", §7 /api/time-tracking; issue 13): clock-in,
 * clock-out, breaks and a manager's corrections, and the closed entries pay and figures count.
 *
 * Invariants: at most one open time entry per member (partial unique index; a second clock-in is
 * a 409) and one open break per entry; hours count only once clocked out, less unpaid breaks.
 * Every change writes an audit row in its transaction.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AdminIdentity } from "#common/auth.ts";
import { parseLagosDateTime } from "#common/lagos-time.ts";
import {
  STAFF_MESSAGES,
  TIME_ENTRIES_SHOWN,
  type TimeEntry,
  type timeEntryCorrectionSchema,
} from "#common/staff.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { staff, timeEntries, timeEntryBreaks } from "#server/db/schema/staff.ts";
import { SQL_STATE, sqlState } from "#server/db/sql-state.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import { fullName, type StaffRow } from "./members.ts";
import { minutesToHours, type WorkedEntry, workedMinutes } from "./payroll.ts";

type EntryRow = {
  id: number;
  staffId: number;
  firstName: string;
  lastName: string;
  clockInTime: Date;
  clockOutTime: Date | null;
  status: string;
};

const entryColumns = {
  id: timeEntries.id,
  staffId: timeEntries.staffId,
  firstName: staff.firstName,
  lastName: staff.lastName,
  clockInTime: timeEntries.clockInTime,
  clockOutTime: timeEntries.clockOutTime,
  status: timeEntries.status,
};

async function breaksOf(db: Db | Tx, entryIds: number[]) {
  if (entryIds.length === 0) return [];
  return db
    .select()
    .from(timeEntryBreaks)
    .where(inArray(timeEntryBreaks.timeEntryId, entryIds))
    .orderBy(asc(timeEntryBreaks.startedAt));
}

/** Unpaid break time (ms) of an entry's breaks, open ones counted up to `until`. */
function unpaidBreakMs(
  breaks: Array<{ startedAt: Date; endedAt: Date | null; isPaid: boolean }>,
  until: Date,
): number {
  return breaks
    .filter((b) => !b.isPaid)
    .reduce(
      (sum, b) => sum + Math.max(0, (b.endedAt ?? until).getTime() - b.startedAt.getTime()),
      0,
    );
}

async function toEntries(db: Db | Tx, rows: EntryRow[]): Promise<TimeEntry[]> {
  const breaks = await breaksOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const own = breaks.filter((b) => b.timeEntryId === r.id);
    const totalHours = r.clockOutTime
      ? minutesToHours(
          workedMinutes({
            clockIn: r.clockInTime,
            clockOut: r.clockOutTime,
            unpaidBreakMs: unpaidBreakMs(own, r.clockOutTime),
          }),
        )
      : null;
    return {
      id: r.id,
      staffId: r.staffId,
      staffName: fullName(r),
      clockInTime: r.clockInTime.toISOString(),
      clockOutTime: r.clockOutTime?.toISOString() ?? null,
      status: r.status,
      totalHours,
      breaks: own.map((b) => ({
        id: b.id,
        startedAt: b.startedAt.toISOString(),
        endedAt: b.endedAt?.toISOString() ?? null,
        isPaid: b.isPaid,
      })),
      onBreak: own.some((b) => b.endedAt === null),
    };
  });
}

/**
 * The latest time entries, newest clock-in first: of one member or everyone, `limit` of them
 * (default TIME_ENTRIES_SHOWN, the spec's 10), or only the open ones.
 */
export async function listTimeEntries(
  db: Db,
  options: { staffId?: number | null; limit?: number; openOnly?: boolean } = {},
): Promise<TimeEntry[]> {
  const where = and(
    options.staffId != null ? eq(timeEntries.staffId, options.staffId) : undefined,
    options.openOnly ? isNull(timeEntries.clockOutTime) : undefined,
  );
  const rows = await db
    .select(entryColumns)
    .from(timeEntries)
    .innerJoin(staff, eq(staff.id, timeEntries.staffId))
    .where(where)
    .orderBy(desc(timeEntries.clockInTime), desc(timeEntries.id))
    .limit(options.openOnly ? 500 : (options.limit ?? TIME_ENTRIES_SHOWN));
  return toEntries(db, rows);
}

async function entryById(db: Db | Tx, id: number): Promise<TimeEntry> {
  const rows = await db
    .select(entryColumns)
    .from(timeEntries)
    .innerJoin(staff, eq(staff.id, timeEntries.staffId))
    .where(eq(timeEntries.id, id));
  const [entry] = await toEntries(db, rows);
  if (!entry) throw new HttpError(404, STAFF_MESSAGES.entryNotFound);
  return entry;
}

/** The member, locked for the clock's read-then-write, and refused unless active. */
async function activeMemberForClock(tx: Tx, staffId: number): Promise<StaffRow> {
  const [row] = await tx.select().from(staff).where(eq(staff.id, staffId)).for("update");
  if (!row) throw new HttpError(404, STAFF_MESSAGES.notFound);
  if (row.status !== "active") {
    throw new HttpError(409, STAFF_MESSAGES.notActive, { staffId: STAFF_MESSAGES.notActive });
  }
  return row;
}

async function openEntryOf(tx: Tx, staffId: number) {
  const [row] = await tx
    .select()
    .from(timeEntries)
    .where(and(eq(timeEntries.staffId, staffId), isNull(timeEntries.clockOutTime)))
    .for("update");
  return row ?? null;
}

/**
 * Clocks an active member in at `now`.
 * @throws HttpError 404 (no member), 409 (not active, or already clocked in: the database holds
 * one open entry per member, so two racing clock-ins give one 201 and one 409).
 */
export async function clockIn(
  db: Db,
  admin: AdminIdentity,
  staffId: number,
  now = new Date(),
): Promise<TimeEntry> {
  let name = "This staff member";
  try {
    const id = await db.transaction(async (tx) => {
      const member = await activeMemberForClock(tx, staffId);
      name = fullName(member);
      if (await openEntryOf(tx, staffId)) throw alreadyIn(name);
      const [row] = await tx
        .insert(timeEntries)
        .values({ staffId, clockInTime: now, status: "clocked_in" })
        .returning({ id: timeEntries.id });
      if (!row) throw new Error("insert returned no row");
      await recordAudit(tx, admin, {
        action: "time.clock-in",
        entity: "staff",
        entityId: staffId,
        details: { timeEntryId: row.id, at: now.toISOString() },
      });
      return row.id;
    });
    return entryById(db, id);
  } catch (error) {
    if (sqlState(error) === SQL_STATE.uniqueViolation) throw alreadyIn(name);
    throw error;
  }
}

const alreadyIn = (name: string) =>
  new HttpError(409, `${name} ${STAFF_MESSAGES.alreadyClockedIn}`, {
    staffId: `${name} ${STAFF_MESSAGES.alreadyClockedIn}`,
  });

const conflict = (message: string) => new HttpError(409, message, { staffId: message });

/**
 * Clocks a member out at `now`, ending a running break.
 * @throws HttpError 404 (no member), 409 (not active, or not clocked in).
 */
export async function clockOut(
  db: Db,
  admin: AdminIdentity,
  staffId: number,
  now = new Date(),
): Promise<TimeEntry> {
  const id = await db.transaction(async (tx) => {
    const member = await activeMemberForClock(tx, staffId);
    const open = await openEntryOf(tx, staffId);
    if (!open) throw conflict(`${fullName(member)} ${STAFF_MESSAGES.notClockedIn}`);
    // A clock-out in the same instant as the clock-in would break "out after in".
    const at =
      now.getTime() > open.clockInTime.getTime()
        ? now
        : new Date(open.clockInTime.getTime() + 1000);
    await tx
      .update(timeEntryBreaks)
      .set({ endedAt: at })
      .where(and(eq(timeEntryBreaks.timeEntryId, open.id), isNull(timeEntryBreaks.endedAt)));
    await tx
      .update(timeEntries)
      .set({ clockOutTime: at, status: "clocked_out" })
      .where(eq(timeEntries.id, open.id));
    await recordAudit(tx, admin, {
      action: "time.clock-out",
      entity: "staff",
      entityId: staffId,
      details: { timeEntryId: open.id, at: at.toISOString() },
    });
    return open.id;
  });
  return entryById(db, id);
}

/**
 * Starts (`start`) or ends a break in the member's open entry at `now`; breaks are unpaid.
 * @throws HttpError 404 (no member), 409 (not active, not clocked in, already on / not on a break).
 */
export async function setBreak(
  db: Db,
  admin: AdminIdentity,
  staffId: number,
  start: boolean,
  now = new Date(),
): Promise<TimeEntry> {
  const id = await db.transaction(async (tx) => {
    const member = await activeMemberForClock(tx, staffId);
    const name = fullName(member);
    const open = await openEntryOf(tx, staffId);
    if (!open) throw conflict(`${name} ${STAFF_MESSAGES.notClockedIn}`);
    const [running] = await tx
      .select()
      .from(timeEntryBreaks)
      .where(and(eq(timeEntryBreaks.timeEntryId, open.id), isNull(timeEntryBreaks.endedAt)));
    if (start) {
      if (running) throw conflict(`${name} ${STAFF_MESSAGES.alreadyOnBreak}`);
      await tx.insert(timeEntryBreaks).values({ timeEntryId: open.id, startedAt: now });
    } else {
      if (!running) throw conflict(`${name} ${STAFF_MESSAGES.notOnBreak}`);
      const at = now.getTime() >= running.startedAt.getTime() ? now : running.startedAt;
      await tx
        .update(timeEntryBreaks)
        .set({ endedAt: at })
        .where(eq(timeEntryBreaks.id, running.id));
    }
    await recordAudit(tx, admin, {
      action: start ? "time.break-start" : "time.break-end",
      entity: "staff",
      entityId: staffId,
      details: { timeEntryId: open.id, at: now.toISOString() },
    });
    return open.id;
  });
  return entryById(db, id);
}

/**
 * A manager's correction of an entry (a forgotten clock-out): new clock-in and/or clock-out
 * times, audited with the times before and after. Setting a clock-out closes an open entry.
 * @throws HttpError 404 (no entry), 400 (unreadable time, out not after in, in the future).
 */
export async function correctTimeEntry(
  db: Db,
  admin: AdminIdentity,
  id: number,
  input: z.output<typeof timeEntryCorrectionSchema>,
  now = new Date(),
): Promise<TimeEntry> {
  const readTime = (text: string | undefined, field: string) => {
    if (text === undefined) return undefined;
    const at = parseLagosDateTime(text);
    if (!at)
      throw new HttpError(400, STAFF_MESSAGES.clockTime, { [field]: STAFF_MESSAGES.clockTime });
    if (at.getTime() > now.getTime()) {
      throw new HttpError(400, STAFF_MESSAGES.notInFuture, { [field]: STAFF_MESSAGES.notInFuture });
    }
    return at;
  };
  const newIn = readTime(input.clockInTime, "clockInTime");
  const newOut = readTime(input.clockOutTime, "clockOutTime");
  await db.transaction(async (tx) => {
    const [entry] = await tx.select().from(timeEntries).where(eq(timeEntries.id, id)).for("update");
    if (!entry) throw new HttpError(404, STAFF_MESSAGES.entryNotFound);
    const clockInTime = newIn ?? entry.clockInTime;
    const clockOutTime = newOut ?? entry.clockOutTime;
    if (clockOutTime && clockOutTime.getTime() <= clockInTime.getTime()) {
      throw new HttpError(400, STAFF_MESSAGES.clockOutAfterIn, {
        clockOutTime: STAFF_MESSAGES.clockOutAfterIn,
      });
    }
    // Breaks stay inside the corrected entry (cut to its new clock-in and clock-out), in one
    // statement so no row is ever seen ending before it starts.
    const inAt = clockInTime.toISOString();
    const outAt = clockOutTime?.toISOString() ?? null;
    await tx
      .update(timeEntryBreaks)
      .set(
        outAt
          ? {
              startedAt: sql`least(greatest(${timeEntryBreaks.startedAt}, ${inAt}::timestamptz), ${outAt}::timestamptz)`,
              endedAt: sql`least(greatest(coalesce(${timeEntryBreaks.endedAt}, ${outAt}::timestamptz), ${inAt}::timestamptz), ${outAt}::timestamptz)`,
            }
          : {
              startedAt: sql`greatest(${timeEntryBreaks.startedAt}, ${inAt}::timestamptz)`,
              endedAt: sql`case when ${timeEntryBreaks.endedAt} is null then null else greatest(${timeEntryBreaks.endedAt}, ${inAt}::timestamptz) end`,
            },
      )
      .where(eq(timeEntryBreaks.timeEntryId, id));
    await tx
      .update(timeEntries)
      .set({
        clockInTime,
        clockOutTime,
        status: clockOutTime ? "clocked_out" : "clocked_in",
      })
      .where(eq(timeEntries.id, id));
    await recordAudit(tx, admin, {
      action: "time.correct",
      entity: "time_entry",
      entityId: id,
      details: {
        staffId: entry.staffId,
        before: {
          clockInTime: entry.clockInTime.toISOString(),
          clockOutTime: entry.clockOutTime?.toISOString() ?? null,
        },
        after: {
          clockInTime: clockInTime.toISOString(),
          clockOutTime: clockOutTime?.toISOString() ?? null,
        },
        reason: input.reason ?? null,
      },
    });
  });
  return entryById(db, id);
}

/** Closed entries of a member whose clock-in lies in [from, to), with unpaid break time. */
export async function workedEntries(
  db: Db | Tx,
  staffIds: number[] | null,
  from: Date,
  to: Date,
): Promise<Array<WorkedEntry & { staffId: number }>> {
  const rows = await db
    .select()
    .from(timeEntries)
    .where(
      and(
        staffIds === null ? undefined : inArray(timeEntries.staffId, staffIds),
        gte(timeEntries.clockInTime, from),
        lt(timeEntries.clockInTime, to),
        sql`${timeEntries.clockOutTime} IS NOT NULL`,
      ),
    );
  const breaks = await breaksOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    staffId: r.staffId,
    clockIn: r.clockInTime,
    clockOut: r.clockOutTime as Date,
    unpaidBreakMs: unpaidBreakMs(
      breaks.filter((b) => b.timeEntryId === r.id),
      r.clockOutTime as Date,
    ),
  }));
}

/** Hours (two decimals) worked in `entries`, unpaid breaks deducted. */
export const sumHours = (entries: WorkedEntry[]) =>
  minutesToHours(entries.reduce((sum, e) => sum + workedMinutes(e), 0));
