/**
 * Staff management (admin spec §2 "Staff management", §3, §4, §7; issue 13): members, weekly
 * schedules, the time clock with breaks, pay runs computed from closed hours, analytics.
 *
 * Invariants: at most one open time entry per member (partial unique index; a second clock-in is
 * a 409) and one open break per entry; hours count only once clocked out, less unpaid breaks;
 * pay runs are computed here (./payroll.ts), never taken from the client, and one member's pay
 * runs never cover the same day twice. Every change writes an audit row in its transaction.
 * Money is kobo in the db and naira in answers; days are Lagos days.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AdminIdentity } from "#common/auth.ts";
import { lagosDate } from "#common/booking.ts";
import { LAGOS_UTC_OFFSET_MS } from "#common/business.ts";
import { clockMinutes, lagosDayStart, parseCalendarDateTime } from "#common/calendar.ts";
import { koboToNaira, koboToNairaText, nairaToKobo } from "#common/money.ts";
import { canOpen } from "#common/roles.ts";
import {
  ANALYTICS_DAYS,
  MAX_PAY_PERIOD_DAYS,
  PAY_RUNS_SHOWN,
  type PayRun,
  type PayRunSummary,
  type payRunInputSchema,
  STAFF_DEPARTMENTS,
  STAFF_MESSAGES,
  type StaffAnalytics,
  type StaffMember,
  type StaffOverview,
  type StaffSchedule,
  type staffInputSchema,
  type staffPatchSchema,
  TIME_ENTRIES_SHOWN,
  type TimeEntry,
  type timeEntryCorrectionSchema,
  type weekScheduleSchema,
} from "#common/staff.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { adminTotp, adminUsers, staffInvitations } from "#server/db/schema/access.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { saleLines, salePayments, sales } from "#server/db/schema/sales.ts";
import {
  payRuns,
  staff,
  staffSchedules,
  timeEntries,
  timeEntryBreaks,
} from "#server/db/schema/staff.ts";
import { SQL_STATE, sqlState } from "#server/db/sql-state.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import { computePay, minutesToHours, type WorkedEntry, workedMinutes } from "./payroll.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

type StaffRow = typeof staff.$inferSelect;

const fullName = (m: { firstName: string; lastName: string }) =>
  `${m.firstName} ${m.lastName}`.trim();

/** Whether `viewer` may see pay figures (hourly rates, commission, pay runs). */
export function seesPay(viewer: AdminIdentity): boolean {
  return canOpen(viewer.role, "pay");
}

// ---------------------------------------------------------------------------------------------
// Members

async function accessOf(
  db: Db | Tx,
  ids: number[],
  now = new Date(),
): Promise<Map<number, StaffMember["access"]>> {
  const result = new Map<number, StaffMember["access"]>();
  if (ids.length === 0) return result;
  const accounts = await db
    .select({
      staffId: adminUsers.staffId,
      role: adminUsers.role,
      twoStepSince: adminTotp.enabledAt,
    })
    .from(adminUsers)
    .leftJoin(adminTotp, eq(adminTotp.userId, adminUsers.id))
    .where(inArray(adminUsers.staffId, ids));
  const invites = await db
    .select({ staffId: staffInvitations.staffId, role: staffInvitations.role })
    .from(staffInvitations)
    .where(
      and(
        inArray(staffInvitations.staffId, ids),
        isNull(staffInvitations.acceptedAt),
        gte(staffInvitations.expiresAt, now),
      ),
    );
  for (const i of invites) {
    result.set(i.staffId, { state: "invited", role: i.role as never });
  }
  for (const a of accounts) {
    if (a.staffId !== null) {
      result.set(a.staffId, {
        state: "active",
        role: a.role as never,
        twoStep: a.twoStepSince !== null,
      });
    }
  }
  return result;
}

function toMember(row: StaffRow, access: StaffMember["access"], showPay: boolean): StaffMember {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    role: row.role,
    department: row.department,
    hourlyRate: showPay ? koboToNairaText(row.hourlyRateKobo) : null,
    commissionRate: showPay ? row.commissionRateBp / 100 : null,
    startDate: String(row.startDate),
    status: row.status,
    createdAt: new Date(row.createdAt).toISOString(),
    access,
  };
}

/** Every member, by first then last name; pay fields null unless `viewer` sees pay. */
export async function listStaff(db: Db, viewer: AdminIdentity): Promise<StaffMember[]> {
  const rows = await db
    .select()
    .from(staff)
    .orderBy(asc(staff.firstName), asc(staff.lastName), asc(staff.id));
  const access = await accessOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toMember(r, access.get(r.id) ?? { state: "none" }, seesPay(viewer)));
}

async function findStaff(db: Db | Tx, id: number): Promise<StaffRow> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id));
  if (!row) throw new HttpError(404, STAFF_MESSAGES.notFound);
  return row;
}

/** One member. @throws HttpError 404 when there is none. */
export async function getStaff(db: Db, viewer: AdminIdentity, id: number): Promise<StaffMember> {
  const row = await findStaff(db, id);
  const access = await accessOf(db, [id]);
  return toMember(row, access.get(id) ?? { state: "none" }, seesPay(viewer));
}

function duplicateEmail(error: unknown): never {
  if (sqlState(error) === SQL_STATE.uniqueViolation) {
    throw new HttpError(409, STAFF_MESSAGES.duplicateEmail, {
      email: STAFF_MESSAGES.duplicateEmail,
    });
  }
  throw error;
}

/**
 * Adds a staff member (start date default today in Lagos; hourly rate naira → kobo, commission
 * percent → basis points).
 * @throws HttpError 409 when another member has the email (ignoring case).
 */
export async function createStaff(
  db: Db,
  admin: AdminIdentity,
  input: z.output<typeof staffInputSchema>,
): Promise<StaffMember> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staff)
        .values({
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone ?? null,
          role: input.role,
          department: input.department,
          hourlyRateKobo: nairaToKobo(input.hourlyRate),
          commissionRateBp: Math.round(input.commissionRate * 100),
          startDate: input.startDate ?? lagosDate(new Date()),
          status: input.status,
        })
        .returning();
      if (!row) throw new Error("insert returned no row");
      await recordAudit(tx, admin, {
        action: "staff.create",
        entity: "staff",
        entityId: row.id,
        details: { email: row.email, role: row.role },
      });
      return toMember(row, { state: "none" }, true);
    });
  } catch (error) {
    duplicateEmail(error);
  }
}

/**
 * Changes any of a member's fields.
 * @throws HttpError 404 (no member), 409 (email taken).
 */
export async function updateStaff(
  db: Db,
  admin: AdminIdentity,
  id: number,
  patch: z.output<typeof staffPatchSchema>,
): Promise<StaffMember> {
  try {
    const row = await db.transaction(async (tx) => {
      const before = await findStaff(tx, id);
      const [updated] = await tx
        .update(staff)
        .set({
          ...(patch.firstName !== undefined && { firstName: patch.firstName }),
          ...(patch.lastName !== undefined && { lastName: patch.lastName }),
          ...(patch.email !== undefined && { email: patch.email }),
          ...(patch.phone !== undefined && { phone: patch.phone ?? null }),
          ...(patch.role !== undefined && { role: patch.role }),
          ...(patch.department !== undefined && { department: patch.department }),
          ...(patch.hourlyRate !== undefined && { hourlyRateKobo: nairaToKobo(patch.hourlyRate) }),
          ...(patch.commissionRate !== undefined && {
            commissionRateBp: Math.round(patch.commissionRate * 100),
          }),
          ...(patch.startDate !== undefined && { startDate: patch.startDate }),
          ...(patch.status !== undefined && { status: patch.status }),
          updatedAt: new Date(),
        })
        .where(eq(staff.id, id))
        .returning();
      if (!updated) throw new HttpError(404, STAFF_MESSAGES.notFound);
      // A member's sign-in name follows their email.
      if (patch.email !== undefined && patch.email.toLowerCase() !== before.email.toLowerCase()) {
        await tx
          .update(adminUsers)
          .set({ username: patch.email.toLowerCase() })
          .where(eq(adminUsers.staffId, id));
      }
      await recordAudit(tx, admin, {
        action: "staff.update",
        entity: "staff",
        entityId: id,
        details: { ...patch },
      });
      return updated;
    });
    const access = await accessOf(db, [id]);
    return toMember(row, access.get(id) ?? { state: "none" }, true);
  } catch (error) {
    duplicateEmail(error);
  }
}

/**
 * Removes a member with their schedules, blocked times, account and invitations; their
 * appointments stay unassigned.
 * @throws HttpError 404 (no member), 409 (they have time entries or pay runs: archive instead).
 */
export async function deleteStaff(db: Db, admin: AdminIdentity, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const row = await findStaff(tx, id);
      await tx.delete(staff).where(eq(staff.id, id));
      await recordAudit(tx, admin, {
        action: "staff.delete",
        entity: "staff",
        entityId: id,
        details: { name: fullName(row), email: row.email },
      });
    });
  } catch (error) {
    if (sqlState(error) === SQL_STATE.foreignKeyViolation) {
      throw new HttpError(409, STAFF_MESSAGES.hasRecords);
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Schedules

function toSchedule(r: typeof staffSchedules.$inferSelect): StaffSchedule {
  return {
    id: r.id,
    staffId: r.staffId,
    dayOfWeek: r.dayOfWeek,
    startTime: String(r.startTime).slice(0, 5),
    endTime: String(r.endTime).slice(0, 5),
    location: r.location,
  };
}

/** Weekly schedules (of one member, or everyone), by member then day (0 Sunday). */
export async function listSchedules(db: Db, staffId?: number): Promise<StaffSchedule[]> {
  const rows = await db
    .select()
    .from(staffSchedules)
    .where(staffId === undefined ? undefined : eq(staffSchedules.staffId, staffId))
    .orderBy(asc(staffSchedules.staffId), asc(staffSchedules.dayOfWeek), asc(staffSchedules.id));
  return rows.map(toSchedule);
}

/**
 * Replaces a member's weekly schedule with `days` (a day left out is not worked).
 * @throws HttpError 404 when there is no such member.
 */
export async function setWeekSchedule(
  db: Db,
  admin: AdminIdentity,
  staffId: number,
  input: z.output<typeof weekScheduleSchema>,
): Promise<StaffSchedule[]> {
  return db.transaction(async (tx) => {
    await findStaff(tx, staffId);
    await tx.delete(staffSchedules).where(eq(staffSchedules.staffId, staffId));
    const rows =
      input.days.length === 0
        ? []
        : await tx
            .insert(staffSchedules)
            .values(input.days.map((d) => ({ staffId, ...d })))
            .returning();
    await recordAudit(tx, admin, {
      action: "staff.schedule",
      entity: "staff",
      entityId: staffId,
      details: { days: input.days },
    });
    return rows.map(toSchedule).sort((a, b) => a.dayOfWeek - b.dayOfWeek);
  });
}

// ---------------------------------------------------------------------------------------------
// Time clock

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
    const at = parseCalendarDateTime(text);
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
async function workedEntries(
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

const sumHours = (entries: WorkedEntry[]) =>
  minutesToHours(entries.reduce((sum, e) => sum + workedMinutes(e), 0));

// ---------------------------------------------------------------------------------------------
// Sales attributed to a member: completed appointments they were assigned, and POS sales rung
// up by their own account (sales.created_by → admin_users.staff_id).

/** Completed appointments' count and value (kobo) of a member in [from, to). */
async function completedServices(db: Db | Tx, staffId: number, from: Date, to: Date) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      kobo: sql<number>`coalesce(sum(${appointments.priceKobo}), 0)::bigint`,
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.staffId, staffId),
        eq(appointments.status, "completed"),
        gte(appointments.startsAt, from),
        lt(appointments.startsAt, to),
      ),
    );
  return { count: Number(row?.count ?? 0), kobo: Number(row?.kobo ?? 0) };
}

/** Completed POS sales rung up by the member's account in [from, to): value, product lines, tips. */
async function memberSales(db: Db | Tx, staffId: number, from: Date, to: Date) {
  const mine = and(
    eq(adminUsers.staffId, staffId),
    eq(sales.status, "completed"),
    gte(sales.soldAt, from),
    lt(sales.soldAt, to),
  );
  const [totals] = await db
    .select({
      count: sql<number>`count(*)::int`,
      kobo: sql<number>`coalesce(sum(${sales.totalKobo}), 0)::bigint`,
    })
    .from(sales)
    .innerJoin(adminUsers, eq(adminUsers.id, sales.createdBy))
    .where(mine);
  const [products] = await db
    .select({
      quantity: sql<number>`coalesce(sum(${saleLines.quantity}), 0)::int`,
      kobo: sql<number>`coalesce(sum(${saleLines.lineTotalKobo}), 0)::bigint`,
    })
    .from(saleLines)
    .innerJoin(sales, eq(sales.id, saleLines.saleId))
    .innerJoin(adminUsers, eq(adminUsers.id, sales.createdBy))
    .where(and(mine, eq(saleLines.itemType, "product")));
  const [tips] = await db
    .select({ kobo: sql<number>`coalesce(sum(${salePayments.tipKobo}), 0)::bigint` })
    .from(salePayments)
    .innerJoin(sales, eq(sales.id, salePayments.saleId))
    .innerJoin(adminUsers, eq(adminUsers.id, sales.createdBy))
    .where(mine);
  return {
    count: Number(totals?.count ?? 0),
    kobo: Number(totals?.kobo ?? 0),
    productQuantity: Number(products?.quantity ?? 0),
    productKobo: Number(products?.kobo ?? 0),
    tipsKobo: Number(tips?.kobo ?? 0),
  };
}

// ---------------------------------------------------------------------------------------------
// Pay runs

type PayRunRow = typeof payRuns.$inferSelect & { firstName: string; lastName: string };

function toPayRun(r: PayRunRow): PayRun {
  return {
    id: r.id,
    staffId: r.staffId,
    staffName: fullName(r),
    payPeriodStart: String(r.payPeriodStart),
    payPeriodEnd: String(r.payPeriodEnd),
    regularHours: Number(r.regularHours),
    overtimeHours: Number(r.overtimeHours),
    regularPay: koboToNaira(r.regularPayKobo),
    overtimePay: koboToNaira(r.overtimePayKobo),
    commissionEarned: koboToNaira(r.commissionKobo),
    tips: koboToNaira(r.tipsKobo),
    deductions: koboToNaira(r.deductionsKobo),
    grossPay: koboToNaira(r.grossPayKobo),
    netPay: koboToNaira(r.netPayKobo),
    status: r.status,
    paidAt: r.paidAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

const payRunSelect = (db: Db | Tx) =>
  db
    .select({
      id: payRuns.id,
      staffId: payRuns.staffId,
      payPeriodStart: payRuns.payPeriodStart,
      payPeriodEnd: payRuns.payPeriodEnd,
      regularHours: payRuns.regularHours,
      overtimeHours: payRuns.overtimeHours,
      regularPayKobo: payRuns.regularPayKobo,
      overtimePayKobo: payRuns.overtimePayKobo,
      commissionKobo: payRuns.commissionKobo,
      tipsKobo: payRuns.tipsKobo,
      deductionsKobo: payRuns.deductionsKobo,
      grossPayKobo: payRuns.grossPayKobo,
      netPayKobo: payRuns.netPayKobo,
      status: payRuns.status,
      paidAt: payRuns.paidAt,
      createdAt: payRuns.createdAt,
      firstName: staff.firstName,
      lastName: staff.lastName,
    })
    .from(payRuns)
    .innerJoin(staff, eq(staff.id, payRuns.staffId));

/** The latest pay runs (of one member or everyone), newest first; default the spec's 10. */
export async function listPayRuns(
  db: Db,
  options: { staffId?: number; limit?: number } = {},
): Promise<PayRun[]> {
  const rows = await payRunSelect(db)
    .where(options.staffId === undefined ? undefined : eq(payRuns.staffId, options.staffId))
    .orderBy(desc(payRuns.createdAt), desc(payRuns.id))
    .limit(options.limit ?? PAY_RUNS_SHOWN);
  return rows.map(toPayRun);
}

/** One pay run, or null. */
export async function getPayRun(db: Db | Tx, id: number): Promise<PayRun | null> {
  const [row] = await payRunSelect(db).where(eq(payRuns.id, id));
  return row ? toPayRun(row) : null;
}

/** The four cards of Pay & Commissions over every pay run: net payroll, hours, counts. */
export async function payRunSummary(db: Db): Promise<PayRunSummary> {
  const [row] = await db
    .select({
      net: sql<number>`coalesce(sum(${payRuns.netPayKobo}), 0)::bigint`,
      hours: sql<string>`coalesce(sum(${payRuns.regularHours} + ${payRuns.overtimeHours}), 0)`,
      pending: sql<number>`count(*) filter (where ${payRuns.status} = 'pending')::int`,
      paid: sql<number>`count(*) filter (where ${payRuns.status} = 'paid')::int`,
    })
    .from(payRuns);
  return {
    totalPayroll: koboToNaira(Number(row?.net ?? 0)),
    totalHours: Math.round(Number(row?.hours ?? 0) * 100) / 100,
    pendingCount: Number(row?.pending ?? 0),
    paidCount: Number(row?.paid ?? 0),
  };
}

/** [from, to) instants of Lagos dates `start` to `end` inclusive; null for an impossible date. */
function periodRange(start: string, end: string): { from: Date; to: Date } | null {
  const from = lagosDayStart(start);
  const last = lagosDayStart(end);
  if (!from || !last) return null;
  return { from, to: new Date(last.getTime() + DAY_MS) };
}

/**
 * Creates a pending pay run for a member and a period (Lagos dates, inclusive), computed from
 * their closed time entries that began in it (unpaid breaks deducted; overtime beyond 40 hours
 * in a Sunday-first week at 1.5×), commission at their rate on completed appointments and
 * product lines they sold, tips from their POS sales, and `deductions` (naira).
 * @throws HttpError 400 (bad period, deductions above gross), 404 (no member), 409 (the member
 * already has a pay run touching the period).
 */
export async function createPayRun(
  db: Db,
  admin: AdminIdentity,
  input: z.output<typeof payRunInputSchema>,
): Promise<PayRun> {
  const range = periodRange(input.payPeriodStart, input.payPeriodEnd);
  if (!range) {
    throw new HttpError(400, STAFF_MESSAGES.periodStart, {
      payPeriodStart: STAFF_MESSAGES.periodStart,
    });
  }
  if ((range.to.getTime() - range.from.getTime()) / DAY_MS > MAX_PAY_PERIOD_DAYS) {
    throw new HttpError(400, STAFF_MESSAGES.periodLength, {
      payPeriodEnd: STAFF_MESSAGES.periodLength,
    });
  }
  const id = await db.transaction(async (tx) => {
    const [member] = await tx.select().from(staff).where(eq(staff.id, input.staffId)).for("update");
    if (!member)
      throw new HttpError(404, STAFF_MESSAGES.notFound, { staffId: STAFF_MESSAGES.notFound });
    const [overlap] = await tx
      .select({ id: payRuns.id })
      .from(payRuns)
      .where(
        and(
          eq(payRuns.staffId, member.id),
          lte(payRuns.payPeriodStart, input.payPeriodEnd),
          gte(payRuns.payPeriodEnd, input.payPeriodStart),
        ),
      )
      .limit(1);
    if (overlap) {
      const message = `${fullName(member)} ${STAFF_MESSAGES.periodOverlap}`;
      throw new HttpError(409, message, { payPeriodStart: message });
    }
    const entries = await workedEntries(tx, [member.id], range.from, range.to);
    const services = await completedServices(tx, member.id, range.from, range.to);
    const sold = await memberSales(tx, member.id, range.from, range.to);
    const pay = computePay({
      entries,
      hourlyRateKobo: member.hourlyRateKobo,
      commissionRateBp: member.commissionRateBp,
      commissionBaseKobo: services.kobo + sold.productKobo,
      tipsKobo: sold.tipsKobo,
      deductionsKobo: nairaToKobo(input.deductions),
    });
    const [row] = await tx
      .insert(payRuns)
      .values({
        staffId: member.id,
        payPeriodStart: input.payPeriodStart,
        payPeriodEnd: input.payPeriodEnd,
        regularHours: minutesToHours(pay.regularMinutes),
        overtimeHours: minutesToHours(pay.overtimeMinutes),
        regularPayKobo: pay.regularPayKobo,
        overtimePayKobo: pay.overtimePayKobo,
        commissionKobo: pay.commissionKobo,
        tipsKobo: pay.tipsKobo,
        deductionsKobo: pay.deductionsKobo,
        grossPayKobo: pay.grossPayKobo,
        netPayKobo: pay.netPayKobo,
        status: "pending",
      })
      .returning({ id: payRuns.id });
    if (!row) throw new Error("insert returned no row");
    await recordAudit(tx, admin, {
      action: "pay-run.create",
      entity: "pay_run",
      entityId: row.id,
      details: {
        staffId: member.id,
        period: [input.payPeriodStart, input.payPeriodEnd],
        netPayKobo: pay.netPayKobo,
      },
    });
    return row.id;
  });
  return (await getPayRun(db, id)) as PayRun;
}

/**
 * Approves a pending pay run: status paid, paid now.
 * @throws HttpError 404 (no pay run), 409 (already paid).
 */
export async function approvePayRun(
  db: Db,
  admin: AdminIdentity,
  id: number,
  now = new Date(),
): Promise<PayRun> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(payRuns).where(eq(payRuns.id, id)).for("update");
    if (!row) throw new HttpError(404, STAFF_MESSAGES.payRunNotFound);
    if (row.status === "paid") throw new HttpError(409, STAFF_MESSAGES.alreadyPaid);
    await tx.update(payRuns).set({ status: "paid", paidAt: now }).where(eq(payRuns.id, id));
    await recordAudit(tx, admin, {
      action: "pay-run.approve",
      entity: "pay_run",
      entityId: id,
      details: { staffId: row.staffId, netPayKobo: row.netPayKobo },
    });
  });
  return (await getPayRun(db, id)) as PayRun;
}

// ---------------------------------------------------------------------------------------------
// Figures

/** Start of the Lagos month of `now` and of the next one. */
function lagosMonth(now: Date): { from: Date; to: Date } {
  const [y, m] = lagosDate(now).split("-").map(Number) as [number, number];
  const from = lagosDayStart(`${y}-${String(m).padStart(2, "0")}-01`) as Date;
  const ny = m === 12 ? y + 1 : y;
  const nm = m === 12 ? 1 : m + 1;
  const to = lagosDayStart(`${ny}-${String(nm).padStart(2, "0")}-01`) as Date;
  return { from, to };
}

/** Start of the Sunday-first Lagos week of `now`. */
function lagosSundayWeekStart(now: Date): Date {
  const today = lagosDayStart(lagosDate(now)) as Date;
  const weekday = new Date(today.getTime() + LAGOS_UTC_OFFSET_MS).getUTCDay();
  return new Date(today.getTime() - weekday * DAY_MS);
}

/** A member's Overview and Pay figures (staff detail) as of `now`. */
export async function staffOverview(
  db: Db,
  viewer: AdminIdentity,
  staffId: number,
  now = new Date(),
): Promise<StaffOverview> {
  const month = lagosMonth(now);
  const week = lagosSundayWeekStart(now);
  const [services, sold, monthEntries, allEntries, pay] = await Promise.all([
    completedServices(db, staffId, month.from, month.to),
    memberSales(db, staffId, month.from, month.to),
    workedEntries(db, [staffId], month.from, month.to),
    workedEntries(db, [staffId], new Date(0), new Date(now.getTime() + DAY_MS)),
    db
      .select({ net: sql<number>`coalesce(sum(${payRuns.netPayKobo}), 0)::bigint` })
      .from(payRuns)
      .where(eq(payRuns.staffId, staffId)),
  ]);
  return {
    appointmentsThisMonth: services.count,
    servicesSold: services.count,
    productsSold: sold.productQuantity,
    salesThisMonth: koboToNaira(sold.kobo),
    hoursThisMonth: sumHours(monthEntries),
    hoursThisWeek: sumHours(allEntries.filter((e) => e.clockIn.getTime() >= week.getTime())),
    totalHours: sumHours(allEntries),
    totalPay: seesPay(viewer) ? koboToNaira(Number(pay[0]?.net ?? 0)) : null,
  };
}

/**
 * GET /api/staff/analytics: over the last ANALYTICS_DAYS Lagos days up to `now` — active staff,
 * their clocked hours (closed entries), average hours per member per week, attendance (clocked
 * over scheduled hours of active staff, today's schedule counted up to now, at most 100%), and
 * per department the active members and their summed hourly rates (naira).
 */
export async function staffAnalytics(db: Db, now = new Date()): Promise<StaffAnalytics> {
  const today = lagosDate(now);
  const todayStart = lagosDayStart(today) as Date;
  const from = new Date(todayStart.getTime() - (ANALYTICS_DAYS - 1) * DAY_MS);
  const active = await db.select().from(staff).where(eq(staff.status, "active"));
  const ids = active.map((m) => m.id);
  const entries = ids.length ? await workedEntries(db, ids, from, now) : [];
  const schedules = ids.length
    ? await db.select().from(staffSchedules).where(inArray(staffSchedules.staffId, ids))
    : [];
  const totalMinutes = entries.reduce((sum, e) => sum + workedMinutes(e), 0);
  let scheduledMinutes = 0;
  for (let i = 0; i < ANALYTICS_DAYS; i++) {
    const dayStart = new Date(from.getTime() + i * DAY_MS);
    const date = lagosDate(dayStart);
    const weekday = new Date(dayStart.getTime() + LAGOS_UTC_OFFSET_MS).getUTCDay();
    for (const s of schedules) {
      if (s.dayOfWeek !== weekday) continue;
      const member = active.find((m) => m.id === s.staffId);
      if (!member || String(member.startDate) > date) continue;
      const start = dayStart.getTime() + clockMinutes(String(s.startTime)) * 60_000;
      const end = Math.min(
        dayStart.getTime() + clockMinutes(String(s.endTime)) * 60_000,
        now.getTime(),
      );
      if (end > start) scheduledMinutes += (end - start) / 60_000;
    }
  }
  const totalHours = minutesToHours(totalMinutes);
  const weeks = ANALYTICS_DAYS / 7;
  return {
    from: lagosDate(from),
    to: today,
    activeStaff: active.length,
    totalHours,
    avgHoursPerWeek:
      active.length === 0 ? 0 : Math.round((totalHours / weeks / active.length) * 100) / 100,
    attendanceRate:
      scheduledMinutes === 0
        ? 0
        : Math.min(100, Math.round((totalMinutes / scheduledMinutes) * 1000) / 10),
    departments: STAFF_DEPARTMENTS.map((department) => {
      const members = active.filter((m) => m.department === department);
      return {
        department,
        members: members.length,
        hourlyCost: koboToNaira(members.reduce((sum, m) => sum + m.hourlyRateKobo, 0)),
      };
    }),
  };
}

/**
 * Top team member figures for the dashboard (admin spec §2, made real): per active or inactive
 * member, in the staff list's order (by id), completed appointments and their value (naira), and
 * completed POS sales rung up by them (naira), in [from, to); members without any get zeros.
 */
export async function teamFigures(db: Db, from: Date, to: Date) {
  const members = await db
    .select({ id: staff.id, firstName: staff.firstName, lastName: staff.lastName })
    .from(staff)
    .where(inArray(staff.status, ["active", "inactive"]))
    .orderBy(staff.id);
  return Promise.all(
    members.map(async (m) => {
      const [services, sold] = await Promise.all([
        completedServices(db, m.id, from, to),
        memberSales(db, m.id, from, to),
      ]);
      return {
        name: fullName(m),
        appointments: services.count,
        appointmentsValue: koboToNaira(services.kobo),
        sales: koboToNaira(sold.kobo),
      };
    }),
  );
}
