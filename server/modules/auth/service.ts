/**
 * Admin accounts and sessions (ARCHITECTURE.md "Security"): hashed passwords in the db, a random
 * session token in the cookie and only its SHA-256 in the db, idle and absolute expiry.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, or } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import type { Db } from "#server/db/client.ts";
import { adminUsers, sessions } from "#server/db/schema/access.ts";
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

// Verified against when the username is unknown, so both failures take the same time.
const dummyHash = hashPassword(randomBytes(12).toString("hex"));

/** The admin whose credentials these are, or null. */
export async function authenticate(
  db: Db,
  username: string,
  password: string,
): Promise<AdminIdentity | null> {
  const [user] = await db.select().from(adminUsers).where(eq(adminUsers.username, username));
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
  return user && ok ? { id: user.id, username: user.username } : null;
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
  // Housekeeping: drop this user's dead sessions.
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        or(
          lt(sessions.expiresAt, now),
          lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
        ),
      ),
    );
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
    .select({
      userId: adminUsers.id,
      username: adminUsers.username,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(adminUsers, eq(adminUsers.id, sessions.userId))
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
  return { id: row.userId, username: row.username };
}

/** Ends the session of `token` (no error if it is already gone). */
export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, tokenHash(token)));
}
