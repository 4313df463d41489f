/**
 * Time Tracking (admin spec §2, issue 13): Clock In, Clock Out and Break cards, each with a select
 * of active staff (a therapist only themself), and the last 10 entries — Active or Completed,
 * hours less unpaid breaks, Lagos times. A manager can correct an entry (a forgotten clock-out).
 */
import { Coffee, LogIn, LogOut } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Badge } from "#app/features/admin/kit/badge.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { DataTable } from "#app/features/admin/kit/data-table.tsx";
import { sendOrQueue } from "#app/features/admin/kit/offline-requests.ts";
import { serverMessageOr, useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import type { StaffMember, TimeEntry } from "#common/staff.ts";
import { fullName, hoursText, when } from "./staff-format.ts";
import { CorrectionDialog } from "./time-correction-dialog.tsx";

function ClockCard({
  title,
  icon,
  options,
  empty,
  children,
}: {
  title: string;
  icon: ReactNode;
  options: Array<{ id: number; name: string }>;
  empty: string;
  children: (staffId: number | null) => ReactNode;
}) {
  const id = useId();
  const [chosen, setChosen] = useState("");
  const valid = options.some((o) => String(o.id) === chosen) ? Number(chosen) : null;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
    >
      <h3 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
        {icon}
        {title}
      </h3>
      {options.length === 0 ? (
        <p className="text-sm text-gray-700">{empty}</p>
      ) : (
        <>
          <label htmlFor={id} className="text-sm font-medium text-gray-800">
            Staff member
          </label>
          <select
            id={id}
            value={valid === null ? "" : String(valid)}
            onChange={(e) => setChosen(e.target.value)}
            className="block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-sm"
          >
            <option value="">Select staff member</option>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </>
      )}
      <div className="mt-auto flex flex-wrap gap-2">{children(valid)}</div>
    </section>
  );
}

export function TimeTab({
  members,
  entries,
  open,
  canCorrect,
  ownStaffId,
}: {
  members: StaffMember[];
  entries: TimeEntry[];
  /** Open entries (clocked in now). */
  open: TimeEntry[];
  canCorrect: boolean;
  /** A therapist's own member id: they clock only themself. */
  ownStaffId: number | null;
}) {
  const [correcting, setCorrecting] = useState<TimeEntry | null>(null);
  const clock = useAdminMutation({
    failure: serverMessageOr("Something went wrong. Please try again."),
  });
  const active = members.filter(
    (m) => m.status === "active" && (ownStaffId === null || m.id === ownStaffId),
  );
  const openIds = new Set(open.map((e) => e.staffId));
  const toOption = (m: StaffMember) => ({ id: m.id, name: fullName(m) });
  const canClockIn = active.filter((m) => !openIds.has(m.id)).map(toOption);
  const clockedIn = active.filter((m) => openIds.has(m.id)).map(toOption);
  const onBreak = new Set(open.filter((e) => e.onBreak).map((e) => e.staffId));

  // Offline (issue 35) the clock is kept with its time and sent when the connection returns.
  const post = (path: string, staffId: number, title: string) => {
    const offline = !navigator.onLine;
    const name = active.find((m) => m.id === staffId);
    return clock.run(
      () =>
        sendOrQueue({
          method: "POST",
          url: `/api/time-tracking/${path}`,
          body: { staffId },
          label: `${path === "clock-in" ? "Clock in" : "Clock out"}: ${name ? fullName(name) : ""}`,
          dated: true,
        }),
      offline
        ? {
            success: {
              title: "Saved offline",
              description:
                "No connection: it will be sent, with this time, when the connection returns.",
            },
            after: "none",
            key: path,
          }
        : { success: { title }, key: path },
    );
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        <ClockCard
          title="Clock In"
          icon={<LogIn className="h-5 w-5 text-green-700" aria-hidden />}
          options={canClockIn}
          empty="Everyone active is clocked in."
        >
          {(staffId) => (
            <button
              type="button"
              className={adminButton.primary}
              disabled={staffId === null || clock.pending}
              onClick={() => staffId && post("clock-in", staffId, "Clocked in successfully!")}
            >
              Clock In
            </button>
          )}
        </ClockCard>
        <ClockCard
          title="Clock Out"
          icon={<LogOut className="h-5 w-5 text-red-700" aria-hidden />}
          options={clockedIn}
          empty="Nobody is clocked in."
        >
          {(staffId) => (
            <button
              type="button"
              className={adminButton.primary}
              disabled={staffId === null || clock.pending}
              onClick={() => staffId && post("clock-out", staffId, "Clocked out successfully!")}
            >
              Clock Out
            </button>
          )}
        </ClockCard>
        <ClockCard
          title="Break"
          icon={<Coffee className="h-5 w-5 text-amber-700" aria-hidden />}
          options={clockedIn.map((o) => ({
            ...o,
            name: onBreak.has(o.id) ? `${o.name} (on break)` : o.name,
          }))}
          empty="Breaks are taken while clocked in. Breaks are unpaid and come off the hours."
        >
          {(staffId) =>
            staffId !== null && onBreak.has(staffId) ? (
              <button
                type="button"
                className={adminButton.outline}
                disabled={clock.pending}
                onClick={() => post("break-end", staffId, "Break ended")}
              >
                End Break
              </button>
            ) : (
              <button
                type="button"
                className={adminButton.outline}
                disabled={staffId === null || clock.pending}
                onClick={() => staffId && post("break-start", staffId, "Break started")}
              >
                Start Break
              </button>
            )
          }
        </ClockCard>
      </div>

      <div>
        <h3 className="mb-2 text-lg font-semibold">Recent Time Entries</h3>
        <DataTable
          caption="Recent Time Entries"
          className="min-w-[640px]"
          columns={[
            { header: "Staff member", className: "font-medium", cell: (e) => e.staffName },
            { header: "Clock in", cell: (e) => when(e.clockInTime) },
            { header: "Clock out", cell: (e) => (e.clockOutTime ? when(e.clockOutTime) : "—") },
            { header: "Breaks", cell: breakText },
            { header: "Hours", align: "right", cell: (e) => hoursText(e.totalHours) },
            { header: "Status", cell: entryStatus },
            ...(canCorrect
              ? [
                  {
                    header: "Actions",
                    hideHeader: true,
                    cell: (e: TimeEntry) => (
                      <button
                        type="button"
                        className={adminButton.outline}
                        onClick={() => setCorrecting(e)}
                        aria-label={`Correct entry of ${e.staffName} from ${when(e.clockInTime)}`}
                      >
                        Correct
                      </button>
                    ),
                  },
                ]
              : []),
          ]}
          rows={entries}
          rowKey={(e) => e.id}
          empty="No time entries yet. Clock someone in to start."
        />
      </div>
      <CorrectionDialog entry={correcting} onClose={() => setCorrecting(null)} />
    </div>
  );
}

/** Completed once clocked out, else Active (or Active on break). */
function entryStatus(e: TimeEntry) {
  return e.clockOutTime ? (
    <Badge tone="gray">Completed</Badge>
  ) : (
    <Badge tone="green">{e.onBreak ? "Active (on break)" : "Active"}</Badge>
  );
}

/** '2 (45 min)': the count of breaks and their minutes so far. */
function breakText(e: TimeEntry): string {
  if (e.breaks.length === 0) return "—";
  const minutes = e.breaks.reduce((sum, b) => {
    const end = b.endedAt ? new Date(b.endedAt).getTime() : Date.now();
    return sum + Math.max(0, end - new Date(b.startedAt).getTime()) / 60_000;
  }, 0);
  return `${e.breaks.length} (${Math.round(minutes)} min)`;
}
