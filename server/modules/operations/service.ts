/**
 * The scheduled jobs' records as the admin reads them (issue 16): the jobs this process defines,
 * each with its row in `jobs` (written by whichever instance ran it), then rows of jobs only
 * another instance defines (e.g. a backup job that only some instances run).
 */
import type { JobView } from "#common/operations.ts";
import type { Db } from "#server/db/client.ts";
import { jobs } from "#server/db/schema/operations.ts";

/** A job as defined in this process (server/scheduler/scheduler.ts `Job`, without `run`). */
export type DefinedJob = { name: string; schedule: string; description: string };

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Every defined job with its last run, then the recorded jobs not defined here. */
export async function listJobs(db: Db, defined: readonly DefinedJob[]): Promise<JobView[]> {
  const rows = await db.select().from(jobs);
  const byName = new Map(rows.map((r) => [r.name, r]));
  const view = (
    name: string,
    schedule: string,
    description: string | null,
    row: (typeof rows)[number] | undefined,
  ): JobView => ({
    name,
    description,
    schedule,
    lastStatus: (row?.lastStatus as JobView["lastStatus"]) ?? null,
    lastStartedAt: iso(row?.lastStartedAt ?? null),
    lastFinishedAt: iso(row?.lastFinishedAt ?? null),
    lastResult: row?.lastResult ?? null,
    lastError: row?.lastError ?? null,
    nextRunAt: iso(row?.nextRunAt ?? null),
  });
  const names = new Set(defined.map((j) => j.name));
  return [
    ...defined.map((j) => view(j.name, j.schedule, j.description, byName.get(j.name))),
    ...rows
      .filter((r) => !names.has(r.name))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((r) => view(r.name, r.schedule, null, r)),
  ];
}
