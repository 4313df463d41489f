/**
 * The public booking form's slots and date window (storefront spec §3, §9), without zod, so the
 * form renders without loading the validation schemas (issue 15: first-load JavaScript; the
 * schemas load when the form is first checked). common/booking.ts re-exports all of it.
 */

import { OPENING_HOURS } from "./business.ts";
import { lagosDate } from "./lagos-date.ts";

/** The public booking slots in Lagos time; there is no 1 PM slot (spec §9). */
export const TIME_SLOTS = [
  "10:00 AM",
  "10:30 AM",
  "11:00 AM",
  "11:30 AM",
  "12:00 PM",
  "12:30 PM",
  "2:00 PM",
  "2:30 PM",
  "3:00 PM",
  "3:30 PM",
  "4:00 PM",
  "4:30 PM",
  "5:00 PM",
  "5:30 PM",
  "6:00 PM",
  "6:30 PM",
] as const;

/** Bookings may be requested from today (Lagos) up to this many days ahead (spec §9). */
export const BOOKING_WINDOW_DAYS = 90;

/** First and last selectable dates ('YYYY-MM-DD', Lagos) of the booking window at `now`. */
export function bookingWindow(now: Date = new Date()): { min: string; max: string } {
  const last = new Date(now.getTime() + BOOKING_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  return { min: lagosDate(now), max: lagosDate(last) };
}

/** The composed booking date text of spec §3: '2026-12-01 at 10:30 AM'. */
export function composeBookingDate(date: string, time: string): string {
  return `${date} at ${time}`;
}

/**
 * The booking form's refusal of a day the clinic is closed (storefront spec §9: "Monday-Saturday
 * 10:00 AM - 7:00 PM; Sunday closed"; issue 28 item 3). Every public slot is inside the hours,
 * so the day is the one thing left to check.
 */
export const CLOSED_DAY_MESSAGE =
  "We are closed on Sundays. Please choose a day from Monday to Saturday.";

/**
 * Whether the clinic opens on the calendar date `date` ('YYYY-MM-DD', a Lagos day):
 * `OPENING_HOURS.days`. A date that is not a real 'YYYY-MM-DD' is left to the date rules (true).
 */
export function clinicOpensOn(date: string): boolean {
  // Noon UTC of that date is the same calendar day in Lagos (UTC+1), so its UTC weekday is it.
  const noon = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(noon.getTime())) return true;
  return OPENING_HOURS.days.includes(noon.getUTCDay());
}
