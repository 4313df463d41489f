/**
 * GET /api/admin/jobs (manager): the scheduled jobs with their last run and next run.
 * POST /api/admin/jobs/{name}/run (manager): runs one now, under the same lock as the schedule
 * (audited 'job.run'); answers the run's outcome and the job after it (issue 16).
 */
import { Router } from "express";
import { z } from "zod";
import type { JobRunAnswer } from "#common/operations.ts";
import { AREA_ROLES } from "#common/roles.ts";
import type { Db } from "#server/db/client.ts";
import { HttpError, handler, parse } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import { requireRole } from "#server/modules/auth/roles.ts";
import type { Scheduler } from "#server/scheduler/scheduler.ts";
import { listJobs } from "./service.ts";

/** A job name in a URL: kebab-case, as the jobs are named. */
export const jobNameSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,62}$/, "A job name is lower-case letters, digits and dashes");

export function operationsRouter(db: Db, scheduler: Pick<Scheduler, "jobs" | "runJob">): Router {
  const router = Router();
  router.get(
    "/admin/jobs",
    requireRole(...AREA_ROLES.operations),
    handler(async (_req, res) => {
      res.json(await listJobs(db, scheduler.jobs));
    }),
  );
  router.post(
    "/admin/jobs/:name/run",
    requireRole(...AREA_ROLES.operations),
    handler(async (req, res) => {
      const name = parse(jobNameSchema, req.params.name);
      if (!scheduler.jobs.some((j) => j.name === name)) {
        throw new HttpError(404, "No scheduled job has this name");
      }
      const run = await scheduler.runJob(name);
      if (req.admin) {
        await recordAudit(db, req.admin, {
          action: "job.run",
          entity: "job",
          entityId: name,
          details: { status: run.status },
        });
      }
      const job = (await listJobs(db, scheduler.jobs)).find((j) => j.name === name);
      const answer: JobRunAnswer = { run, job: job as JobRunAnswer["job"] };
      res.json(answer);
    }),
  );
  return router;
}
