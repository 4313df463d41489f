/**
 * Staff constants (admin spec §3 "Staff member", "Staff schedule", "Time entry", "Pay run", §4).
 * Pure values and types only; the database builds its CHECK constraints from these lists
 * (server/db/schema/staff.ts), so a value added here needs a migration.
 */
import { z } from "zod";
import { emailField, PHONE_MAX_LENGTH, personNameField } from "./contact.ts";

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

// ---------------------------------------------------------------------------------------------
// POST /api/staff (admin spec §3 "Staff member", §7): the fields of a new member.

export const STAFF_MESSAGES = {
  firstName: "First name is required",
  lastName: "Last name is required",
  email: "Valid email is required",
  role: "Role must be therapist, receptionist, manager, cleaner or assistant",
  department: "Department must be treatments, administration, maintenance or sales",
  status: "Status must be active, inactive or archived",
  hourlyRate: "Hourly rate must be a number of naira, 0 or more",
  startDate: "Start date must be YYYY-MM-DD",
  duplicateEmail: "A staff member with this email already exists",
} as const;

/** A new staff member; hourlyRate in naira (a number or its text, as the spec's string). */
export const staffInputSchema = z.object({
  firstName: personNameField({ required: STAFF_MESSAGES.firstName }),
  lastName: personNameField({ required: STAFF_MESSAGES.lastName }),
  email: emailField({ invalid: STAFF_MESSAGES.email }),
  phone: z.string({ error: "Phone must be text" }).trim().max(PHONE_MAX_LENGTH).nullish(),
  role: z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.role }).default("therapist"),
  department: z.enum(STAFF_DEPARTMENTS, { error: STAFF_MESSAGES.department }).default("treatments"),
  hourlyRate: z.coerce
    .number({ error: STAFF_MESSAGES.hourlyRate })
    .min(0, STAFF_MESSAGES.hourlyRate)
    .max(10_000_000, STAFF_MESSAGES.hourlyRate)
    .default(0),
  startDate: z
    .string({ error: STAFF_MESSAGES.startDate })
    .regex(/^\d{4}-\d{2}-\d{2}$/, STAFF_MESSAGES.startDate)
    .optional(),
  status: z.enum(STAFF_STATUSES, { error: STAFF_MESSAGES.status }).default("active"),
});
export type StaffInput = z.input<typeof staffInputSchema>;

/** A staff member as POST /api/staff answers (hourlyRate in naira, as text). */
export type StaffMember = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  role: string;
  department: string;
  hourlyRate: string;
  startDate: string;
  status: string;
  createdAt: string;
};
