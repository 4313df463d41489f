/**
 * The scheduler of the server process (issue 16, ARCHITECTURE.md "Operations"): each job has a
 * cron pattern read in Africa/Lagos time (croner), and each run holds the job's advisory lock
 * (lock.ts), so with several instances only one runs a job at a time; the others skip that tick.
 * Every run that takes the lock is recorded in the `jobs` table (start, end, result or error,
 * next run) for the admin's Operations page.
 */
import { Cron } from "croner";
import type { Logger } from "pino";
import { LAGOS_TIME_ZONE } from "#common/lagos-time.ts";
import type { Db } from "#server/db/client.ts";
import { jobs } from "#server/db/schema/operations.ts";
import { withJobLock } from "./lock.ts";

/** The business time zone: job schedules are read in it (ARCHITECTURE.md "Data rules"). */
export const SCHEDULE_TIME_ZONE = LAGOS_TIME_ZONE;

/** What a run gets: the db, the clock (a UTC instant; tests inject theirs) and a logger. */
export type JobContext = { db: Db; now: () => Date; logger: Logger };

/** A scheduled job. */
export type Job = {
  /** Unique, kebab-case, e.g. 'orders-payments'; also its lock's key. */
  name: string;
  /** Cron pattern (5 or 6 fields), in Africa/Lagos time, e.g. '15 3 * * *' = 03:15 Lagos. */
  schedule: string;
  /** One sentence for the Operations page: what the job does. */
  description: string;
  /**
   * Does the work once. @returns a short result for the Operations page ('2 paid, 1 expired').
   * @throws anything: the run is recorded 'failed' with the error's message.
   */
  run(ctx: JobContext): Promise<string>;
};

/** The outcome of one call of runJob. */
export type JobRun =
  | { status: "ok"; result: string }
  | { status: "failed"; error: string }
  /** Another instance (or an earlier tick still running) holds the job's lock. */
  | { status: "skipped" };

export type Scheduler = {
  readonly jobs: readonly Job[];
  /** Schedules every job (croner timers) and records each job's schedule and next run. */
  start(): Promise<void>;
  /** Stops the timers and waits for the runs under way to end. */
  stop(): Promise<void>;
  /**
   * Runs job `name` now, under its lock (the timers and the admin's 'Run now' use this).
   * @throws Error for an unknown job name.
   */
  runJob(name: string): Promise<JobRun>;
};

export type SchedulerOptions = {
  db: Db;
  logger: Logger;
  jobs: readonly Job[];
  /** The clock; default the system's. */
  now?: () => Date;
};

/** The next time `schedule` fires after `from` (Lagos time pattern); null if never. */
export function nextRunOf(schedule: string, from: Date): Date | null {
  return new Cron(schedule, { timezone: SCHEDULE_TIME_ZONE, paused: true }).nextRun(from);
}

/** Builds a scheduler; nothing runs until `start()` or `runJob()`. */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const logger = options.logger.child({ component: "scheduler" });
  const byName = new Map(options.jobs.map((j) => [j.name, j]));
  const running = new Set<Promise<JobRun>>();
  let timers: Cron[] = [];
  let stopped = false;

  function runJob(name: string): Promise<JobRun> {
    const job = byName.get(name);
    if (!job) return Promise.reject(new Error(`No scheduled job is named ${name}`));
    const p = runLocked({ db, now, logger }, job).catch((err: unknown): JobRun => {
      // The lock or the jobs table failed (database down): the next tick tries again.
      const error = err instanceof Error ? err.message : String(err);
      logger.error({ job: name, err: error }, "job could not run");
      return { status: "failed", error };
    });
    running.add(p);
    void p.finally(() => running.delete(p));
    return p;
  }

  return {
    jobs: options.jobs,
    runJob,
    async start() {
      if (timers.length > 0 || stopped) return;
      for (const job of options.jobs) {
        // protect: a tick that comes while this instance still runs the job is skipped.
        const timer = new Cron(
          job.schedule,
          { timezone: SCHEDULE_TIME_ZONE, protect: true },
          async () => {
            await runJob(job.name);
          },
        );
        timers.push(timer);
        // Shows the schedule before the first run; another instance may write the same values.
        await recordJob({ db, now }, job, { nextRunAt: nextRunOf(job.schedule, now()) });
      }
      logger.info({ jobs: options.jobs.map((j) => j.name) }, "scheduler started");
    },
    async stop() {
      stopped = true;
      for (const timer of timers) timer.stop();
      timers = [];
      await Promise.allSettled([...running]);
    },
  };
}

type RunDeps = { db: Db; now: () => Date; logger: Logger };

/** Upserts the job's row of the `jobs` table (its schedule and `values`) for the Operations page. */
async function recordJob(
  { db, now }: Pick<RunDeps, "db" | "now">,
  job: Job,
  values: Partial<typeof jobs.$inferInsert>,
) {
  await db
    .insert(jobs)
    .values({ name: job.name, schedule: job.schedule, ...values, updatedAt: now() })
    .onConflictDoUpdate({
      target: jobs.name,
      set: { schedule: job.schedule, ...values, updatedAt: now() },
    });
}

/**
 * Runs `job` once under its advisory lock, recording its start and its end (status, result or
 * error cut to 500 characters, next run); 'skipped' when the lock is held elsewhere.
 * @throws when the lock or the jobs table fails (the job's own errors are its 'failed' run).
 */
async function runLocked(deps: RunDeps, job: Job): Promise<JobRun> {
  const { db, now } = deps;
  const ctx: JobContext = { db, now, logger: deps.logger.child({ job: job.name }) };
  const outcome = await withJobLock(db, job.name, async (): Promise<JobRun> => {
    await recordJob(deps, job, { lastStatus: "running", lastStartedAt: now() });
    const run = await runCaught(job, ctx);
    const finishedAt = now();
    await recordJob(deps, job, {
      lastStatus: run.status,
      lastFinishedAt: finishedAt,
      lastResult: run.status === "ok" ? run.result : null,
      lastError: run.status === "failed" ? run.error.slice(0, 500) : null,
      nextRunAt: nextRunOf(job.schedule, finishedAt),
    });
    return run;
  });
  if (!outcome.ran) return { status: "skipped" };
  const run = outcome.value;
  if (run.status === "failed") ctx.logger.error({ err: run.error }, "job failed");
  else ctx.logger.info({ result: run.status === "ok" ? run.result : "" }, "job ran");
  return run;
}

/** The job's run as an outcome: its result cut to 500 characters, or its error's message. */
async function runCaught(job: Job, ctx: JobContext): Promise<JobRun> {
  try {
    return { status: "ok", result: (await job.run(ctx)).slice(0, 500) };
  } catch (err) {
    return { status: "failed", error: err instanceof Error ? err.message : String(err) };
  }
}
