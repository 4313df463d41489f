/**
 * What the point of sale's files share: naira from kobo, the day's length and the [from, to)
 * instants of a Lagos day. Money is integer kobo inside and naira in every answer.
 */

import { isRealDate, lagosDayRange } from "#common/lagos-time.ts";
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

/**
 * The [from, to) UTC instants of the till's Lagos date `date` (common/lagos-time.ts).
 * @throws HttpError 404 for text that is not a real 'YYYY-MM-DD' (the day's URL names no day).
 */
export function tillDayRange(date: string): { from: Date; to: Date } {
  if (!isRealDate(date)) throw new HttpError(404, "Enter the date as YYYY-MM-DD");
  return lagosDayRange(date);
}
