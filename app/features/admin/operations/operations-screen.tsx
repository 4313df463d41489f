/**
 * Operations (issue 16): the scheduled jobs of the server with their schedule, last run (Lagos
 * time), result or error, and next run, and a Run now button per job for the manager. The route
 * loader reads the jobs from the server (server/modules/operations/service.ts `listJobs`); Run
 * now posts to /api/admin/jobs/{name}/run and the page reloads its data.
 */
import { Badge, type BadgeTone } from "#app/features/admin/kit/badge.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { type Column, DataTable } from "#app/features/admin/kit/data-table.tsx";
import { EmptyState } from "#app/features/admin/kit/empty-state.tsx";
import { PageHeader } from "#app/features/admin/kit/page-header.tsx";
import { useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { apiRequest } from "#app/lib/api.ts";
import { formatLagosDateTime } from "#common/lagos-time.ts";
import { describeSchedule, type JobRunAnswer, type JobView } from "#common/operations.ts";

const STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  ok: { label: "OK", tone: "green" },
  running: { label: "Running", tone: "amber" },
  failed: { label: "Failed", tone: "red" },
};

/** The toast after Run now: the job's result, its error, or that another instance has it. */
export function runToast(name: string, run: JobRunAnswer["run"]) {
  if (run.status === "ok") return { title: `${name} ran`, description: run.result };
  if (run.status === "skipped") {
    return { title: `${name} is already running`, description: "Another run has not finished." };
  }
  return { title: `${name} failed`, description: run.error, variant: "destructive" as const };
}

function RunNow({ job, run }: { job: JobView; run: ReturnType<typeof useAdminMutation> }) {
  return (
    <button
      type="button"
      className={adminButton.outline}
      disabled={run.pending}
      aria-label={`Run ${job.name} now`}
      onClick={() =>
        void run.run(() => apiRequest<JobRunAnswer>("POST", `/api/admin/jobs/${job.name}/run`), {
          key: job.name,
          success: (answer) => runToast(job.name, (answer as JobRunAnswer).run),
        })
      }
    >
      {run.isPending(job.name) ? "Running…" : "Run now"}
    </button>
  );
}

function lastRun(j: JobView): string {
  return j.lastStartedAt ? formatLagosDateTime(j.lastStartedAt) : "Never";
}

function nextRun(j: JobView): string {
  return j.nextRunAt ? formatLagosDateTime(j.nextRunAt) : "Not scheduled";
}

function JobResult({ job }: { job: JobView }) {
  const status = job.lastStatus ? STATUS[job.lastStatus] : null;
  if (!status) return <span className="text-gray-700">—</span>;
  return (
    <div className="grid gap-1">
      <span>
        <Badge tone={status.tone}>{status.label}</Badge>
      </span>
      {job.lastStatus === "failed" ? (
        <span className="text-red-800">{job.lastError}</span>
      ) : (
        job.lastResult && <span>{job.lastResult}</span>
      )}
    </div>
  );
}

/** A phone's view of one job: the table's columns as a card (the table needs ~900 px). */
function JobCard({ job, run }: { job: JobView; run: ReturnType<typeof useAdminMutation> }) {
  return (
    <li className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <article aria-labelledby={`job-${job.name}`} className="grid gap-2 text-sm">
        <h2 id={`job-${job.name}`} className="font-semibold text-ink">
          {job.name}
        </h2>
        {job.description && <p className="text-xs text-gray-700">{job.description}</p>}
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-gray-700">Schedule</dt>
          <dd title={job.schedule}>{describeSchedule(job.schedule)}</dd>
          <dt className="text-gray-700">Last run</dt>
          <dd>{lastRun(job)}</dd>
          <dt className="text-gray-700">Result</dt>
          <dd>
            <JobResult job={job} />
          </dd>
          <dt className="text-gray-700">Next run</dt>
          <dd>{nextRun(job)}</dd>
        </dl>
        {job.description && (
          <div>
            <RunNow job={job} run={run} />
          </div>
        )}
      </article>
    </li>
  );
}

export function OperationsScreen({ jobs }: { jobs: readonly JobView[] }) {
  const run = useAdminMutation<unknown>({ failure: "The job could not be started." });
  const columns: Column<JobView>[] = [
    {
      header: "Job",
      cell: (j) => (
        <div>
          <p className="font-medium text-ink">{j.name}</p>
          {j.description && <p className="text-xs text-gray-700">{j.description}</p>}
        </div>
      ),
    },
    {
      header: "Schedule",
      className: "whitespace-nowrap",
      cell: (j) => <span title={j.schedule}>{describeSchedule(j.schedule)}</span>,
    },
    {
      header: "Last run (Lagos)",
      className: "whitespace-nowrap",
      cell: lastRun,
    },
    {
      header: "Result",
      cell: (j) => <JobResult job={j} />,
    },
    {
      header: "Next run (Lagos)",
      className: "whitespace-nowrap",
      cell: nextRun,
    },
    {
      header: "Actions",
      cell: (j) => (j.description ? <RunNow job={j} run={run} /> : null),
    },
  ];
  return (
    <>
      <PageHeader title="Operations" />
      <p className="mb-4 max-w-3xl text-sm text-gray-700">
        Work the server does on its own: checking unpaid orders with Paystack, sending emails and
        WhatsApp messages (and trying failed ones again), appointment reminders, the daily backup
        and clearing old advisor chats. With several servers, one runs each job at a time.
      </p>
      {jobs.length === 0 ? (
        <EmptyState>
          <p className="font-semibold text-ink">No scheduled jobs.</p>
          <p className="mt-1 text-sm">This server runs none; check its SCHEDULER setting.</p>
        </EmptyState>
      ) : (
        <>
          <ul className="grid gap-3 md:hidden" aria-label="Scheduled jobs">
            {jobs.map((j) => (
              <JobCard key={j.name} job={j} run={run} />
            ))}
          </ul>
          <div className="hidden md:block">
            <DataTable
              caption="Scheduled jobs"
              columns={columns}
              rows={jobs}
              rowKey={(j) => j.name}
            />
          </div>
        </>
      )}
    </>
  );
}
