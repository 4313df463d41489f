/**
 * Exactly once for the back office's writes that a device queues offline (issue 35: clock in and
 * out, check-in, appointment changes such as completion, client notes). The till's sales have
 * their own key on the sale (server/modules/sales/sale.ts).
 *
 * With an `Idempotency-Key` header (8-100 of A-Z a-z 0-9 _ . : -) the key is first claimed in
 * `idempotent_requests` (a unique insert: of two concurrent attempts one wins), then the request
 * runs:
 * - a success (2xx) is stored with the key: every resend is answered with it, header
 *   `Idempotent-Replayed: true`, and nothing runs again;
 * - a refusal (4xx) or a failure (5xx) releases the key: the write's own transaction rolled
 *   back, so nothing was written and a resend (after the member settled the conflict) runs again;
 * - a resend while the first attempt still runs, or after a crash between the write and the
 *   storing of its answer, is answered 409 (never run twice): the member checks the screen.
 * A key used by another account or for another request is refused 409. Without the header the
 * request runs as before. Keys older than `REPLAY_KEEP_DAYS` are dropped by `pruneReplays`.
 */

import { and, eq, lt } from "drizzle-orm";
import type { RequestHandler, Response } from "express";
import { IDEMPOTENCY_KEY_PATTERN } from "#common/sales.ts";
import type { Db } from "#server/db/client.ts";
import { idempotentRequests } from "#server/db/schema/operations.ts";
import { HttpError } from "#server/http.ts";

/** A stored answer is kept this long: an offline device syncs within the session's 7 days. */
export const REPLAY_KEEP_DAYS = 14;

export const REPLAY_MESSAGES = {
  badKey: "Idempotency-Key must be 8 to 100 letters, digits or _ . : -",
  otherRequest: "This Idempotency-Key was used for another request",
  running:
    "This request is already being processed or its result is unknown: check the screen before sending it again",
} as const;

/**
 * The middleware (after the route's role gate, before its handler). See the header for the rules.
 * @throws HttpError 400 a malformed key; 409 a key of another request or still running.
 */
export function replayOnce(db: Db): RequestHandler {
  return (req, res, next) => {
    const key = req.get("idempotency-key");
    if (key === undefined) return next();
    const run = async () => {
      if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
        throw new HttpError(400, REPLAY_MESSAGES.badKey, {
          idempotencyKey: REPLAY_MESSAGES.badKey,
        });
      }
      const userId = req.admin?.id ?? 0;
      const request = `${req.method} ${req.baseUrl}${req.path}`;
      const claimed = await db
        .insert(idempotentRequests)
        .values({ key, userId, request })
        .onConflictDoNothing()
        .returning({ key: idempotentRequests.key });
      if (claimed.length === 0) return answerStored(db, key, userId, request, res);
      captureAnswer(db, key, res);
      next();
    };
    run().catch(next);
  };
}

/** Answers a resend from the stored row. */
async function answerStored(db: Db, key: string, userId: number, request: string, res: Response) {
  const [row] = await db.select().from(idempotentRequests).where(eq(idempotentRequests.key, key));
  if (!row || row.userId !== userId || row.request !== request) {
    throw new HttpError(409, REPLAY_MESSAGES.otherRequest);
  }
  if (row.status === null) throw new HttpError(409, REPLAY_MESSAGES.running);
  res.setHeader("Idempotent-Replayed", "true");
  res.status(row.status).json(row.body);
}

/**
 * Stores the answer of a success with the key before it is sent (so an immediate resend finds
 * it); releases the key for any other answer. Every answer here is JSON (handlers and the error
 * handler alike).
 */
function captureAnswer(db: Db, key: string, res: Response) {
  const json = res.json.bind(res);
  res.json = (value: unknown) => {
    const ok = res.statusCode >= 200 && res.statusCode < 300;
    const write = ok
      ? db
          .update(idempotentRequests)
          .set({ status: res.statusCode, body: value ?? null })
          .where(eq(idempotentRequests.key, key))
      : db.delete(idempotentRequests).where(eq(idempotentRequests.key, key));
    // A failure to store leaves the key claimed: a resend is answered 409, never run twice.
    write.then(
      () => json(value),
      () => json(value),
    );
    return res;
  };
}

/** Drops stored answers older than REPLAY_KEEP_DAYS; returns how many. */
export async function pruneReplays(db: Db, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - REPLAY_KEEP_DAYS * 24 * 60 * 60 * 1000);
  const gone = await db
    .delete(idempotentRequests)
    .where(and(lt(idempotentRequests.createdAt, before)))
    .returning({ key: idempotentRequests.key });
  return gone.length;
}
