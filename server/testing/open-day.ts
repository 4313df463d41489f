/**
 * Dates for tests that request bookings through the public form's API, which refuses the days
 * the clinic is closed (Sunday; storefront spec §9, issue 28 item 3).
 */
import { clinicOpensOn } from "#common/booking-slots.ts";
import { lagosDate } from "#common/lagos-time.ts";

/** The Lagos date ('YYYY-MM-DD') `days` days after `now`, or the next day the clinic opens. */
export function openDayAhead(days: number, now: Date = new Date()): string {
  for (let i = days; ; i++) {
    const date = lagosDate(new Date(now.getTime() + i * 86_400_000));
    if (clinicOpensOn(date)) return date;
  }
}
