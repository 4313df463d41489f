/**
 * Scheduled jobs as the admin's Operations page and GET /api/admin/jobs show them (issue 16:
 * "the jobs, their last run and result visible to the manager in the admin").
 */

/** One scheduled job: what it is, and its last run as recorded by whichever instance ran it. */
export type JobView = {
  name: string;
  /** What the job does; null for a job recorded by another instance but not defined here. */
  description: string | null;
  /** Cron pattern, read in Africa/Lagos time. */
  schedule: string;
  /** 'running', 'ok' or 'failed'; null before its first run. */
  lastStatus: "running" | "ok" | "failed" | null;
  /** ISO 8601 UTC; null before its first run. */
  lastStartedAt: string | null;
  /** ISO 8601 UTC; null while the first run is under way or before it. */
  lastFinishedAt: string | null;
  /** The last good run's short result, e.g. '3 checked: 1 paid, 2 expired'. */
  lastResult: string | null;
  /** The last failed run's error message. */
  lastError: string | null;
  /** ISO 8601 UTC; null when not scheduled yet (SCHEDULER=off and never run). */
  nextRunAt: string | null;
};

/** What POST /api/admin/jobs/{name}/run answers: the run's outcome and the job after it. */
export type JobRunAnswer = {
  run:
    | { status: "ok"; result: string }
    | { status: "failed"; error: string }
    | { status: "skipped" };
  job: JobView;
};

/** What the admin Operations screen reads (server/modules/operations/pages.ts). */
export type OperationsPages = {
  /** Every job of this process, then any other recorded, in the scheduler's order. */
  jobs(): Promise<JobView[]>;
};

/** A cron pattern in words for the common shapes the jobs use; the pattern itself otherwise. */
export function describeSchedule(schedule: string): string {
  const fields = schedule.trim().split(/\s+/);
  if (fields.length !== 5) return schedule;
  const [minute, hour, day, month, weekday] = fields as [string, string, string, string, string];
  const everyDay = day === "*" && month === "*" && weekday === "*";
  if (!everyDay) return schedule;
  if (minute === "*" && hour === "*") return "Every minute";
  const step = /^\*\/(\d+)$/.exec(minute);
  if (step && hour === "*") return `Every ${step[1]} minutes`;
  if (/^\d+$/.test(minute) && /^\d+$/.test(hour)) {
    return `Daily at ${hour.padStart(2, "0")}:${minute.padStart(2, "0")} (Lagos)`;
  }
  return schedule;
}
