/**
 * The key that seals what the back office keeps on a device for offline work (issue 35;
 * docs/decisions/0275-offline-data-sealed-by-the-session.md): GET /api/auth/offline-key.
 *
 * - One AES-256 key per session, derived on the server: HMAC-SHA256(SESSION_SECRET, 'offline-key'
 *   + the session's id). Nothing new is stored: the key lives as long as the session row, and a
 *   session that was ended (sign-out, the manager revoking the member) can never hand it out again.
 * - The device keeps it as a non-extractable WebCrypto key until the session's absolute expiry
 *   (the answer's `expiresAt`), so the work opens offline after a restart.
 * - A request whose cookie names a session that no longer exists is answered with the header
 *   `X-Session-Ended: 1` (see `sessionEndedHeader`): the device then erases its offline data. A
 *   session that only went idle keeps its row (until its absolute expiry), so the member signs in
 *   again and the queued work is still sent.
 * - With it comes the session's receipt prefix for receipts printed offline ('D1F'; decision
 *   0314): issued once per session from `receipt_prefixes`, never reused, so two devices'
 *   receipt numbers never collide.
 */
import { createHash, createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import type { RequestHandler } from "express";
import { receiptPrefixOf } from "#common/offline.ts";
import type { Db } from "#server/db/client.ts";
import { sessions } from "#server/db/schema/access.ts";
import { receiptPrefixes } from "#server/db/schema/sales.ts";
import { SESSION_COOKIE } from "./middleware.ts";

/** The answer of GET /api/auth/offline-key. */
export type OfflineKey = {
  /** 32 bytes, base64url: the AES-GCM key. */
  key: string;
  /** 16 hex characters naming the key (not secret): the device tells keys apart by it. */
  keyId: string;
  /** ISO 8601 UTC: the session's absolute expiry, after which the device erases the data. */
  expiresAt: string;
  /** The prefix of the receipt numbers this session's device prints offline ('D1F'). */
  receiptPrefix: string;
};

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * The offline key of the session whose cookie token is `token`.
 * @param secret SESSION_SECRET.
 * @returns null when the session is gone (the caller answers 401).
 */
export async function offlineKey(
  db: Db,
  secret: string,
  token: string,
): Promise<OfflineKey | null> {
  const id = tokenHash(token);
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.id, id));
  if (!row) return null;
  const key = createHmac("sha256", secret).update(`offline-key:${id}`).digest();
  return {
    key: key.toString("base64url"),
    keyId: createHash("sha256").update(key).digest("hex").slice(0, 16),
    expiresAt: row.expiresAt.toISOString(),
    receiptPrefix: receiptPrefixOf(await receiptPrefixId(db, id)),
  };
}

/**
 * Adds `X-Session-Ended: 1` to the answer when the request carries a session cookie whose session
 * no longer exists (ended, not merely idle): the back office's service worker and pages then
 * erase the device's offline data. Runs after `loadSession`; costs a query only for such a cookie.
 */
export function sessionEndedHeader(db: Db): RequestHandler {
  return (req, res, next) => {
    const token: unknown = req.cookies?.[SESSION_COOKIE];
    if (req.admin || typeof token !== "string" || token.length === 0 || token.length > 100) {
      return next();
    }
    db.select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.id, tokenHash(token)))
      .then(([row]) => {
        if (!row) res.setHeader("X-Session-Ended", "1");
        next();
      })
      .catch(next);
  };
}

/** The receipt prefix row of session `sessionId`, made on its first request (unique per session). */
async function receiptPrefixId(db: Db, sessionId: string): Promise<number> {
  await db.insert(receiptPrefixes).values({ sessionId }).onConflictDoNothing();
  const [row] = await db
    .select({ id: receiptPrefixes.id })
    .from(receiptPrefixes)
    .where(eq(receiptPrefixes.sessionId, sessionId));
  if (!row) throw new Error("receipt prefix vanished after insert");
  return row.id;
}
