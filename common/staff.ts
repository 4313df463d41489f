/**
 * Staff constants (admin spec §3 "Staff member", "Staff schedule", "Time entry", "Pay run", §4).
 * Pure values and types only; the database builds its CHECK constraints from these lists
 * (server/db/schema/staff.ts), so a value added here needs a migration.
 */
import { z } from "zod";
import { emailField, PHONE_MAX_LENGTH, personNameField } from "./contact.ts";
import { databaseIdSchema } from "./ids.ts";
import { hasAtMostTwoDecimals } from "./money.ts";
import { ACCESS_ROLES, type AccessRole } from "./roles.ts";

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
  commissionRate: "Commission rate must be a percentage from 0 to 100",
  startDate: "Start date must be YYYY-MM-DD",
  duplicateEmail: "A staff member with this email already exists",
  notFound: "Staff member not found",
  hasRecords:
    "This staff member has time entries or pay runs: set their status to archived instead",
  staffId: "Staff member is required",
  notActive: "Only active staff can clock in or out",
  alreadyClockedIn: "is already clocked in",
  notClockedIn: "is not clocked in",
  alreadyOnBreak: "is already on a break",
  notOnBreak: "is not on a break",
  ownClockOnly: "You can only clock yourself in and out",
  entryNotFound: "Time entry not found",
  clockTime: "Time must be a date and time (YYYY-MM-DDTHH:MM, Lagos, or ISO)",
  clockOutAfterIn: "Clock-out must be after clock-in",
  notInFuture: "Time must not be in the future",
  dayOfWeek: "Day must be 0 (Sunday) to 6 (Saturday)",
  scheduleTime: "Time must be HH:MM",
  scheduleOrder: "End time must be after start time",
  scheduleDuplicateDay: "Each day may appear only once",
  location: "Location must be at most 100 characters",
  periodStart: "Pay period start must be YYYY-MM-DD",
  periodEnd: "Pay period end must be YYYY-MM-DD",
  periodOrder: "Pay period end must be on or after its start",
  periodLength: "A pay period may be at most 31 days",
  periodOverlap: "already has a pay run covering part of this period",
  deductions: "Deductions must be a number of naira, 0 or more",
  deductionsTooHigh: "Deductions cannot be more than gross pay",
  payRunNotFound: "Pay run not found",
  alreadyPaid: "This pay run is already paid",
  accessRole: "Role must be manager, front desk or therapist",
  inactiveAccess: "Only active staff can be given access",
  invitationInvalid: "This invitation link is invalid or has expired. Ask a manager for a new one.",
  password: "Password must be at least 10 characters",
  accountExists: "An account with this email already exists",
  noAccount: "This staff member has no sign-in",
  twoStepOff: "Two-step sign-in is not on for this staff member",
  twoStepOwn: "Turn off your own two-step sign-in from Account security",
} as const;

/** Overtime: hours beyond this in one Sunday-first Lagos week are paid at the overtime rate. */
export const OVERTIME_WEEKLY_THRESHOLD_HOURS = 40;
/** Overtime is paid at the hourly rate times this. */
export const OVERTIME_MULTIPLIER = 1.5;
/** Time entries on the Time Tracking tab and in a member's Workspace (admin spec §9). */
export const TIME_ENTRIES_SHOWN = 10;
export const STAFF_DETAIL_ENTRIES_SHOWN = 5;
/** Pay runs on the Pay & Commissions tab (admin spec §9). */
export const PAY_RUNS_SHOWN = 10;
/** The longest pay period one run may cover. */
export const MAX_PAY_PERIOD_DAYS = 31;
/** Analytics look back this many days (four weeks) from today. */
export const ANALYTICS_DAYS = 28;
/** An invitation link works this long. */
export const INVITATION_DAYS = 7;
export const PASSWORD_MIN_LENGTH = 10;

const isoDate = (message: string) =>
  z.string({ error: message }).regex(/^\d{4}-\d{2}-\d{2}$/, message);

const staffFields = {
  firstName: personNameField({ required: STAFF_MESSAGES.firstName }),
  lastName: personNameField({ required: STAFF_MESSAGES.lastName }),
  email: emailField({ invalid: STAFF_MESSAGES.email }),
  phone: z.string({ error: "Phone must be text" }).trim().max(PHONE_MAX_LENGTH).nullish(),
  role: z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.role }),
  department: z.enum(STAFF_DEPARTMENTS, { error: STAFF_MESSAGES.department }),
  hourlyRate: z.coerce
    .number({ error: STAFF_MESSAGES.hourlyRate })
    .min(0, STAFF_MESSAGES.hourlyRate)
    .max(10_000_000, STAFF_MESSAGES.hourlyRate),
  /** Percent, e.g. 10 for 10%; stored as basis points. */
  commissionRate: z.coerce
    .number({ error: STAFF_MESSAGES.commissionRate })
    .min(0, STAFF_MESSAGES.commissionRate)
    .max(100, STAFF_MESSAGES.commissionRate),
  startDate: isoDate(STAFF_MESSAGES.startDate),
  status: z.enum(STAFF_STATUSES, { error: STAFF_MESSAGES.status }),
};

/**
 * A new staff member (admin spec §5 "Staff form"); hourlyRate in naira (a number or its text, as
 * the spec's string), commissionRate in percent. Start date defaults to today (Lagos) on the server.
 */
export const staffInputSchema = z.object({
  ...staffFields,
  role: staffFields.role.default("therapist"),
  department: staffFields.department.default("treatments"),
  hourlyRate: staffFields.hourlyRate.default(0),
  commissionRate: staffFields.commissionRate.default(0),
  startDate: staffFields.startDate.optional(),
  status: staffFields.status.default("active"),
});
export type StaffInput = z.input<typeof staffInputSchema>;

/** PATCH /api/staff/{id}: any of the staff fields. */
export const staffPatchSchema = z.object(staffFields).partial();

/** A staff member as the API answers (hourlyRate in naira as text; null when hidden by role). */
export type StaffMember = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  role: string;
  department: string;
  /** Naira with two decimals, e.g. '2500.00'; null for a role that may not see pay. */
  hourlyRate: string | null;
  /** Percent; null for a role that may not see pay. */
  commissionRate: number | null;
  startDate: string;
  status: string;
  createdAt: string;
  /**
   * Sign-in: the account's role and whether it signs in with a second step (issue 14), a pending
   * invitation's role, or none.
   */
  access:
    | { state: "none" }
    | { state: "invited"; role: AccessRole }
    | { state: "active"; role: AccessRole; twoStep: boolean };
};

// ---------------------------------------------------------------------------------------------
// Schedules (admin spec §3 "Staff schedule"): Lagos wall-clock times 'HH:MM'.

const hhmm = z
  .string({ error: STAFF_MESSAGES.scheduleTime })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, STAFF_MESSAGES.scheduleTime);

export const scheduleDaySchema = z
  .object({
    dayOfWeek: z.coerce
      .number({ error: STAFF_MESSAGES.dayOfWeek })
      .int(STAFF_MESSAGES.dayOfWeek)
      .min(DAY_OF_WEEK_MIN, STAFF_MESSAGES.dayOfWeek)
      .max(DAY_OF_WEEK_MAX, STAFF_MESSAGES.dayOfWeek),
    startTime: hhmm,
    endTime: hhmm,
    location: z
      .string({ error: STAFF_MESSAGES.location })
      .trim()
      .max(100, STAFF_MESSAGES.location)
      .optional()
      .transform((v) => v || DEFAULT_SCHEDULE_LOCATION),
  })
  .refine((d) => d.startTime < d.endTime, {
    message: STAFF_MESSAGES.scheduleOrder,
    path: ["endTime"],
  });

/** PUT /api/staff/{id}/schedules: the member's whole week (days left out are not worked). */
export const weekScheduleSchema = z.object({
  days: z
    .array(scheduleDaySchema, { error: "Days must be a list" })
    .max(7)
    .refine((days) => new Set(days.map((d) => d.dayOfWeek)).size === days.length, {
      message: STAFF_MESSAGES.scheduleDuplicateDay,
    }),
});

export type StaffSchedule = {
  id: number;
  staffId: number;
  dayOfWeek: number;
  startTime: string;
  endTime: string;
  location: string;
};

export const DAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

// ---------------------------------------------------------------------------------------------
// Time clock (admin spec §3 "Time entry", §4).

export const clockSchema = z.object({
  staffId: databaseIdSchema(STAFF_MESSAGES.staffId),
  /**
   * When the device clocked, for a clock in or out queued offline (issue 35; ISO 8601 with an
   * offset); the server takes it within the last week and never in the future (offlineInstant).
   */
  at: z.iso.datetime({ offset: true, error: "Clock time must be an ISO 8601 instant" }).optional(),
});

/**
 * A manager's correction of a time entry: clock-in and/or clock-out as Lagos wall time
 * 'YYYY-MM-DDTHH:MM' (or 'YYYY-MM-DD HH:MM') or an ISO instant with an offset.
 */
export const timeEntryCorrectionSchema = z
  .object({
    clockInTime: z.string({ error: STAFF_MESSAGES.clockTime }).max(40).optional(),
    clockOutTime: z.string({ error: STAFF_MESSAGES.clockTime }).max(40).optional(),
    reason: z.string({ error: "Reason must be text" }).trim().max(300).optional(),
  })
  .refine((d) => d.clockInTime !== undefined || d.clockOutTime !== undefined, {
    message: STAFF_MESSAGES.clockTime,
    path: ["clockOutTime"],
  });

export type TimeBreak = { id: number; startedAt: string; endedAt: string | null; isPaid: boolean };

export type TimeEntry = {
  id: number;
  staffId: number;
  staffName: string;
  clockInTime: string;
  clockOutTime: string | null;
  /** 'clocked_in' while open ('Active'), 'clocked_out' once closed ('Completed'). */
  status: string;
  /** Worked hours less unpaid breaks, two decimals; null while clocked in. */
  totalHours: number | null;
  breaks: TimeBreak[];
  /** Whether a break is running now. */
  onBreak: boolean;
};

// ---------------------------------------------------------------------------------------------
// Pay runs (admin spec §3 "Pay run"): computed on the server from closed time entries.

/**
 * POST /api/pay-runs: member and period (Lagos dates, inclusive) and deductions in naira. The
 * spec's other fields (hours, pay, gross, net, status) may be sent but are computed here.
 */
export const payRunInputSchema = z
  .object({
    staffId: databaseIdSchema(STAFF_MESSAGES.staffId),
    payPeriodStart: isoDate(STAFF_MESSAGES.periodStart),
    payPeriodEnd: isoDate(STAFF_MESSAGES.periodEnd),
    deductions: z.coerce
      .number({ error: STAFF_MESSAGES.deductions })
      .min(0, STAFF_MESSAGES.deductions)
      .max(10_000_000, STAFF_MESSAGES.deductions)
      .default(0),
  })
  .refine((d) => d.payPeriodEnd >= d.payPeriodStart, {
    message: STAFF_MESSAGES.periodOrder,
    path: ["payPeriodEnd"],
  });
export type PayRunInput = z.input<typeof payRunInputSchema>;

/** A pay run as the API answers: hours as numbers, money in naira (two decimals). */
export type PayRun = {
  id: number;
  staffId: number;
  staffName: string;
  payPeriodStart: string;
  payPeriodEnd: string;
  regularHours: number;
  overtimeHours: number;
  regularPay: number;
  overtimePay: number;
  commissionEarned: number;
  tips: number;
  deductions: number;
  grossPay: number;
  netPay: number;
  status: string;
  paidAt: string | null;
  createdAt: string;
};

/** The four cards of Pay & Commissions (naira, hours). */
export type PayRunSummary = {
  totalPayroll: number;
  totalHours: number;
  pendingCount: number;
  paidCount: number;
};

/** GET /api/staff/analytics (admin spec §3 "Staff analytics"), over the last ANALYTICS_DAYS. */
export type StaffAnalytics = {
  from: string;
  to: string;
  activeStaff: number;
  totalHours: number;
  avgHoursPerWeek: number;
  /** Percent of scheduled hours that were clocked (0 with no schedule). */
  attendanceRate: number;
  departments: Array<{ department: string; members: number; hourlyCost: number }>;
};

/** A member's Overview and Pay figures (staff detail). Money naira, hours two decimals. */
export type StaffOverview = {
  appointmentsThisMonth: number;
  servicesSold: number;
  productsSold: number;
  salesThisMonth: number;
  hoursThisMonth: number;
  hoursThisWeek: number;
  totalHours: number;
  /** Net pay of all their pay runs; null for a role that may not see pay. */
  totalPay: number | null;
};

// ---------------------------------------------------------------------------------------------
// Sign-in access (issue 13 "Grant access").

export const accessGrantSchema = z.object({
  role: z.enum(ACCESS_ROLES, { error: STAFF_MESSAGES.accessRole }),
});

export const acceptInvitationSchema = z.object({
  password: z
    .string({ error: STAFF_MESSAGES.password })
    .min(PASSWORD_MIN_LENGTH, STAFF_MESSAGES.password)
    .max(200),
});

export type InvitationInfo = { email: string; name: string; role: AccessRole };

// ---------------------------------------------------------------------------------------------

/** What /admin/staff reads (server/modules/staff/pages.ts); pay parts are null below manager. */
export type StaffPages = {
  screen(options: { memberId: number | null }): Promise<StaffScreenData>;
  paySlip(payRunId: number): Promise<{ payRun: PayRun; member: StaffMember } | null>;
};

export type StaffScreenData = {
  members: StaffMember[];
  schedules: StaffSchedule[];
  entries: TimeEntry[];
  /** Open entries of everyone (who is clocked in now, and on a break). */
  open: TimeEntry[];
  payRuns: PayRun[] | null;
  paySummary: PayRunSummary | null;
  analytics: StaffAnalytics | null;
  detail: {
    member: StaffMember;
    overview: StaffOverview;
    entries: TimeEntry[];
    payRuns: PayRun[] | null;
  } | null;
};

/** Messages of a member's commission rates by category (issue 29). */
export const COMMISSION_RATE_MESSAGES = {
  itemType: "Choose services or products",
  category: "Choose a category",
  duplicate: "Each category may have one rate",
  saved: "Commission rates saved",
} as const;

/** At most this many category rates per member. */
export const MAX_COMMISSION_RATES = 100;

/**
 * PUT /api/staff/{id}/commission-rates (issue 29): the member's whole list of rates by service
 * or product category, in percent (2 decimals); a category without a rate uses the member's
 * default commission rate. Replaces the list.
 */
export const commissionRatesSchema = z.object({
  rates: z
    .array(
      z.object({
        itemType: z.enum(["service", "product"], { error: COMMISSION_RATE_MESSAGES.itemType }),
        category: z
          .string({ error: COMMISSION_RATE_MESSAGES.category })
          .trim()
          .min(1, COMMISSION_RATE_MESSAGES.category)
          .max(100, COMMISSION_RATE_MESSAGES.category),
        rate: staffFields.commissionRate.refine(
          hasAtMostTwoDecimals,
          STAFF_MESSAGES.commissionRate,
        ),
      }),
    )
    .max(MAX_COMMISSION_RATES)
    .refine(
      (rates) =>
        new Set(rates.map((r) => `${r.itemType}\u0000${r.category}`)).size === rates.length,
      COMMISSION_RATE_MESSAGES.duplicate,
    ),
});
export type CommissionRatesInput = z.input<typeof commissionRatesSchema>;

/** A member's rate for one category, in percent (issue 29). */
export type CommissionRate = { itemType: "service" | "product"; category: string; rate: number };

/** GET /api/staff/{id}/commission-rates: the default rate and the category rates (percent). */
export type CommissionRates = {
  staffId: number;
  defaultRate: number;
  rates: CommissionRate[];
  /** The catalogue's categories, to choose from. */
  categories: { service: string[]; product: string[] };
};
