/**
 * The lock that keeps one run of a job at a time across instances (issue 16, ARCHITECTURE.md
 * "Operations"): a PostgreSQL transaction-scoped advisory lock (pg_try_advisory_xact_lock), taken
 * in a transaction of its own that stays open on one pooled connection for the whole run while
 * the job works on the pool's other connections, and released by its COMMIT. Not a session lock:
 * behind PgBouncer in transaction mode a session lock stays on whichever server connection took
 * it and its unlock goes to another, so every instance skipped the jobs for good (issue 34,
 * decision 0260). If the connection dies mid-run, the server ends the transaction and the lock
 * with it, as it did the session. PGlite is one connection in one process (DATA_DIR is locked against a second process), and
 * advisory locks are re-entrant within a session, so there the lock is kept in this process's
 * memory, per PGlite instance.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Db } from "#server/db/client.ts";

/** The advisory lock class of scheduled jobs (the first key; the second is the name's hash). */
const JOB_LOCK_CLASS = 16016;

const heldInProcess = new WeakMap<object, Set<string>>();

/**
 * Runs `fn` if no other holder has the lock named `name` on this database, and releases it after.
 * @returns `{ ran: true, value }`, or `{ ran: false }` when the lock is held elsewhere.
 * @throws whatever `fn` throws (the lock is released first).
 */
export async function withJobLock<T>(
  db: Db,
  name: string,
  fn: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const conn = await client.connect();
    let released = false;
    try {
      // The pool's BEGIN sets the transaction's timeouts (server/db/pg-pool.ts); this one waits
      // idle for as long as the job runs, so its idle timeout is lifted for it alone.
      await conn.query("BEGIN");
      const res = await conn.query<{ locked: boolean }>(
        "SELECT set_config('idle_in_transaction_session_timeout', '0', true), " +
          "pg_try_advisory_xact_lock($1, hashtext($2)) AS locked",
        [JOB_LOCK_CLASS, name],
      );
      if (!res.rows[0]?.locked) return { ran: false };
      return { ran: true, value: await fn() };
    } finally {
      try {
        // Nothing was written in it: ending the transaction releases the lock.
        await conn.query("ROLLBACK");
      } catch (err) {
        // A broken connection ends its transaction, and with it the lock: drop it from the pool.
        conn.release(err as Error);
        released = true;
      }
      if (!released) conn.release();
    }
  }
  const key = (client ?? db) as object;
  const held = heldInProcess.get(key) ?? new Set<string>();
  heldInProcess.set(key, held);
  if (held.has(name)) return { ran: false };
  held.add(name);
  try {
    // The same round trip as on PostgreSQL, so a database that cannot answer fails the run.
    await db.execute(sql`select 1`);
    return { ran: true, value: await fn() };
  } finally {
    held.delete(name);
  }
}
