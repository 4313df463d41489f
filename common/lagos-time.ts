/**
 * Every Lagos date and time rule of the project, for the browser and the server: the zone, "today",
 * day/week/month bounds, wall-clock parsing and formatting, and the admin calendar's range
 * (ARCHITECTURE.md: "today", opening hours and time slots are Lagos times; admin spec §2, §9).
 *
 * Conventions: an instant is a JavaScript `Date` (UTC inside); a Lagos date is 'YYYY-MM-DD'; a
 * wall-clock time is minutes after Lagos midnight or 'HH:MM' (24-hour). Lagos is UTC+1 all year
 * with no daylight saving (../shared/notes/nigeria.md), but every rule except the plain date
 * arithmetic goes through date-fns with @date-fns/tz's `TZDate` (the engine), so it reads as
 * calendar arithmetic.
 *
 * Bundle note: the engine-free date arithmetic (`lagosDate`, `shiftLagosDate`, `isRealDate`, the
 * offset) is written in ./lagos-date.ts and re-exported here: the storefront's booking form
 * imports it from there, so that its first load carries neither the engine nor an Intl object
 * (docs/decisions/0176-one-home-for-lagos-time.md, 0167-naira-and-lagos-dates-without-intl.md).
 * Nothing at this module's top level builds an Intl object or a TZDate; cached formatters are
 * made on first use.
 */
import { TZDate } from "@date-fns/tz";
// One subpath per function, never the package root: `date-fns`' index loads its 300 modules, and
// Node reads the package's 200 KB package.json for each, 10 s of a start on a loaded machine
// (issue 34: a restart serves within 5 s).
import { addDays } from "date-fns/addDays";
import { addMonths } from "date-fns/addMonths";
import { format } from "date-fns/format";
import { startOfDay } from "date-fns/startOfDay";
import { startOfMonth } from "date-fns/startOfMonth";
import { startOfWeek } from "date-fns/startOfWeek";
import { subMonths } from "date-fns/subMonths";
import { isRealDate, lagosDate, shiftLagosDate } from "./lagos-date.ts";

/** The business time zone (ARCHITECTURE.md): the scheduler's cron patterns are read in it too. */
export const LAGOS_TIME_ZONE = "Africa/Lagos";

// The engine-free part (plain arithmetic) lives in ./lagos-date.ts so that the storefront's first
// load never carries the engine; it is part of this module's API.
export { isRealDate, LAGOS_UTC_OFFSET_MS, lagosDate, shiftLagosDate } from "./lagos-date.ts";

/** The length of a calendar slot, and the admin calendar's range: any half hour from 08:00 to
 * 19:30 Lagos time (admin spec §2 "Calendar", §9). Minutes after Lagos midnight. */
export const CALENDAR_SLOT_MINUTES = 30;
export const CALENDAR_FIRST_SLOT_MINUTES = 8 * 60;
export const CALENDAR_LAST_SLOT_MINUTES = 19 * 60 + 30;

const WALL_RE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/;
const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * An instant as a date-fns date in Lagos: `getHours()`, `getDay()`, `startOfWeek(…)`,
 * `format(…)` on it read Lagos wall time. Use `.getTime()` (or `new Date(x.getTime())`) to
 * hand an instant back to code that expects a plain Date.
 */
export function inLagos(instant: Date | string | number): TZDate {
  return new TZDate(new Date(instant), LAGOS_TIME_ZONE);
}

/** The instant of a Lagos wall-clock date ('YYYY-MM-DD') and `minutes` after its midnight. */
export function lagosInstant(date: string, minutes: number): Date {
  const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
  const t = new TZDate(y, mo - 1, d, Math.floor(minutes / 60), minutes % 60, LAGOS_TIME_ZONE);
  return new Date(t.getTime());
}

/** The instant a Lagos date ('YYYY-MM-DD') begins, or null for no real date. */
export function lagosDayStart(date: string): Date | null {
  return isRealDate(date) ? lagosInstant(date, 0) : null;
}

/** Today in Lagos at `now`, moved back `days` days, as 'YYYY-MM-DD'. */
export function lagosDaysAgo(days: number, now: Date = new Date()): string {
  return shiftLagosDate(lagosDate(now), -days);
}

/** '21 November 2026': a Lagos date in words (the policies' effective date). */
export function formatLagosLongDate(instant: Date): string {
  return format(inLagos(instant), "d MMMM yyyy");
}

/**
 * A Lagos date's bounds as UTC instants, [from, to): midnight to the next midnight in Lagos.
 * Throws RangeError for text that is not a real 'YYYY-MM-DD' (callers validate first).
 */
export function lagosDayRange(date: string): { from: Date; to: Date } {
  const from = lagosDayStart(date);
  if (!from) throw new RangeError(`Not a date: ${date}`);
  return { from, to: new Date(addDays(inLagos(from), 1).getTime()) };
}

/** The instant today began in Lagos at `now`. */
export function lagosStartOfDay(now: Date): Date {
  return new Date(startOfDay(inLagos(now)).getTime());
}

/**
 * The Lagos week (Monday start, admin spec §2 "Calendar") containing `instant`: [from, to) as
 * UTC instants and its first day as 'YYYY-MM-DD'.
 */
export function lagosWeek(instant: Date): { from: Date; to: Date; monday: string } {
  const monday = startOfWeek(inLagos(instant), { weekStartsOn: 1 });
  return {
    from: new Date(monday.getTime()),
    to: new Date(addDays(monday, 7).getTime()),
    monday: format(monday, "yyyy-MM-dd"),
  };
}

/**
 * The Sunday-first Lagos week containing `instant` (the staff screens' weekly hours and the
 * payroll's overtime week, admin spec §3 "Staff"): [from, to) as UTC instants and its Sunday.
 */
export function lagosSundayWeek(instant: Date): { from: Date; to: Date; sunday: string } {
  const sunday = startOfWeek(inLagos(instant), { weekStartsOn: 0 });
  return {
    from: new Date(sunday.getTime()),
    to: new Date(addDays(sunday, 7).getTime()),
    sunday: format(sunday, "yyyy-MM-dd"),
  };
}

/** The Lagos calendar month containing `instant`, [from, to) as UTC instants. */
export function lagosMonth(instant: Date): { from: Date; to: Date } {
  const first = startOfMonth(inLagos(instant));
  return { from: new Date(first.getTime()), to: new Date(addMonths(first, 1).getTime()) };
}

/** The Lagos month before the one containing `instant`, [from, to) as UTC instants. */
export function previousLagosMonth(instant: Date): { from: Date; to: Date } {
  const first = startOfMonth(inLagos(instant));
  return { from: new Date(subMonths(first, 1).getTime()), to: new Date(first.getTime()) };
}

/** The Lagos weekday of an instant: 0 Sunday … 6 Saturday (admin spec §3 "Staff schedule"). */
export function lagosWeekday(instant: Date): number {
  return inLagos(instant).getDay();
}

/** Minutes after Lagos midnight of an instant (seconds dropped). */
export function lagosMinutes(instant: Date): number {
  const local = inLagos(instant);
  return local.getHours() * 60 + local.getMinutes();
}

/**
 * Reads a Lagos wall-clock time: 'YYYY-MM-DD HH:MM' or 'YYYY-MM-DDTHH:MM' (24-hour: the
 * reschedule prompt of admin spec §4 and a datetime-local input) or an ISO 8601 instant with Z or
 * an offset. Returns the UTC instant, or null when the text is neither or names no real time.
 */
export function parseLagosDateTime(text: string): Date | null {
  const value = text.trim();
  const wall = WALL_RE.exec(value);
  if (wall) {
    const [h, mi] = [Number(wall[4]), Number(wall[5])];
    const date = `${wall[1]}-${wall[2]}-${wall[3]}`;
    if (!isRealDate(date) || h > 23 || mi > 59) return null;
    return lagosInstant(date, h * 60 + mi);
  }
  if (ISO_RE.test(value)) {
    const instant = new Date(value);
    return Number.isNaN(instant.getTime()) ? null : instant;
  }
  return null;
}

/** Whether text is an ISO 8601 date-time with Z or an offset (seconds and fraction optional). */
export function isIsoInstant(text: string): boolean {
  return ISO_RE.test(text);
}

/** 'HH:MM' (24-hour) of minutes after midnight. */
export function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** 'HH:MM' or 'HH:MM:SS' as minutes after midnight. */
export function clockMinutes(time: string): number {
  const [h, m] = time.split(":").map(Number) as [number, number];
  return h * 60 + m;
}

/** Minutes after midnight of an 'h:mm AM' label, or null if it is not one. */
export function slotMinutes(label: string): number | null {
  const m = /^(\d{1,2}):(\d{2}) ?(AM|PM)$/i.exec(label.trim());
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  if (hour < 1 || hour > 12 || minute > 59) return null;
  return ((hour % 12) + (m[3]?.toUpperCase() === "PM" ? 12 : 0)) * 60 + minute;
}

/** 'h:mm AM' of an instant in Lagos. */
export function lagosTime(instant: Date): string {
  return format(inLagos(instant), "h:mm a");
}

let clockFormat: Intl.DateTimeFormat | undefined;

/**
 * 'HH:MM' (24-hour) of an instant in Lagos. One cached Intl formatter serves every block of a
 * calendar week (thousands of calls per render): ~50x faster than a TZDate each time.
 */
export function lagosClock(instant: Date | string): string {
  clockFormat ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: LAGOS_TIME_ZONE,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  return clockFormat.format(new Date(instant));
}

/** 'YYYY-MM-DD HH:MM' of an instant in Lagos: the reschedule prompt's format (admin spec §4). */
export function formatLagosWallTime(instant: Date | string): string {
  return format(inLagos(instant), "yyyy-MM-dd HH:mm");
}

/** 'Tue 1 Dec 2026, 10:30 AM' — an instant shown in Lagos time, for staff screens and emails. */
export function formatLagosDateTime(instant: Date | string): string {
  return format(inLagos(instant), "EEE d MMM yyyy, h:mm a");
}

/** 'Mon, 23 Nov 2026, 07:15' (24-hour) in Lagos time: the receipt's date and time (the text
 * en-GB's Intl formatter gave, which receipts already printed). */
export function lagosDateTime(instant: Date | string): string {
  return format(inLagos(instant), "EEE, d MMM yyyy, HH:mm");
}

/**
 * 'Tuesday, 16 February 2027 at 2:00 PM': an appointment's start in Lagos time, in words and the
 * booking form's 12-hour slot labels (storefront spec §9), for the client's own pages.
 */
export function formatLagosAppointment(instant: Date | string): string {
  return format(inLagos(instant), "EEEE, d MMMM yyyy 'at' h:mm a");
}

/** '1 Dec 2026' in Lagos time, or '-' for no date (client screens). */
export function formatLagosDay(instant: Date | string | null | undefined): string {
  return instant ? format(inLagos(instant), "d MMM yyyy") : "-";
}

/** '1 Dec 2026, 14:30' (24-hour) in Lagos time (client screens). */
export function formatLagosDayTime(instant: Date | string): string {
  return format(inLagos(instant), "d MMM yyyy, HH:mm");
}

/** 'Mon 23' and 'Monday, 23 November 2026' of a Lagos date ('YYYY-MM-DD'). */
export function lagosDayLabels(date: string): { short: string; long: string } {
  const local = inLagos(lagosInstant(date, 0));
  return { short: format(local, "EEE d"), long: format(local, "EEEE, d MMMM yyyy") };
}

/** '23 Nov' of a Lagos date ('YYYY-MM-DD'); with the year: '23 Nov 2026'. */
export function formatLagosShortDate(date: string, withYear = false): string {
  return format(inLagos(lagosInstant(date, 0)), withYear ? "d MMM yyyy" : "d MMM");
}

/** 'Mon 7 Jan 2030, 10:00–11:00' in Lagos time, for clash messages. */
export function formatLagosSpan(start: Date, end: Date): string {
  return `${format(inLagos(start), "EEE d MMM yyyy")}, ${lagosClock(start)}–${lagosClock(end)}`;
}

/** The English weekday name of an instant in Lagos: 'Monday', or 'Mon' when `short`. */
export function lagosWeekdayName(instant: Date, short = false): string {
  return format(inLagos(instant), short ? "EEE" : "EEEE");
}
