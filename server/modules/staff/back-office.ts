/**
 * The staff area's part of the back office (server/back-office.ts): Clear Admin Data (admin
 * spec §5: it removes staff, their time entries, breaks, pay runs, schedules and sign-in
 * invitations; members' accounts go with them) and the dashboard's Top team member figures.
 */
import type { ClearableTable, DashboardSource } from "#server/back-office.ts";
import { staffInvitations } from "#server/db/schema/access.ts";
import {
  payRuns,
  staff,
  staffSchedules,
  timeEntries,
  timeEntryBreaks,
} from "#server/db/schema/staff.ts";
import { teamFigures } from "./service.ts";

/** Breaks, time entries, pay runs, schedules and invitations before the members they belong to. */
export const staffClearable: ClearableTable[] = [
  { name: "time_entry_breaks", table: timeEntryBreaks },
  { name: "time_entries", table: timeEntries },
  { name: "pay_runs", table: payRuns },
  { name: "staff_schedules", table: staffSchedules },
  { name: "staff_invitations", table: staffInvitations },
  { name: "staff", table: staff },
];

/** Top team member (admin spec §2, real figures instead of the spec's random placeholders). */
export const staffDashboard: DashboardSource = {
  teamFigures: (db, from, to) => teamFigures(db, from, to),
};
