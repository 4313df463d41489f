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
import { formatLagosDateTime } from "#common/booking.ts";
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
      cell: (j) => (j.lastStartedAt ? formatLagosDateTime(j.lastStartedAt) : "Never"),
    },
    {
      header: "Result",
      cell: (j) => {
        const status = j.lastStatus ? STATUS[j.lastStatus] : null;
        if (!status) return <span className="text-gray-700">—</span>;
        return (
          <div className="grid gap-1">
            <span>
              <Badge tone={status.tone}>{status.label}</Badge>
            </span>
            {j.lastStatus === "failed" ? (
              <span className="text-red-800">{j.lastError}</span>
            ) : (
              j.lastResult && <span>{j.lastResult}</span>
            )}
          </div>
        );
      },
    },
    {
      header: "Next run (Lagos)",
      className: "whitespace-nowrap",
      cell: (j) => (j.nextRunAt ? formatLagosDateTime(j.nextRunAt) : "Not scheduled"),
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
        Work the server does on its own: checking unpaid orders with Paystack, sending failed emails
        again, the daily backup and clearing old advisor chats. With several servers, one runs each
        job at a time.
      </p>
      {jobs.length === 0 ? (
        <EmptyState>
          <p className="font-semibold text-ink">No scheduled jobs.</p>
          <p className="mt-1 text-sm">This server runs none; check its SCHEDULER setting.</p>
        </EmptyState>
      ) : (
        <DataTable caption="Scheduled jobs" columns={columns} rows={jobs} rowKey={(j) => j.name} />
      )}
    </>
  );
}
