/**
 * The calendar screen's reads (common/calendar.ts `CalendarPages`): the same service functions
 * the API's GET /api/appointments and GET /api/blocked-time call, the active staff for the
 * filter (with the weekdays each works: the day view's columns, issue 28 item 10) and the
 * catalogue's services (minutes) for the New Booking form.
 */
import { asc, ne } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import type { CalendarPages } from "#common/calendar.ts";
import { durationMinutes } from "#common/catalog.ts";
import { reachOf } from "#common/roles.ts";
import type { Db } from "#server/db/client.ts";
import { staff, staffSchedules } from "#server/db/schema/staff.ts";
import { listServices } from "#server/modules/catalog/service.ts";
import { listBlockedTimes } from "./blocks.ts";
import { cachedAppointments } from "./queries.ts";

/** Each member's Lagos weekdays (0 Sunday … 6 Saturday) with a schedule, ascending. */
async function workDaysByMember(db: Db): Promise<Map<number, number[]>> {
  const rows = await db
    .selectDistinct({ staffId: staffSchedules.staffId, dayOfWeek: staffSchedules.dayOfWeek })
    .from(staffSchedules)
    .orderBy(asc(staffSchedules.staffId), asc(staffSchedules.dayOfWeek));
  const days = new Map<number, number[]>();
  for (const r of rows) days.set(r.staffId, [...(days.get(r.staffId) ?? []), r.dayOfWeek]);
  return days;
}

export function calendarPages(db: Db): CalendarPages {
  return {
    appointments: async (query) => (await cachedAppointments(db, query)).value,
    blockedTimes: (query) => listBlockedTimes(db, query),
    staff: async () => {
      const rows = await db
        .select({
          id: staff.id,
          firstName: staff.firstName,
          lastName: staff.lastName,
          calendarColor: staff.calendarColor,
        })
        .from(staff)
        .where(ne(staff.status, "archived"))
        .orderBy(asc(staff.firstName), asc(staff.lastName), asc(staff.id));
      const days = await workDaysByMember(db);
      return rows.map((r) => ({
        id: r.id,
        name: `${r.firstName} ${r.lastName}`.trim(),
        calendarColor: r.calendarColor,
        workDays: days.get(r.id) ?? [],
      }));
    },
    services: async () =>
      (await listServices(db)).map((s) => ({
        id: s.id,
        name: s.name,
        duration: durationMinutes(s.duration),
      })),
  };
}

/**
 * The calendar as `viewer` may see it (issue 13): a therapist sees only their own appointments
 * and blocked times (and all-staff blocks); nobody's without a staff record. Others see all.
 */
export function calendarPagesFor(db: Db, viewer: AdminIdentity): CalendarPages {
  const pages = calendarPages(db);
  if (reachOf(viewer.role, "calendar.viewAll") === "all") return pages;
  const own = viewer.staffId ?? null;
  return {
    ...pages,
    appointments: async (query) =>
      own === null ? [] : pages.appointments({ ...query, staffId: own }),
    blockedTimes: async (query) =>
      own === null ? [] : pages.blockedTimes({ ...query, staffId: own }),
    staff: async () => (await pages.staff()).filter((m) => m.id === own),
  };
}
