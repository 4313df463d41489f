/**
 * The calendar screen's URL state and pure layout rules (admin spec §2 "Calendar", §9): which
 * view, which Lagos date, which member; the days a view shows; where a block sits in a day column.
 * Everything is Lagos time, whatever the browser's zone.
 */
import { type Appointment, type BlockedTime, gridPositionOfMinutes } from "#common/calendar.ts";
import {
  formatLagosShortDate,
  lagosDate,
  lagosDayLabels,
  lagosDayStart,
  lagosWeek,
  shiftLagosDate,
} from "#common/lagos-time.ts";

export type CalendarView = "week" | "day";

export type CalendarParams = {
  /** null: none in the URL (the client picks day on narrow screens, week otherwise). */
  view: CalendarView | null;
  /** 'YYYY-MM-DD' Lagos. */
  date: string;
  staffId: number | null;
};

/** Reads `?view=week|day&date=YYYY-MM-DD&staff=` with today (Lagos) as the default date. */
export function parseCalendarParams(
  search: URLSearchParams,
  now: Date = new Date(),
): CalendarParams {
  const view = search.get("view");
  const date = search.get("date") ?? "";
  const staff = search.get("staff") ?? "";
  return {
    view: view === "week" || view === "day" ? view : null,
    date: lagosDayStart(date) ? date : lagosDate(now),
    staffId: /^[1-9]\d{0,9}$/.test(staff) ? Number(staff) : null,
  };
}

/** The seven Lagos dates (Monday first) of the week holding `date`. */
export function weekDays(date: string): string[] {
  const { monday } = lagosWeek(lagosDayStart(date) ?? new Date());
  return Array.from({ length: 7 }, (_, i) => shiftLagosDate(monday, i));
}

/** `date` moved by `days` Lagos days. */
export function shiftDate(date: string, days: number): string {
  return shiftLagosDate(lagosDayStart(date) ? date : lagosDate(new Date()), days);
}

/** 'Mon 23' and 'Monday, 23 November 2026' of a Lagos date. */
export function dayLabels(date: string): { short: string; long: string } {
  return lagosDayLabels(lagosDayStart(date) ? date : lagosDate(new Date()));
}

/** The heading of a view: 'Week of 23 Nov 2026' or 'Monday, 23 November 2026'. */
export function rangeTitle(view: CalendarView, date: string): string {
  if (view === "day") return dayLabels(date).long;
  const days = weekDays(date);
  return `${formatLagosShortDate(days[0] as string)} – ${formatLagosShortDate(days[6] as string, true)}`;
}

/** A Lagos day's [start, end) instants in ms since the epoch. */
export type DayBounds = { date: string; start: number; end: number };

/** The bounds of each Lagos date ('YYYY-MM-DD'); an unreal date gets an empty span. */
export function dayBounds(date: string): DayBounds {
  const start = lagosDayStart(date)?.getTime() ?? 0;
  const end = lagosDayStart(shiftDate(date, 1))?.getTime() ?? start + 86_400_000;
  return { date, start, end };
}

/**
 * The part of [start, end) (ms) inside `day`, positioned on its column; null if none. Minutes
 * after midnight are counted from the day's start, which holds because Lagos keeps no daylight
 * saving time (common/lagos-time.ts).
 */
export function placeInDay(
  day: DayBounds,
  start: number,
  end: number,
): { top: number; height: number } | null {
  const from = Math.max(start, day.start);
  const to = Math.min(end, day.end);
  if (to <= from) return null;
  const pos = gridPositionOfMinutes((from - day.start) / 60_000, (to - from) / 60_000);
  return pos.height > 0 ? pos : null;
}

/** The part of [start, end) inside Lagos day `date`, positioned on its column; null if none. */
export function placeOnDay(
  date: string,
  start: Date,
  end: Date,
): { top: number; height: number } | null {
  return placeInDay(dayBounds(date), start.getTime(), end.getTime());
}

/** One day column's content: how many appointments start that day, and what it shows. */
export type DayLayout = {
  count: number;
  appointments: Array<{
    appointment: Appointment;
    top: number;
    height: number;
    lane: number;
    lanes: number;
  }>;
  blocks: Array<{ block: BlockedTime; top: number; height: number }>;
  /** Where a group has more than `maxLanes` side by side: the ones not drawn, behind '+N more'. */
  more: Array<{ top: number; height: number; lane: number; lanes: number; hidden: Appointment[] }>;
};

/**
 * Most blocks drawn side by side in one column: beyond this a block is too narrow to read, so
 * the last lane shows '+N more' instead (as Google Calendar and Fresha do).
 */
export const MAX_LANES = { week: 4, day: 8 } as const;

/** Keeps at most `maxLanes` lanes per group: the last one becomes the group's '+N more'. */
function capLanes(
  placed: ReturnType<
    typeof assignLanes<{
      appointment: Appointment;
      top: number;
      height: number;
      start: number;
      end: number;
    }>
  >,
  maxLanes: number,
): Pick<DayLayout, "appointments" | "more"> {
  const shown: DayLayout["appointments"] = [];
  const groups = new Map<number, Array<(typeof placed)[number]>>();
  for (const p of placed) {
    if (p.lanes <= maxLanes) shown.push(p);
    else groups.set(p.group, [...(groups.get(p.group) ?? []), p]);
  }
  const more: DayLayout["more"] = [];
  for (const members of groups.values()) {
    const hidden = members.filter((p) => p.lane >= maxLanes - 1);
    for (const p of members) if (p.lane < maxLanes - 1) shown.push({ ...p, lanes: maxLanes });
    const top = Math.min(...members.map((p) => p.top));
    const bottom = Math.max(...members.map((p) => p.top + p.height));
    more.push({
      top,
      height: bottom - top,
      lane: maxLanes - 1,
      lanes: maxLanes,
      hidden: hidden.sort((a, b) => a.top - b.top).map((p) => p.appointment),
    });
  }
  return { appointments: shown, more };
}

/**
 * Lays out every day of `days` in one pass over the lists (a week of 2,000 appointments renders
 * without re-scanning them per column or converting time zones per block): per day the count of
 * appointments starting in it (the header), the appointments placed and side by side (at most
 * `maxLanes` lanes, the rest behind '+N more'), and the blocked times.
 */
export function layoutDays(
  days: readonly string[],
  appointments: readonly Appointment[],
  blockedTimes: readonly BlockedTime[],
  maxLanes: number = Number.POSITIVE_INFINITY,
): Map<string, DayLayout> {
  const bounds = days.map(dayBounds);
  const spans = new Map(
    bounds.map((d) => [
      d.date,
      {
        count: 0,
        items: [] as Array<{
          appointment: Appointment;
          top: number;
          height: number;
          start: number;
          end: number;
        }>,
        blocks: [] as DayLayout["blocks"],
      },
    ]),
  );
  for (const a of appointments) {
    const start = Date.parse(a.appointmentDate);
    const end = Date.parse(a.endTime);
    for (const day of bounds) {
      const span = spans.get(day.date);
      if (!span) continue;
      if (start >= day.start && start < day.end) span.count += 1;
      const pos = placeInDay(day, start, end);
      if (pos)
        span.items.push({ appointment: a, ...pos, start: pos.top, end: pos.top + pos.height });
    }
  }
  for (const b of blockedTimes) {
    const start = Date.parse(b.startTime);
    const end = Date.parse(b.endTime);
    for (const day of bounds) {
      const pos = placeInDay(day, start, end);
      if (pos) spans.get(day.date)?.blocks.push({ block: b, ...pos });
    }
  }
  return new Map(
    [...spans].map(([date, span]) => [
      date,
      { count: span.count, blocks: span.blocks, ...capLanes(assignLanes(span.items), maxLanes) },
    ]),
  );
}

/**
 * Side-by-side lanes for overlapping items of one column: each item's lane, the lane count of
 * the group of items it overlaps with (so blocks never cover each other) and that group's index.
 */
export function assignLanes<T extends { start: number; end: number }>(
  items: readonly T[],
): Array<T & { lane: number; lanes: number; group: number }> {
  const sorted = [...items].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Array<T & { lane: number; lanes: number; group: number }> = [];
  let group: Array<T & { lane: number; lanes: number; group: number }> = [];
  let groupIndex = 0;
  let groupEnd = -Infinity;
  const close = () => {
    const lanes = Math.max(1, ...group.map((g) => g.lane + 1));
    for (const g of group) g.lanes = lanes;
    group = [];
    groupIndex += 1;
  };
  for (const item of sorted) {
    if (item.start >= groupEnd && group.length > 0) close();
    const laneEnds: number[] = [];
    for (const g of group) laneEnds[g.lane] = Math.max(laneEnds[g.lane] ?? -Infinity, g.end);
    let lane = laneEnds.findIndex((e) => e <= item.start);
    if (lane === -1) lane = laneEnds.length;
    const placed = { ...item, lane, lanes: 1, group: groupIndex };
    group.push(placed);
    out.push(placed);
    groupEnd = Math.max(groupEnd, item.end);
  }
  close();
  return out;
}

/** Tailwind classes of an appointment block by status (admin spec §4 statuses). */
export const STATUS_STYLES: Record<string, { block: string; label: string }> = {
  scheduled: { block: "border-blue-600 bg-blue-50 text-blue-950", label: "Scheduled" },
  confirmed: { block: "border-emerald-600 bg-emerald-50 text-emerald-950", label: "Confirmed" },
  completed: { block: "border-gray-500 bg-gray-100 text-gray-900", label: "Completed" },
  cancelled: { block: "border-red-600 bg-red-50 text-red-950 line-through", label: "Cancelled" },
  "no-show": { block: "border-orange-600 bg-orange-50 text-orange-950", label: "No Show" },
  pending: { block: "border-amber-500 bg-amber-50 text-amber-950 border-dashed", label: "Pending" },
};

export function statusStyle(status: string): { block: string; label: string } {
  return STATUS_STYLES[status] ?? (STATUS_STYLES.scheduled as { block: string; label: string });
}
