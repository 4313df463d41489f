/**
 * The lock of a closed Lagos day (issue 29; docs/decisions/0230-the-day-closes-per-tender-and-locks.md): while a day's close row
 * exists, no sale dated that day, no refund or void given that day and no cash movement of that
 * day is recorded. Writers take the day's advisory lock shared and the close takes it exclusive,
 * so a close never misses a sale committed while it was adding up the day.
 */

import { eq, sql } from "drizzle-orm";
import { dayClosedMessage } from "#common/sales.ts";
import type { Tx } from "#server/db/client.ts";
import { saleDayCloses } from "#server/db/schema/sales.ts";
import { HttpError } from "#server/http.ts";

/** Advisory-lock namespace of Lagos days (idempotency keys use 710011, the calendar 710010). */
const DAY_LOCK = 710012;

/** The day's lock key: 'YYYY-MM-DD' as the integer YYYYMMDD. */
const dayKey = (date: string) => Number(date.replaceAll("-", ""));

/**
 * In `tx`, holds the Lagos day `date` open until the commit (shared lock) and refuses a closed
 * one.
 * @throws HttpError 400 'Friday, 27 Nov 2026 is closed: …' when the day is closed.
 */
export async function assertDayOpen(tx: Tx, date: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${DAY_LOCK}, ${dayKey(date)})`);
  const [closed] = await tx
    .select({ date: saleDayCloses.businessDate })
    .from(saleDayCloses)
    .where(eq(saleDayCloses.businessDate, date));
  if (closed) throw new HttpError(400, dayClosedMessage(date));
}

/** In `tx`, waits for the day's writers to commit and keeps new ones out until the commit. */
export async function lockDay(tx: Tx, date: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${DAY_LOCK}, ${dayKey(date)})`);
}
