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
