/**
 * Pay & Commissions (admin spec §2, issue 13; managers only): Create Pay Run for a member and a
 * period — hours, overtime, commission and tips are computed on the server from their closed
 * time entries and sales — the four cards (Total Payroll, Total Hours, Pending Approval, Paid),
 * and the last 10 pay runs with Approve and a printable pay slip.
 */
import { Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Badge } from "#app/features/admin/kit/badge.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { DataTable } from "#app/features/admin/kit/data-table.tsx";
import { serverMessageOr, useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { apiRequest } from "#app/lib/api.ts";
import { formatNairaExact } from "#common/money.ts";
import type { PayRun, PayRunSummary, StaffMember } from "#common/staff.ts";
import { CreatePayRunDialog } from "./pay-run-dialog.tsx";

function Card({ title, value }: { title: string; value: string }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <p className="text-sm text-gray-700">{title}</p>
      <p className="mt-1 text-2xl font-semibold text-ink">{value}</p>
    </div>
  );
}

export function PayRunsTable({
  caption = "Pay runs",
  runs,
  onApprove,
  pendingKey,
}: {
  /** The table's (and its scroll region's) name. */
  caption?: string;
  runs: PayRun[];
  onApprove?: (run: PayRun) => void;
  pendingKey?: (id: number) => boolean;
}) {
  return (
    <DataTable
      caption={caption}
      className="min-w-[760px]"
      columns={[
        { header: "Staff member", className: "font-medium", cell: (r) => r.staffName },
        { header: "Period", cell: (r) => `${r.payPeriodStart} – ${r.payPeriodEnd}` },
        {
          header: "Hours",
          align: "right",
          cell: (r) =>
            `${r.regularHours.toFixed(2)}${r.overtimeHours > 0 ? ` + ${r.overtimeHours.toFixed(2)} OT` : ""}`,
        },
        { header: "Gross", align: "right", cell: (r) => formatNairaExact(r.grossPay) },
        {
          header: "Net",
          align: "right",
          className: "font-medium",
          cell: (r) => formatNairaExact(r.netPay),
        },
        {
          header: "Status",
          cell: (r) => (
            <Badge tone={r.status === "paid" ? "green" : "amber"}>
              {r.status === "paid" ? "Paid" : "Pending"}
            </Badge>
          ),
        },
        {
          header: "Actions",
          hideHeader: true,
          cell: (r) => <PayRunActions run={r} onApprove={onApprove} pendingKey={pendingKey} />,
        },
      ]}
      rows={runs}
      rowKey={(r) => r.id}
      empty="No pay runs yet."
    />
  );
}

/** Approve (for a pending run, when the viewer may approve) and the printable pay slip. */
function PayRunActions({
  run: r,
  onApprove,
  pendingKey,
}: {
  run: PayRun;
  onApprove?: (run: PayRun) => void;
  pendingKey?: (id: number) => boolean;
}) {
  return (
    <div className="flex justify-end gap-2">
      {onApprove && r.status === "pending" && (
        <button
          type="button"
          className={adminButton.outline}
          disabled={pendingKey?.(r.id)}
          onClick={() => onApprove(r)}
          aria-label={`Approve pay run of ${r.staffName} for ${r.payPeriodStart} – ${r.payPeriodEnd}`}
        >
          Approve
        </button>
      )}
      <Link
        to={`/admin/staff/pay-runs/${r.id}`}
        className={adminButton.outline}
        aria-label={`Pay slip of ${r.staffName} for ${r.payPeriodStart} – ${r.payPeriodEnd}`}
      >
        Pay slip
      </Link>
    </div>
  );
}

export function PayTab({
  members,
  runs,
  summary,
}: {
  members: StaffMember[];
  runs: PayRun[];
  summary: PayRunSummary;
}) {
  const [creating, setCreating] = useState(false);
  const approve = useAdminMutation({
    success: { title: "Pay run approved" },
    failure: serverMessageOr("Failed to approve pay run"),
  });
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Pay &amp; Commissions</h2>
        <button type="button" className={adminButton.primary} onClick={() => setCreating(true)}>
          <Plus className="h-4 w-4" aria-hidden />
          Create Pay Run
        </button>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Card title="Total Payroll" value={formatNairaExact(summary.totalPayroll)} />
        <Card title="Total Hours" value={summary.totalHours.toFixed(2)} />
        <Card title="Pending Approval" value={String(summary.pendingCount)} />
        <Card title="Paid" value={String(summary.paidCount)} />
      </div>
      <div>
        <h3 className="mb-2 text-lg font-semibold">Recent Pay Runs</h3>
        <PayRunsTable
          caption="Recent Pay Runs"
          runs={runs}
          onApprove={(r) =>
            void approve.run(() => apiRequest("POST", `/api/pay-runs/${r.id}/approve`), {
              key: r.id,
            })
          }
          pendingKey={approve.isPending}
        />
      </div>
      <CreatePayRunDialog open={creating} onOpenChange={setCreating} members={members} />
    </div>
  );
}
