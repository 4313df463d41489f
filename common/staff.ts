/**
 * Staff constants (admin spec §3 "Staff member", "Staff schedule", "Time entry", "Pay run", §4).
 * Pure values and types only; the database builds its CHECK constraints from these lists
 * (server/db/schema/staff.ts), so a value added here needs a migration.
 */

/** Job roles; display labels only, they grant nothing (admin spec §6). */
export const STAFF_ROLES = [
  "therapist",
  "receptionist",
  "manager",
  "cleaner",
  "assistant",
] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_DEPARTMENTS = ["treatments", "administration", "maintenance", "sales"] as const;
export type StaffDepartment = (typeof STAFF_DEPARTMENTS)[number];

/** Staff statuses; only active staff can clock in or out (admin spec §4). Defaults to active. */
export const STAFF_STATUSES = ["active", "inactive", "archived"] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

/** A time entry is clocked in until its clock-out time is set (admin spec §4). */
export const TIME_ENTRY_STATUSES = ["clocked_in", "clocked_out"] as const;
export type TimeEntryStatus = (typeof TIME_ENTRY_STATUSES)[number];

/** Pay runs are created pending; paid has no action in the spec's screens (admin spec §4). */
export const PAY_RUN_STATUSES = ["pending", "paid"] as const;
export type PayRunStatus = (typeof PAY_RUN_STATUSES)[number];

/** Where a schedule is worked unless told otherwise. */
export const DEFAULT_SCHEDULE_LOCATION = "Main";

/** Days of a staff schedule: 0 Sunday to 6 Saturday (admin spec §3). */
export const DAY_OF_WEEK_MIN = 0;
export const DAY_OF_WEEK_MAX = 6;
