/**
 * Sign-in throttling (issue 14 "Sessions and login", row 10; issue 34 "The throttle counts
 * atomically … the account's owner is not locked out by others' guesses"), after OWASP's
 * "Slow Down Online Guessing Attacks with Device Cookies" and ASVS 2.2.1:
 *
 * - Every attempt is counted before the password is checked (increment, then check, in one
 *   transaction with the counters' rows locked), so 30 concurrent guesses for one account get
 *   `limit` answers and the rest 429, never 30 checks.
 * - Counters: the account and address pair (`limit`), the address (`limit` × ADDRESS_FACTOR, so a
 *   guesser at the clinic's own address slows that address without locking every colleague out),
 *   and either the trusted device (an attempt carrying the device cookie this account got at an
 *   earlier sign-in: `limit`) or, without one, the account as a whole (`limit`). Guesses from
 *   elsewhere therefore lock out only attempts without the owner's device cookie: the owner, on a
 *   phone or computer they have signed in on before, still gets in.
 * - After a counter reaches its allowance within 15 minutes each further attempt doubles the wait
 *   (30 s, 1 min, 2 min … at most 15 min). A success clears the pair and the account/device
 *   counters and gives its attempt back to the address.
 *
 * The address is Express's `req.ip`, which follows X-Forwarded-For only through TRUST_PROXY_HOPS
 * proxies, so a rotating header cannot dodge the count. Counters live in the database
 * (login_throttle), so every instance sees them.
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { asc, inArray, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { loginThrottle } from "#server/db/schema/access.ts";

const WINDOW_MS = 15 * 60 * 1000;
const FIRST_WAIT_MS = 30 * 1000;
const MAX_WAIT_MS = 15 * 60 * 1000;
/** The address may fail this many times as often as one account before it waits. */
export const ADDRESS_FACTOR = 4;
/** The device cookie: which accounts signed in on this browser, for a year. */
export const DEVICE_COOKIE = "clinic_device";
export const DEVICE_COOKIE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

/** The counters of one attempt, each with how many attempts it allows in the window. */
export type ThrottleKeys = {
  /** 'account:{username}' (no device cookie) or 'device:{id}' (the account's device cookie). */
  account: string;
  /** 'pair:{username}|{address}'. */
  pair: string;
  /** 'address:{address}'. */
  address: string;
};

/** The device cookie's signing key, derived from SESSION_SECRET. */
export function deviceKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", sessionSecret, "glowhaven", "device-cookie-v1", 32));
}

function normalisedUsername(username: string): string {
  return username.trim().toLowerCase().slice(0, 200);
}

function deviceSignature(key: Buffer, username: string, id: string): string {
  return createHmac("sha256", key)
    .update(`${normalisedUsername(username)}|${id}`)
    .digest("base64url");
}

/** A new device cookie value for `username`: '{id}.{signature}'. */
export function newDeviceCookie(key: Buffer, username: string): string {
  const id = randomBytes(16).toString("base64url");
  return `${id}.${deviceSignature(key, username, id)}`;
}

/** The device id of `cookie` when it was issued to `username` on this server; else null. */
export function trustedDevice(key: Buffer, username: string, cookie: unknown): string | null {
  if (typeof cookie !== "string" || cookie.length > 200) return null;
  const [id, signature] = cookie.split(".");
  if (!id || !signature) return null;
  const expected = Buffer.from(deviceSignature(key, username, id));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** The counters of an attempt by `username` from `address`, with a trusted device id or null. */
export function throttleKeys(
  username: string,
  address: string | undefined,
  device: string | null = null,
): ThrottleKeys {
  const user = normalisedUsername(username);
  const from = address ?? "unknown";
  return {
    account: device ? `device:${device}` : `account:${user}`,
    pair: `pair:${user}|${from}`,
    address: `address:${from}`,
  };
}

function allowances(keys: ThrottleKeys, limit: number): Array<[string, number]> {
  return [
    [keys.account, limit],
    [keys.pair, limit],
    [keys.address, limit * ADDRESS_FACTOR],
  ];
}

/**
 * Counts one attempt on every counter of `keys`, unless one of them is waiting: then nothing is
 * counted and the answer is the wait in milliseconds (0 = go on and check the password). Runs in
 * one transaction with the counters' rows locked in key order, so concurrent attempts are counted
 * one after another.
 */
export async function beginAttempt(
  db: Db,
  keys: ThrottleKeys,
  limit: number,
  now = new Date(),
): Promise<number> {
  const windowStart = now.getTime() - WINDOW_MS;
  const counters = allowances(keys, limit).sort(([a], [b]) => a.localeCompare(b));
  return db.transaction(async (tx) => {
    await tx
      .insert(loginThrottle)
      .values(counters.map(([key]) => ({ key, failures: 0, lastFailureAt: now })))
      .onConflictDoNothing();
    const rows = await tx
      .select()
      .from(loginThrottle)
      .where(
        inArray(
          loginThrottle.key,
          counters.map(([key]) => key),
        ),
      )
      .orderBy(asc(loginThrottle.key))
      .for("update");
    const wait = Math.max(0, ...rows.map((r) => (r.lockedUntil?.getTime() ?? 0) - now.getTime()));
    if (wait > 0) return wait;
    for (const row of rows) {
      const allowed = counters.find(([key]) => key === row.key)?.[1] ?? limit;
      const attempts = row.lastFailureAt.getTime() < windowStart ? 1 : row.failures + 1;
      const lockedUntil =
        attempts >= allowed
          ? new Date(
              now.getTime() + Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (attempts - allowed)),
            )
          : null;
      await tx
        .update(loginThrottle)
        .set({ failures: attempts, lastFailureAt: now, lockedUntil })
        .where(sql`${loginThrottle.key} = ${row.key}`);
    }
    return 0;
  });
}

/** Takes one attempt off `key`'s count; its wait ends when the count falls below `allowed`. */
async function giveBack(db: Db | Tx, key: string, allowed: number) {
  await db
    .update(loginThrottle)
    .set({
      failures: sql`greatest(${loginThrottle.failures} - 1, 0)`,
      lockedUntil: sql`CASE WHEN ${loginThrottle.failures} - 1 < ${allowed} THEN NULL ELSE ${loginThrottle.lockedUntil} END`,
    })
    .where(sql`${loginThrottle.key} = ${key}`);
}

/**
 * A successful attempt: the account (or device) and pair counters start again, and the address
 * gets this attempt back (colleagues signing in at the clinic's address never add up). Also
 * removes counters quiet for a day.
 */
export async function attemptSucceeded(
  db: Db,
  keys: ThrottleKeys,
  limit: number,
  now = new Date(),
) {
  await db.transaction(async (tx) => {
    await tx.delete(loginThrottle).where(inArray(loginThrottle.key, [keys.account, keys.pair]));
    await giveBack(tx, keys.address, limit * ADDRESS_FACTOR);
    await tx
      .delete(loginThrottle)
      .where(lt(loginThrottle.lastFailureAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
  });
}

/**
 * A right password whose second step is still to come: every counter gets the attempt back, but
 * none starts again (knowing the password must not reset the count of wrong codes).
 */
export async function attemptPassedFirstStep(db: Db, keys: ThrottleKeys, limit: number) {
  await db.transaction(async (tx) => {
    for (const [key, allowed] of allowances(keys, limit)) await giveBack(tx, key, allowed);
  });
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
