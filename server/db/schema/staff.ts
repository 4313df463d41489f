/**
 * Staff members, their weekly schedules, clock-in/out time entries and pay runs (admin spec §3
 * "Staff member", "Staff schedule", "Time entry", "Pay run"). Money is integer kobo; instants are
 * timestamptz; schedule times are Lagos wall-clock times.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { HEX_COLOR_PATTERN } from "#common/calendar.ts";
import {
  DAY_OF_WEEK_MAX,
  DAY_OF_WEEK_MIN,
  DEFAULT_SCHEDULE_LOCATION,
  PAY_RUN_STATUSES,
  STAFF_DEPARTMENTS,
  STAFF_ROLES,
  STAFF_STATUSES,
  TIME_ENTRY_STATUSES,
} from "#common/staff.ts";
import { createdAt, kobo, oneOf, updatedAt } from "./columns.ts";

/**
 * Staff members (admin spec §3 "Staff member"). Removing a member with time entries or pay runs
 * is refused by the database (archive them instead); their schedules and personal blocked times
 * go with them, their appointments stay unassigned.
 */
export const staff = pgTable(
  "staff",
  {
    id: serial("id").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** Unique ignoring case. */
    email: text("email").notNull(),
    phone: text("phone"),
    /** 'therapist' | 'receptionist' | 'manager' | 'cleaner' | 'assistant' (a label only). */
    role: text("role").notNull().default("therapist"),
    /** 'treatments' | 'administration' | 'maintenance' | 'sales'. */
    department: text("department").notNull().default("treatments"),
    /** Hourly rate in kobo. */
    hourlyRateKobo: kobo("hourly_rate_kobo").notNull().default(0),
    /**
     * Commission on their completed services and product sales, in basis points (1000 = 10%);
     * docs/decisions/0087-pay-runs-are-computed-on-the-server.md.
     */
    commissionRateBp: integer("commission_rate_bp").notNull().default(0),
    /** First working day (a Lagos calendar date). */
    startDate: date("start_date").notNull(),
    /** 'active' | 'inactive' | 'archived'; only active staff clock in or out. */
    status: text("status").notNull().default("active"),
    /** The member's colour on the calendar, '#rrggbb'. */
    calendarColor: text("calendar_color").notNull().default("#8b5cf6"),
    /**
     * SHA-256 (hex) of the secret token in the member's iCalendar feed URL
     * (/calendar/staff/{token}.ics); null while no feed is active. Rotating replaces it,
     * revoking clears it (docs/decisions/0064-staff-calendar-feeds.md).
     */
    calendarFeedTokenHash: text("calendar_feed_token_hash"),
    /** When the current feed token was made; null while no feed is active. */
    calendarFeedCreatedAt: timestamp("calendar_feed_created_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("staff_email_lower_unique").on(sql`lower(${t.email})`),
    uniqueIndex("staff_calendar_feed_token_unique").on(t.calendarFeedTokenHash),
    check("staff_role_valid", oneOf(t.role, STAFF_ROLES)),
    check("staff_department_valid", oneOf(t.department, STAFF_DEPARTMENTS)),
    check("staff_status_valid", oneOf(t.status, STAFF_STATUSES)),
    check("staff_hourly_rate_nonnegative", sql`${t.hourlyRateKobo} >= 0`),
    check(
      "staff_commission_rate_range",
      sql`${t.commissionRateBp} >= 0 AND ${t.commissionRateBp} <= 10000`,
    ),
    check(
      "staff_calendar_color_format",
      sql`${t.calendarColor} ~ ${sql.raw(`'${HEX_COLOR_PATTERN}'`)}`,
    ),
  ],
);

/** Weekly working hours of a member (admin spec §3 "Staff schedule"); Lagos wall-clock times. */
export const staffSchedules = pgTable(
  "staff_schedules",
  {
    id: serial("id").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    /** 0 Sunday to 6 Saturday. */
    dayOfWeek: smallint("day_of_week").notNull(),
    startTime: time("start_time").notNull(),
    endTime: time("end_time").notNull(),
    location: text("location").notNull().default(DEFAULT_SCHEDULE_LOCATION),
  },
  (t) => [
    index("staff_schedules_staff_day_idx").on(t.staffId, t.dayOfWeek),
    check(
      "staff_schedules_day_of_week_range",
      sql`${t.dayOfWeek} BETWEEN ${sql.raw(String(DAY_OF_WEEK_MIN))} AND ${sql.raw(String(DAY_OF_WEEK_MAX))}`,
    ),
    check("staff_schedules_start_before_end", sql`${t.startTime} < ${t.endTime}`),
  ],
);

/**
 * Clock-in/out records (admin spec §3 "Time entry", §4). At most one open entry (no clock-out
 * time) per member, held by a partial unique index; hours count only once clocked out.
 */
export const timeEntries = pgTable(
  "time_entries",
  {
    id: serial("id").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "no action" }),
    clockInTime: timestamp("clock_in_time", { withTimezone: true }).notNull().defaultNow(),
    clockOutTime: timestamp("clock_out_time", { withTimezone: true }),
    /** 'clocked_in' while open, 'clocked_out' once the clock-out time is set. */
    status: text("status").notNull().default("clocked_in"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("time_entries_one_open_per_staff")
      .on(t.staffId)
      .where(sql`${t.clockOutTime} IS NULL`),
    index("time_entries_staff_clock_in_idx").on(t.staffId, t.clockInTime),
    check("time_entries_status_valid", oneOf(t.status, TIME_ENTRY_STATUSES)),
    check(
      "time_entries_clock_out_after_in",
      sql`${t.clockOutTime} IS NULL OR ${t.clockOutTime} > ${t.clockInTime}`,
    ),
    check(
      "time_entries_status_matches_clock_out",
      sql`(${t.status} = 'clocked_in') = (${t.clockOutTime} IS NULL)`,
    ),
  ],
);

/**
 * Breaks inside a time entry (issue 13): unpaid by default, so their minutes come off the
 * entry's hours. At most one open break per entry; clocking out ends an open break.
 */
export const timeEntryBreaks = pgTable(
  "time_entry_breaks",
  {
    id: serial("id").primaryKey(),
    timeEntryId: integer("time_entry_id")
      .notNull()
      .references(() => timeEntries.id, { onDelete: "cascade" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    isPaid: boolean("is_paid").notNull().default(false),
  },
  (t) => [
    index("time_entry_breaks_entry_idx").on(t.timeEntryId),
    uniqueIndex("time_entry_breaks_one_open_per_entry")
      .on(t.timeEntryId)
      .where(sql`${t.endedAt} IS NULL`),
    check(
      "time_entry_breaks_end_after_start",
      sql`${t.endedAt} IS NULL OR ${t.endedAt} >= ${t.startedAt}`,
    ),
  ],
);

/**
 * Pay for one member over one period (admin spec §3 "Pay run"); created pending. Hours are
 * numeric(7,2) hours; every amount is kobo, with gross = regular + overtime + commission + tips
 * and net = gross − deductions.
 */
export const payRuns = pgTable(
  "pay_runs",
  {
    id: serial("id").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "no action" }),
    /** First and last day of the period (Lagos dates, inclusive). */
    payPeriodStart: date("pay_period_start").notNull(),
    payPeriodEnd: date("pay_period_end").notNull(),
    regularHours: numeric("regular_hours", { precision: 7, scale: 2, mode: "number" })
      .notNull()
      .default(0),
    overtimeHours: numeric("overtime_hours", { precision: 7, scale: 2, mode: "number" })
      .notNull()
      .default(0),
    regularPayKobo: kobo("regular_pay_kobo").notNull().default(0),
    overtimePayKobo: kobo("overtime_pay_kobo").notNull().default(0),
    commissionKobo: kobo("commission_kobo").notNull().default(0),
    tipsKobo: kobo("tips_kobo").notNull().default(0),
    deductionsKobo: kobo("deductions_kobo").notNull().default(0),
    grossPayKobo: kobo("gross_pay_kobo").notNull().default(0),
    netPayKobo: kobo("net_pay_kobo").notNull().default(0),
    /** 'pending' | 'paid'. */
    status: text("status").notNull().default("pending"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("pay_runs_staff_period_idx").on(t.staffId, t.payPeriodStart),
    check("pay_runs_status_valid", oneOf(t.status, PAY_RUN_STATUSES)),
    check("pay_runs_period_order", sql`${t.payPeriodEnd} >= ${t.payPeriodStart}`),
    check("pay_runs_hours_nonnegative", sql`${t.regularHours} >= 0 AND ${t.overtimeHours} >= 0`),
    check(
      "pay_runs_amounts_nonnegative",
      sql`${t.regularPayKobo} >= 0 AND ${t.overtimePayKobo} >= 0 AND ${t.commissionKobo} >= 0 AND ${t.tipsKobo} >= 0 AND ${t.deductionsKobo} >= 0 AND ${t.netPayKobo} >= 0`,
    ),
    check(
      "pay_runs_gross_is_sum",
      sql`${t.grossPayKobo} = ${t.regularPayKobo} + ${t.overtimePayKobo} + ${t.commissionKobo} + ${t.tipsKobo}`,
    ),
    check(
      "pay_runs_net_is_gross_less_deductions",
      sql`${t.netPayKobo} = ${t.grossPayKobo} - ${t.deductionsKobo}`,
    ),
  ],
);

/**
 * A member's commission rate for one service or product category (issue 29), in basis points
 * (1000 = 10%); the member's `commission_rate_bp` is the fallback for categories without a row.
 * Written only by server/modules/staff/commission-rates.ts (docs/decisions/0215).
 */
export const staffCommissionRates = pgTable(
  "staff_commission_rates",
  {
    id: serial("id").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    /** 'service' | 'product'. */
    itemType: text("item_type").notNull(),
    /** The catalogue category, as services.category / products.category hold it. */
    category: text("category").notNull(),
    rateBp: integer("rate_bp").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("staff_commission_rates_member_category").on(t.staffId, t.itemType, t.category),
    check("staff_commission_rates_item_type_valid", sql`${t.itemType} IN ('service', 'product')`),
    check("staff_commission_rates_rate_range", sql`${t.rateBp} >= 0 AND ${t.rateBp} <= 10000`),
  ],
);
