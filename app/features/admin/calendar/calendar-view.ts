/**
 * The calendar screen's URL state and pure layout rules (admin spec §2 "Calendar", §9): which
 * view, which Lagos date, which member; the days a view shows; where a block sits in a day column.
 * Everything is Lagos time, whatever the browser's zone.
 */
import { TZDate } from "@date-fns/tz";
import { addDays, format } from "date-fns";
import { lagosDate } from "#common/booking.ts";
import { BUSINESS_TIME_ZONE } from "#common/business.ts";
import { gridPosition, lagosDayStart, lagosWeek } from "#common/calendar.ts";

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
  const start = lagosDayStart(date) ?? new Date();
  const monday = new TZDate(lagosWeek(start).from, BUSINESS_TIME_ZONE);
  return Array.from({ length: 7 }, (_, i) => format(addDays(monday, i), "yyyy-MM-dd"));
}

/** `date` moved by `days` Lagos days. */
export function shiftDate(date: string, days: number): string {
  const start = lagosDayStart(date) ?? new Date();
  return format(addDays(new TZDate(start, BUSINESS_TIME_ZONE), days), "yyyy-MM-dd");
}

/** 'Mon 23' and 'Monday, 23 November 2026' of a Lagos date. */
export function dayLabels(date: string): { short: string; long: string } {
  const local = new TZDate(lagosDayStart(date) ?? new Date(), BUSINESS_TIME_ZONE);
  return { short: format(local, "EEE d"), long: format(local, "EEEE, d MMMM yyyy") };
}

/** The heading of a view: 'Week of 23 Nov 2026' or 'Monday, 23 November 2026'. */
export function rangeTitle(view: CalendarView, date: string): string {
  if (view === "day") return dayLabels(date).long;
  const days = weekDays(date);
  const first = new TZDate(lagosDayStart(days[0] as string) as Date, BUSINESS_TIME_ZONE);
  const last = new TZDate(lagosDayStart(days[6] as string) as Date, BUSINESS_TIME_ZONE);
  return `${format(first, "d MMM")} – ${format(last, "d MMM yyyy")}`;
}

/** The part of [start, end) inside Lagos day `date`, positioned on its column; null if none. */
export function placeOnDay(
  date: string,
  start: Date,
  end: Date,
): { top: number; height: number } | null {
  const dayStart = lagosDayStart(date);
  if (!dayStart) return null;
  const dayEnd = lagosDayStart(shiftDate(date, 1)) ?? new Date(dayStart.getTime() + 86_400_000);
  const from = start > dayStart ? start : dayStart;
  const to = end < dayEnd ? end : dayEnd;
  if (to <= from) return null;
  const pos = gridPosition(from, to);
  return pos.height > 0 ? pos : null;
}

/**
 * Side-by-side lanes for overlapping items of one column: each item's lane and the lane count
 * of the group of items it overlaps with, so blocks never cover each other.
 */
export function assignLanes<T extends { start: number; end: number }>(
  items: readonly T[],
): Array<T & { lane: number; lanes: number }> {
  const sorted = [...items].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Array<T & { lane: number; lanes: number }> = [];
  let group: Array<T & { lane: number; lanes: number }> = [];
  let groupEnd = -Infinity;
  const close = () => {
    const lanes = Math.max(1, ...group.map((g) => g.lane + 1));
    for (const g of group) g.lanes = lanes;
    group = [];
  };
  for (const item of sorted) {
    if (item.start >= groupEnd && group.length > 0) close();
    const laneEnds: number[] = [];
    for (const g of group) laneEnds[g.lane] = Math.max(laneEnds[g.lane] ?? -Infinity, g.end);
    let lane = laneEnds.findIndex((e) => e <= item.start);
    if (lane === -1) lane = laneEnds.length;
    const placed = { ...item, lane, lanes: 1 };
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
