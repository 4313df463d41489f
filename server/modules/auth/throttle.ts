/**
 * Sign-in throttling (issue 14 "Sessions and login", row 10): failures are counted per account
 * and per client address in the database (login_throttle), so every instance sees them. After
 * `limit` failures within 15 minutes each further failure doubles the wait (30 s, 1 min, 2 min …
 * at most 15 min); the address may fail 4× as often as one account, so a guesser at the clinic's
 * own address slows down that address without locking every colleague out at once. The address
 * is Express's `req.ip`, which follows X-Forwarded-For only through TRUST_PROXY_HOPS proxies, so
 * a rotating header cannot dodge the count.
 */
import { and, gt, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { loginThrottle } from "#server/db/schema/access.ts";

const WINDOW_MS = 15 * 60 * 1000;
const FIRST_WAIT_MS = 30 * 1000;
const MAX_WAIT_MS = 15 * 60 * 1000;
/** The address may fail this many times as often as one account before it waits. */
export const ADDRESS_FACTOR = 4;

export type ThrottleKeys = { account: string; address: string };

/** The two counters of a sign-in attempt: the account (lower-cased) and the client address. */
export function throttleKeys(username: string, address: string | undefined): ThrottleKeys {
  return {
    account: `account:${username.trim().toLowerCase().slice(0, 200)}`,
    address: `address:${address ?? "unknown"}`,
  };
}

/** Milliseconds until `keys` may try again (0 = now). */
export async function throttledFor(db: Db, keys: ThrottleKeys, now = new Date()): Promise<number> {
  const rows = await db
    .select({ lockedUntil: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(
      and(
        inArray(loginThrottle.key, [keys.account, keys.address]),
        gt(loginThrottle.lockedUntil, now),
      ),
    );
  return Math.max(0, ...rows.map((r) => (r.lockedUntil?.getTime() ?? 0) - now.getTime()));
}

/** Counts one failure for both keys and sets their waits (exponential past the limit). */
export async function recordFailure(db: Db, keys: ThrottleKeys, limit: number, now = new Date()) {
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  for (const [key, allowed] of [
    [keys.account, limit],
    [keys.address, limit * ADDRESS_FACTOR],
  ] as const) {
    const [row] = await db
      .insert(loginThrottle)
      .values({ key, failures: 1, lastFailureAt: now })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`CASE WHEN ${loginThrottle.lastFailureAt} < ${windowStart.toISOString()}::timestamptz THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
          lastFailureAt: now,
        },
      })
      .returning({ failures: loginThrottle.failures });
    const failures = row?.failures ?? 1;
    if (failures >= allowed) {
      const wait = Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - allowed));
      await db
        .update(loginThrottle)
        .set({ lockedUntil: new Date(now.getTime() + wait) })
        .where(sql`${loginThrottle.key} = ${key}`);
    }
  }
  // Housekeeping: rows quiet for a day are gone.
  await db
    .delete(loginThrottle)
    .where(lt(loginThrottle.lastFailureAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
}

/** A successful sign-in clears its account's count (not the address's). */
export async function clearAccount(db: Db, keys: ThrottleKeys): Promise<void> {
  await db.delete(loginThrottle).where(sql`${loginThrottle.key} = ${keys.account}`);
}

/** 'Too many sign-in attempts. Please wait 2 minutes and try again.' for a wait in ms. */
export function throttleMessage(waitMs: number): string {
  const seconds = Math.ceil(waitMs / 1000);
  const wait =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? "" : "s"}`
      : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? "" : "s"}`;
  return `Too many sign-in attempts. Please wait ${wait} and try again.`;
}
