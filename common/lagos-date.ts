/**
 * The engine-free part of common/lagos-time.ts, the one home of Lagos date/time rules:
 * Lagos dates ('YYYY-MM-DD') by plain arithmetic, no date-fns, no Intl, no imports. Its own file
 * only because a bundler splits files, not functions: the storefront's booking form needs
 * `lagosDate` in its first load, where the TZDate engine (26 KB) and a page's first Intl object
 * (ICU data, 40-90 ms of main thread on a 2-core phone) must not come along
 * (docs/decisions/0176-one-home-for-lagos-time.md). Everything else imports these from
 * common/lagos-time.ts, which re-exports them.
 */

/** Lagos is UTC+1 all year, with no daylight saving (../shared/notes/nigeria.md). */
export const LAGOS_UTC_OFFSET_MS = 60 * 60 * 1000;

/** 'YYYY-MM-DD' of an instant in Lagos: UTC's calendar day an hour later (LAGOS_UTC_OFFSET_MS). */
export function lagosDate(instant: Date): string {
  return new Date(instant.getTime() + LAGOS_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whether 'YYYY-MM-DD' names a real calendar date (no 30 February). */
export function isRealDate(date: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return false;
  const [y, mo, d] = m.slice(1).map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d;
}

/**
 * The Lagos date `days` after (or before, negative) the Lagos date `date` ('YYYY-MM-DD'). Pure
 * calendar arithmetic: a date has no zone, so UTC's calendar serves.
 */
export function shiftLagosDate(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
