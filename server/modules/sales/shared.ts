/**
 * What the point of sale's files share: naira from kobo, the day's length and the [from, to)
 * instants of a Lagos day. Money is integer kobo inside and naira in every answer.
 */

import { lagosDayStart } from "#common/calendar.ts";
import { formatNairaWithKobo, koboToNaira } from "#common/money.ts";
import { HttpError } from "#server/http.ts";

/** A Lagos day in milliseconds (no daylight saving). */
export const DAY_MS = 86_400_000;

/** Kobo (null as 0) to naira. */
export const naira = (kobo: number | null | undefined): number => koboToNaira(Number(kobo ?? 0));
/** A figure from the database (null as 0) as a number. */
export const num = (v: unknown): number => Number(v ?? 0);
/** Kobo as naira text with 2 decimals, for messages ("₦1,250.00"). */
export const money = (kobo: number) => formatNairaWithKobo(koboToNaira(kobo));

/** The [from, to) UTC instants of a Lagos date; 404 for a date that is not one. */
export function lagosDayRange(date: string): { from: Date; to: Date } {
  const from = lagosDayStart(date);
  if (!from) throw new HttpError(404, "Enter the date as YYYY-MM-DD");
  return { from, to: new Date(from.getTime() + DAY_MS) };
}
