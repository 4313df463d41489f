/**
 * Lagos dates for the browser tests, one place for the rule (review finding: six specs each wrote
 * it out). Lagos is UTC+1 all year (no daylight saving), so its date is the UTC date an hour on.
 */
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Today's date in Lagos as 'YYYY-MM-DD', or the date `days` from it (negative: before). */
export function lagosToday(days = 0): string {
  return new Date(Date.now() + HOUR + days * DAY).toISOString().slice(0, 10);
}

/**
 * A date `days` ahead as 'YYYY-MM-DD' in Lagos time, or the Monday after when that is a Sunday:
 * the clinic is closed on Sundays and the calendar refuses them (issue 28 item 3), so a test's
 * "some day ahead" is always a day the clinic opens, whatever day the suite runs.
 */
export function lagosDatePlus(days: number): string {
  const lagos = new Date(Date.now() + HOUR + days * DAY);
  const open = lagos.getUTCDay() === 0 ? new Date(lagos.getTime() + DAY) : lagos;
  return open.toISOString().slice(0, 10);
}

/**
 * The Lagos time `minutes` ago, on the quarter hour before it, as the calendar's
 * 'YYYY-MM-DD HH:MM': a visit already begun, whatever the hour the suite runs (at 00:20 Lagos
 * "today at 06:00" has not begun yet).
 */
export function lagosDateTimeAgo(minutes: number): string {
  const quarter = 15 * 60 * 1000;
  const at = Math.floor((Date.now() + HOUR - minutes * 60 * 1000) / quarter) * quarter;
  const iso = new Date(at).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}
