/**
 * Admin accounts and sessions (ARCHITECTURE.md "Security"): hashed passwords in the db, a random
 * session token in the cookie and only its SHA-256 in the db, idle and absolute expiry.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, or } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import { ACCESS_ROLES, type AccessRole } from "#common/roles.ts";
import type { Db } from "#server/db/client.ts";
import { adminUsers, sessions } from "#server/db/schema/access.ts";
import { staff } from "#server/db/schema/staff.ts";
import { hashPassword, verifyPassword } from "./password.ts";

/** A session ends after this long without a request… */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** …and in any case this long after sign-in. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** `last_seen_at` is refreshed at most this often, to spare a write per request. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Makes sure the admin account `username` exists with `password` (start-up, from ADMIN_USERNAME
 * and ADMIN_PASSWORD): creates it, or re-hashes it when the password was changed.
 */
export async function ensureAdminUser(db: Db, username: string, password: string): Promise<void> {
  const [existing] = await db.select().from(adminUsers).where(eq(adminUsers.username, username));
  if (!existing) {
    await db
      .insert(adminUsers)
      .values({ username, passwordHash: await hashPassword(password) })
      .onConflictDoNothing();
    return;
  }
  if (!(await verifyPassword(password, existing.passwordHash))) {
    await db
      .update(adminUsers)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(adminUsers.id, existing.id));
    await db.delete(sessions).where(eq(sessions.userId, existing.id));
  }
}

// Verified against when the username is unknown, so both failures take the same time. Made a
// few seconds after import (or at a sign-in before that), not at import: a restart spent a scrypt
// on it before listening (issue 34).
let dummyHash: Promise<string> | undefined;
const dummy = () => {
  dummyHash ??= hashPassword(randomBytes(12).toString("hex"));
  return dummyHash;
};
setTimeout(dummy, 3_000).unref();

/** What an identity is read from: the account, and its staff member if it has one. */
const identityColumns = {
  userId: adminUsers.id,
  username: adminUsers.username,
  role: adminUsers.role,
  staffId: adminUsers.staffId,
  firstName: staff.firstName,
  lastName: staff.lastName,
  staffStatus: staff.status,
};

type IdentityRow = {
  userId: number;
  username: string;
  role: string;
  staffId: number | null;
  firstName: string | null;
  lastName: string | null;
  staffStatus: string | null;
};

/**
 * The identity of an account row, or null when it may not sign in: a member's account works
 * only while the member is active (issue 13); an unknown role grants nothing.
 */
function toIdentity(row: IdentityRow): AdminIdentity | null {
  if (row.staffId !== null && row.staffStatus !== "active") return null;
  if (!(ACCESS_ROLES as readonly string[]).includes(row.role)) return null;
  const name = row.firstName ? `${row.firstName} ${row.lastName ?? ""}`.trim() : row.username;
  return {
    id: row.userId,
    username: row.username,
    role: row.role as AccessRole,
    name,
    staffId: row.staffId,
  };
}

/**
 * The account whose credentials these are, or null. Members sign in with their email (any
 * case); the ADMIN_USERNAME account with its username.
 */
export async function authenticate(
  db: Db,
  username: string,
  password: string,
): Promise<AdminIdentity | null> {
  const [user] = await db
    .select({ ...identityColumns, passwordHash: adminUsers.passwordHash })
    .from(adminUsers)
    .leftJoin(staff, eq(staff.id, adminUsers.staffId))
    .where(or(eq(adminUsers.username, username), eq(adminUsers.username, username.toLowerCase())))
    .limit(1);
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummy()));
  return user && ok ? toIdentity(user) : null;
}

/** Starts a session for `userId`; returns the cookie token and its absolute expiry. */
export async function createSession(
  db: Db,
  userId: number,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  await db.insert(sessions).values({
    id: tokenHash(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  // Housekeeping: drop this user's sessions past their absolute expiry. A session that only went
  // idle stays until then: its device tells "signed in again after a pause" (its offline work is
  // still sent) from "ended" (its offline data is erased) by the row (./offline-key.ts, issue 35).
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
  return { token, expiresAt };
}

/** The admin of a live session token, refreshing its idle timer; null when missing or expired. */
export async function sessionUser(
  db: Db,
  token: string,
  now = new Date(),
): Promise<AdminIdentity | null> {
  const id = tokenHash(token);
  const [row] = await db
    .select({ ...identityColumns, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(adminUsers, eq(adminUsers.id, sessions.userId))
    .leftJoin(staff, eq(staff.id, adminUsers.staffId))
    .where(
      and(
        eq(sessions.id, id),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    );
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return toIdentity(row);
}

/** Ends the session of `token` (no error if it is already gone). */
export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, tokenHash(token)));
}

/**
 * The identity of account `userId`, or null when it is gone or may not sign in (an inactive
 * member): the second sign-in step (./totp.ts) re-reads the account the challenge names.
 */
export async function accountIdentity(db: Db, userId: number): Promise<AdminIdentity | null> {
  const [row] = await db
    .select(identityColumns)
    .from(adminUsers)
    .leftJoin(staff, eq(staff.id, adminUsers.staffId))
    .where(eq(adminUsers.id, userId));
  return row ? toIdentity(row) : null;
}

/** Whether `password` is account `userId`'s password (constant time; false when no account). */
export async function checkAccountPassword(
  db: Db,
  userId: number,
  password: string,
): Promise<boolean> {
  const [row] = await db
    .select({ passwordHash: adminUsers.passwordHash })
    .from(adminUsers)
    .where(eq(adminUsers.id, userId));
  const ok = await verifyPassword(password, row?.passwordHash ?? (await dummy()));
  return Boolean(row) && ok;
}
