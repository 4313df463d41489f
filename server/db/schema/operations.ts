/**
 * Scheduled jobs as the scheduler records them (issue 16 "A scheduler in the server process"):
 * one row per job, updated at the start and end of each run, read by the admin's Operations page.
 * Instants are timestamptz (ARCHITECTURE.md "Data rules").
 */
import { index, integer, jsonb, pgSequence, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";

/**
 * The last run of each scheduled job (server/scheduler/). Written by whichever instance ran the
 * job (the run itself is guarded by an advisory lock, so runs never overlap across instances).
 */
export const jobs = pgTable("jobs", {
  /** The job's name, e.g. 'orders-payments'. */
  name: text("name").primaryKey(),
  /** Its cron pattern, read in Africa/Lagos time. */
  schedule: text("schedule").notNull(),
  /** 'running', 'ok' or 'failed'; null before the first run. */
  lastStatus: text("last_status"),
  lastStartedAt: timestamp("last_started_at", { withTimezone: true }),
  lastFinishedAt: timestamp("last_finished_at", { withTimezone: true }),
  /** The run's short result text, e.g. '2 paid, 1 expired'. */
  lastResult: text("last_result"),
  /** The error of the last failed run (first 500 characters); null after a good run. */
  lastError: text("last_error"),
  /** When the schedule next fires, as computed by the instance that last wrote the row. */
  nextRunAt: timestamp("next_run_at", { withTimezone: true }),
  updatedAt: updatedAt(),
});

/**
 * The version of everything the instances cache (issue 34 "Several instances"): every real write
 * takes `nextval`, and each instance polls `last_value` a few times a second and empties its
 * caches when it moved (server/cache-version.ts). A sequence, not a row: `nextval` takes no row
 * lock and is never rolled back, so no write waits on another and no dead tuples pile up; and it
 * is one plain statement, so it works through a pooler in transaction mode where LISTEN cannot.
 * docs/decisions/0287-cache-invalidation-across-instances-by-a-polled-sequence.md.
 */
export const cacheVersion = pgSequence("cache_version");

/**
 * Requests sent with an `Idempotency-Key` to the back office's writes that a device may queue
 * offline (issue 35: clock in and out, check-in, appointment changes, client notes;
 * server/modules/offline/replay.ts). The key is claimed before the write runs (status null) and
 * keeps the answer after a success, so a resend of the same key is answered, never run again.
 * The till's sales keep their own key on the sale (sales.idempotency_key).
 */
export const idempotentRequests = pgTable(
  "idempotent_requests",
  {
    key: text("key").primaryKey(),
    /** The admin account that sent it: another account's key is refused. */
    userId: integer("user_id").notNull(),
    /** 'POST /api/time-tracking/clock-in': the key answers only this request. */
    request: text("request").notNull(),
    /** The HTTP status of the stored answer; null while the first attempt runs. */
    status: integer("status"),
    body: jsonb("body"),
    createdAt: createdAt(),
  },
  (t) => [index("idempotent_requests_created_at_idx").on(t.createdAt)],
);
