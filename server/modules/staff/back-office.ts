/**
 * The staff area's part of the back office (server/back-office.ts). For now only Clear Admin
 * Data (admin spec §5: it removes staff); the staff area (issue 13) adds its dashboard source.
 */
import type { ClearableTable } from "#server/back-office.ts";
import { payRuns, staff, staffSchedules, timeEntries } from "#server/db/schema/staff.ts";

/** Time entries, pay runs and schedules before the members they belong to. */
export const staffClearable: ClearableTable[] = [
  { name: "time_entries", table: timeEntries },
  { name: "pay_runs", table: payRuns },
  { name: "staff_schedules", table: staffSchedules },
  { name: "staff", table: staff },
];
