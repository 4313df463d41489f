/**
 * Weekly staff schedules (admin spec §2 "Schedules", §7 GET /api/staff-schedules, PUT
 * /api/staff/{id}/schedules; issue 13): one row per worked weekday (0 Sunday), times as Lagos
 * wall-clock 'HH:MM'. A change replaces the whole week and writes an audit row in its
 * transaction.
 */
import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { AdminIdentity } from "#common/auth.ts";
import type { StaffSchedule, weekScheduleSchema } from "#common/staff.ts";
import type { Db } from "#server/db/client.ts";
import { staffSchedules } from "#server/db/schema/staff.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import { findStaff } from "./members.ts";

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
