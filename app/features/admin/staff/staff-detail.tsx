/**
 * A member's detail (admin spec §2 "Staff management"): Back to Team, their staff access (Grant
 * access made real: an emailed invitation with a sign-in role), and tabs Overview (this month's
 * real figures), Personal, Workspace (weekly schedule, last 5 time entries) and Pay (managers).
 */
import { ArrowLeft } from "lucide-react";
import { Tabs } from "radix-ui";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Badge } from "#app/features/admin/kit/badge.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { ConfirmDialog } from "#app/features/admin/kit/confirm-dialog.tsx";
import { serverMessageOr, useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { apiRequest } from "#app/lib/api.ts";
import { formatNaira, formatNairaExact } from "#common/money.ts";
import { ACCESS_ROLE_LABELS } from "#common/roles.ts";
import type { StaffSchedule, StaffScreenData } from "#common/staff.ts";
import { GrantAccessDialog } from "./grant-access-dialog.tsx";
import { PayRunsTable } from "./pay-tab.tsx";
import { ScheduleEditor } from "./schedule-editor.tsx";
import { fullName, hoursText, label, staffHref, when } from "./staff-format.ts";
import { STATUS_TONE } from "./team-tab.tsx";

const tabClass =
  "rounded-md px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-100 data-[state=active]:bg-brand-100 data-[state=active]:text-brand-900";

function Figure({ title, value }: { title: string; value: string }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-4">
      <p className="text-sm text-gray-700">{title}</p>
      <p className="mt-1 text-xl font-semibold text-ink">{value}</p>
    </div>
  );
}

function Row({ name, value }: { name: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 border-b border-gray-100 py-2 text-sm">
      <dt className="text-gray-700">{name}</dt>
      <dd className="text-right font-medium">{value}</dd>
    </div>
  );
}

export function StaffDetail({
  detail,
  schedules,
  view,
  canManage,
  seesPay,
  viewerStaffId = null,
}: {
  detail: NonNullable<StaffScreenData["detail"]>;
  schedules: StaffSchedule[];
  view: string;
  canManage: boolean;
  seesPay: boolean;
  /** The signed-in account's staff record, if any: its own second step is not reset here. */
  viewerStaffId?: number | null;
}) {
  const navigate = useNavigate();
  const { member, overview, entries, payRuns } = detail;
  const views = ["overview", "personal", "workspace", ...(seesPay ? ["pay"] : [])];
  const current = views.includes(view) ? view : "overview";
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <Link
        to={staffHref({})}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back to Team
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4 rounded-lg border border-gray-200 bg-white p-4">
        <div>
          <h2 className="text-xl font-semibold text-ink">{fullName(member)}</h2>
          <p className="text-sm text-gray-700">
            {label(member.role)} · {label(member.department)} · {member.email}
          </p>
          <div className="mt-2">
            <Badge tone={STATUS_TONE[member.status] ?? "gray"}>{label(member.status)}</Badge>
          </div>
        </div>
        <AccessPanel
          detail={detail}
          canManage={canManage}
          isOwnAccount={viewerStaffId === detail.member.id}
        />
      </div>
      <Tabs.Root
        value={current}
        onValueChange={(v) =>
          navigate(staffHref({ member: member.id, view: v }), {
            replace: true,
            preventScrollReset: true,
          })
        }
      >
        <Tabs.List
          aria-label="Staff member details"
          className="flex flex-wrap gap-1 border-b border-gray-200 pb-2"
        >
          <Tabs.Trigger value="overview" className={tabClass}>
            Overview
          </Tabs.Trigger>
          <Tabs.Trigger value="personal" className={tabClass}>
            Personal
          </Tabs.Trigger>
          <Tabs.Trigger value="workspace" className={tabClass}>
            Workspace
          </Tabs.Trigger>
          {seesPay && (
            <Tabs.Trigger value="pay" className={tabClass}>
              Pay
            </Tabs.Trigger>
          )}
        </Tabs.List>
        <Tabs.Content value="overview" className="mt-4">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Figure
              title="Appointments this month"
              value={String(overview.appointmentsThisMonth)}
            />
            <Figure title="Services sold" value={String(overview.servicesSold)} />
            <Figure title="Products sold" value={String(overview.productsSold)} />
            <Figure title="Sales this month" value={formatNaira(overview.salesThisMonth)} />
            <Figure title="Hours this month" value={hoursText(overview.hoursThisMonth)} />
            <Figure title="Hours this week" value={hoursText(overview.hoursThisWeek)} />
            {overview.totalPay !== null && (
              <Figure title="Total pay" value={formatNairaExact(overview.totalPay)} />
            )}
          </div>
          {overview.servicesSold === 0 && overview.productsSold === 0 && (
            <p className="mt-3 text-sm text-gray-700">No sales data available this month.</p>
          )}
        </Tabs.Content>
        <Tabs.Content value="personal" className="mt-4 grid grid-cols-1 gap-6 md:grid-cols-2">
          <section>
            <h3 className="mb-2 font-semibold">Profile</h3>
            <dl>
              <Row name="First name" value={member.firstName} />
              <Row name="Last name" value={member.lastName} />
              <Row name="Email" value={member.email} />
              <Row name="Phone" value={member.phone || "—"} />
              <Row name="Date of birth" value="—" />
              <Row name="Country" value="—" />
            </dl>
          </section>
          <section>
            <h3 className="mb-2 font-semibold">Work</h3>
            <dl>
              <Row name="Role" value={label(member.role)} />
              <Row name="Department" value={label(member.department)} />
              <Row name="Start date" value={member.startDate} />
              <Row name="Status" value={label(member.status)} />
              <Row name="Calendar colour" value="Blue" />
            </dl>
          </section>
        </Tabs.Content>
        <Tabs.Content value="workspace" className="mt-4 grid grid-cols-1 gap-6 lg:grid-cols-2">
          <section>
            <h3 className="mb-2 font-semibold">Weekly Schedule</h3>
            <ScheduleEditor
              key={member.id}
              staffId={member.id}
              schedules={schedules.filter((s) => s.staffId === member.id)}
              canEdit={canManage}
            />
          </section>
          <section>
            <h3 className="mb-2 font-semibold">Recent Time Entries</h3>
            {entries.length === 0 ? (
              <p className="text-sm text-gray-700">No time entries yet.</p>
            ) : (
              <ul className="grid gap-2">
                {entries.map((e) => (
                  <li
                    key={e.id}
                    className="flex items-center justify-between gap-2 rounded border border-gray-100 px-3 py-2 text-sm"
                  >
                    <span>
                      {when(e.clockInTime)}
                      {e.clockOutTime && ` → ${when(e.clockOutTime)}`}
                    </span>
                    <span className="flex items-center gap-2">
                      {hoursText(e.totalHours)}
                      {e.clockOutTime ? (
                        <Badge tone="gray">Completed</Badge>
                      ) : (
                        <Badge tone="green">Active</Badge>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </Tabs.Content>
        {seesPay && (
          <Tabs.Content value="pay" className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-4">
            <div className="grid gap-4 sm:grid-cols-3">
              <Figure title="Total hours" value={hoursText(overview.totalHours)} />
              <Figure title="This week" value={hoursText(overview.hoursThisWeek)} />
              <Figure
                title="Hourly rate"
                value={
                  member.hourlyRate === null ? "—" : formatNairaExact(Number(member.hourlyRate))
                }
              />
            </div>
            <PayRunsTable runs={payRuns ?? []} />
          </Tabs.Content>
        )}
      </Tabs.Root>
    </div>
  );
}

function AccessPanel({
  detail,
  canManage,
  isOwnAccount,
}: {
  detail: NonNullable<StaffScreenData["detail"]>;
  canManage: boolean;
  isOwnAccount: boolean;
}) {
  const { member } = detail;
  const access = member.access;
  const [granting, setGranting] = useState(false);
  const [revoking, setRevoking] = useState(false);
  const [resettingTwoStep, setResettingTwoStep] = useState(false);
  const revoke = useAdminMutation({
    success: { title: "Access removed" },
    failure: serverMessageOr("Failed to remove access"),
    onSuccess: () => setRevoking(false),
  });
  const resetTwoStep = useAdminMutation({
    success: {
      title: "Two-step sign-in reset",
      description: `${member.firstName} now signs in with their password only.`,
    },
    failure: serverMessageOr("Failed to reset two-step sign-in"),
    onSuccess: () => setResettingTwoStep(false),
  });
  const twoStep = access.state === "active" && access.twoStep;
  const stateText =
    access.state === "none"
      ? "No sign-in yet"
      : access.state === "invited"
        ? `Invitation sent (${ACCESS_ROLE_LABELS[access.role]})`
        : `Signs in as ${ACCESS_ROLE_LABELS[access.role]}`;
  return (
    <section
      aria-labelledby="access-heading"
      className="min-w-56 rounded-md bg-gray-50 p-3 text-sm"
    >
      <h3 id="access-heading" className="font-semibold">
        Staff access
      </h3>
      <p className="text-gray-700">{stateText}</p>
      {access.state === "active" && (
        <p className="text-gray-700">Two-step sign-in: {twoStep ? "On" : "Off"}</p>
      )}
      {canManage && member.status === "active" && (
        <div className="mt-2 flex flex-wrap gap-2">
          <button type="button" className={adminButton.outline} onClick={() => setGranting(true)}>
            {access.state === "none"
              ? "Grant access"
              : access.state === "invited"
                ? "Resend invitation"
                : "Change role"}
          </button>
          {access.state !== "none" && (
            <button type="button" className={adminButton.danger} onClick={() => setRevoking(true)}>
              Remove access
            </button>
          )}
          {twoStep && !isOwnAccount && (
            <button
              type="button"
              className={adminButton.outline}
              onClick={() => setResettingTwoStep(true)}
            >
              Reset two-step sign-in
            </button>
          )}
        </div>
      )}
      <GrantAccessDialog open={granting} onOpenChange={setGranting} member={member} />
      <ConfirmDialog
        open={revoking}
        onOpenChange={setRevoking}
        title="Remove access"
        description={`${fullName(member)} will be signed out and can no longer sign in.`}
        confirmLabel="Remove access"
        confirmDisabled={revoke.pending}
        onConfirm={() =>
          void revoke.run(() => apiRequest("DELETE", `/api/staff/${member.id}/access`))
        }
      />
      <ConfirmDialog
        open={resettingTwoStep}
        onOpenChange={setResettingTwoStep}
        title="Reset two-step sign-in"
        description={`${fullName(member)} will sign in with their password only, and can set up an authenticator app again from Account security. Do this only once you are sure it is them asking.`}
        confirmLabel="Reset two-step sign-in"
        confirmDisabled={resetTwoStep.pending}
        onConfirm={() =>
          void resetTwoStep.run(() => apiRequest("DELETE", `/api/staff/${member.id}/two-step`))
        }
      />
    </section>
  );
}
