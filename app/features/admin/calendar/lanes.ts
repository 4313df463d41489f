/**
 * The grid's columns ("lanes") and what a drag on them means (issue 28 item 10). Week view: one
 * lane per day, as before. Day view: one lane per working therapist (a schedule that weekday, or
 * an appointment or own block that day) and an "Unassigned" lane when any appointment that day
 * has no therapist. A drag moves by 15-minute steps; across day lanes it changes the therapist,
 * across week lanes the date. Everything is Lagos time.
 */
import {
  APPOINTMENT_STEP_MINUTES,
  type Appointment,
  type BlockedTime,
  type CalendarStaff,
  SLOT_HEIGHT_PX,
} from "#common/calendar.ts";
import {
  CALENDAR_FIRST_SLOT_MINUTES,
  CALENDAR_LAST_SLOT_MINUTES,
  CALENDAR_SLOT_MINUTES,
  formatLagosWallTime,
  lagosDayStart,
  lagosInstant,
  lagosMinutes,
  lagosWeekday,
} from "#common/lagos-time.ts";
import { dayBounds } from "./calendar-view.ts";

/**
 * One column of the grid. `staffId`: the therapist a drop here assigns (null: Unassigned;
 * undefined: the lane names none, so a drop keeps the appointment's). `shadowBlocks` are all-staff
 * blocks drawn again in the second and later member lanes (the first lane holds their button).
 */
export type Lane = {
  key: string;
  date: string;
  label: string | null;
  staffId: number | null | undefined;
  appointments: Appointment[];
  blocks: BlockedTime[];
  shadowBlocks: BlockedTime[];
};

/** Pixels of one 15-minute drag step (the grid draws 48 px per 30 minutes). */
export const STEP_PX = (SLOT_HEIGHT_PX * APPOINTMENT_STEP_MINUTES) / CALENDAR_SLOT_MINUTES;

const overlapsDay = (day: { start: number; end: number }, start: string, end: string) =>
  Date.parse(start) < day.end && Date.parse(end) > day.start;

/**
 * The day view's lanes for Lagos `date`. With `staffFilter` (one member chosen) a single lane of
 * that member. Otherwise "Unassigned" first when needed, then the members in `staff` order who
 * work that weekday or have something that day, then anyone else an appointment names (e.g. an
 * archived member). No lane at all gives one lane that names no member.
 */
export function dayLanes(
  date: string,
  staff: readonly CalendarStaff[],
  appointments: Appointment[],
  blocks: BlockedTime[],
  staffFilter: number | null,
): Lane[] {
  const base = { date, shadowBlocks: [] as BlockedTime[] };
  const day = dayBounds(date);
  const todays = appointments.filter((a) => overlapsDay(day, a.appointmentDate, a.endTime));
  const todaysBlocks = blocks.filter((b) => overlapsDay(day, b.startTime, b.endTime));
  if (staffFilter !== null) {
    const member = staff.find((s) => s.id === staffFilter);
    return [
      { ...base, key: `staff-${staffFilter}`, label: member?.name ?? null, staffId: staffFilter },
    ].map((l) => ({ ...l, appointments: todays, blocks: todaysBlocks }));
  }
  const weekday = lagosWeekday(lagosDayStart(date) ?? new Date());
  const busy = new Set<number>();
  for (const a of todays) if (a.staffId !== null) busy.add(a.staffId);
  for (const b of todaysBlocks) if (b.staffId !== null) busy.add(b.staffId);
  const members: Array<{ id: number; name: string }> = staff.filter(
    (s) => busy.has(s.id) || (s.workDays ?? []).includes(weekday),
  );
  for (const a of todays) {
    if (a.staffId !== null && !members.some((m) => m.id === a.staffId)) {
      members.push({ id: a.staffId, name: a.staffName ?? `Staff #${a.staffId}` });
    }
  }
  const allStaffBlocks = todaysBlocks.filter((b) => b.staffId === null);
  const lanes: Lane[] = members.map((m, i) => ({
    ...base,
    key: `staff-${m.id}`,
    label: m.name,
    staffId: m.id,
    appointments: todays.filter((a) => a.staffId === m.id),
    blocks: [...(i === 0 ? allStaffBlocks : []), ...todaysBlocks.filter((b) => b.staffId === m.id)],
    shadowBlocks: i === 0 ? [] : allStaffBlocks,
  }));
  const loose = todays.filter((a) => a.staffId === null);
  if (loose.length > 0 || lanes.length === 0) {
    lanes.unshift({
      ...base,
      key: "unassigned",
      label: lanes.length === 0 && loose.length === 0 ? null : "Unassigned",
      staffId: lanes.length === 0 && loose.length === 0 ? undefined : null,
      appointments: loose,
      blocks: lanes.length === 0 ? todaysBlocks : [],
      shadowBlocks: lanes.length === 0 ? [] : allStaffBlocks,
    });
  }
  return lanes;
}

/** The change a drag asks for, as PATCH /api/appointments/{id} takes it. */
export type DropPatch = { appointmentDate?: string; duration?: number; staffId?: number | null };

/**
 * What dropping `a` asks for: moved `steps` 15-minute steps (negative: earlier) onto `lane`, or
 * its bottom edge resized by `steps`. The start stays on the grid (08:00 up to 19:45) and a
 * resize keeps at least 15 minutes. Null when nothing would change.
 */
export function dropPatch(
  a: Appointment,
  mode: "move" | "resize",
  steps: number,
  lane: Pick<Lane, "date" | "staffId">,
): DropPatch | null {
  const start = new Date(a.appointmentDate);
  if (mode === "resize") {
    const duration = Math.max(
      APPOINTMENT_STEP_MINUTES,
      a.duration + steps * APPOINTMENT_STEP_MINUTES,
    );
    return duration === a.duration ? null : { duration };
  }
  const last = CALENDAR_LAST_SLOT_MINUTES + CALENDAR_SLOT_MINUTES - APPOINTMENT_STEP_MINUTES;
  const minutes = Math.min(
    last,
    Math.max(CALENDAR_FIRST_SLOT_MINUTES, lagosMinutes(start) + steps * APPOINTMENT_STEP_MINUTES),
  );
  const patch: DropPatch = {};
  const wall = formatLagosWallTime(lagosInstant(lane.date, minutes));
  if (wall !== formatLagosWallTime(start)) patch.appointmentDate = wall;
  if (lane.staffId !== undefined && lane.staffId !== a.staffId) patch.staffId = lane.staffId;
  return Object.keys(patch).length > 0 ? patch : null;
}

/** Whole 15-minute steps of a vertical pointer movement of `dy` pixels. */
export function stepsOf(dy: number): number {
  return Math.round(dy / STEP_PX);
}
