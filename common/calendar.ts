/**
 * Calendar constants (admin spec §3 "Appointment", "Blocked time", §4, §9). Pure values and
 * types only; the database builds its CHECK constraints from these lists
 * (server/db/schema/calendar.ts), so a value added here needs a migration.
 */
import { addDays } from "date-fns/addDays";
import { addMonths } from "date-fns/addMonths";
import { addWeeks } from "date-fns/addWeeks";
import { format } from "date-fns/format";
import { z } from "zod";
import { BOOKING_STATUSES } from "./booking.ts";
import { OPENING_HOURS } from "./business.ts";
import { consultationOverrideFields } from "./consultation.ts";
import { emailField, personNameField, phoneText } from "./contact.ts";
import { healthOverrideFields } from "./health.ts";
import { databaseIdSchema } from "./ids.ts";
import {
  CALENDAR_FIRST_SLOT_MINUTES,
  CALENDAR_LAST_SLOT_MINUTES,
  CALENDAR_SLOT_MINUTES,
  clockMinutes,
  formatLagosSpan,
  formatLagosWallTime,
  hhmm,
  inLagos,
  lagosDate,
  lagosDayRange,
  lagosDayStart,
  lagosMinutes,
  lagosWeekday,
  lagosWeekdayName,
  parseLagosDateTime,
} from "./lagos-time.ts";
import { overrideReasonText } from "./override-reason.ts";

/** Appointment statuses: the same list as bookings' (admin spec §4 "Appointment and booking statuses"). */
export const APPOINTMENT_STATUSES = BOOKING_STATUSES;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/**
 * Statuses that free the slot: an appointment in one of these may overlap another of the same
 * staff member (the database's exclusion constraint ignores them).
 */
export const INACTIVE_APPOINTMENT_STATUSES = [
  "cancelled",
  "no-show",
] as const satisfies readonly AppointmentStatus[];

/** What a booking request asks for: a catalogue service or a category's consultation entry. */
export const BOOKING_KINDS = ["service", "consultation"] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];

/** Repeat patterns of a recurring appointment (admin spec §3; default weekly, §9). */
export const RECURRENCE_TYPES = ["daily", "weekly", "monthly"] as const;
export type RecurrenceType = (typeof RECURRENCE_TYPES)[number];
export const DEFAULT_RECURRENCE_TYPE: RecurrenceType = "weekly";
export const DEFAULT_RECURRENCE_INTERVAL = 1;

/** Default appointment length in minutes (admin spec §3, §9). */
export const DEFAULT_APPOINTMENT_MINUTES = 60;

/** Group size limits of an appointment (admin spec §3, §5, §9). */
export const GROUP_SIZE_MIN = 1;
export const GROUP_SIZE_MAX = 10;

/** Kinds of blocked time (admin spec §3 "Blocked time", §9); the form defaults to break. */
export const BLOCK_TYPES = ["break", "admin", "meeting", "personal", "training"] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];
export const DEFAULT_BLOCK_TYPE: BlockType = "break";

/** Default colour of a blocked time (admin spec §9). */
export const DEFAULT_BLOCK_COLOR = "#ff6b6b";
/** A calendar colour: '#' and six hex digits (the database checks the same pattern). */
export const HEX_COLOR_PATTERN = "^#[0-9a-fA-F]{6}$";

// ---------------------------------------------------------------------------------------------
// The calendar's forms, payloads, shapes and pure rules (admin spec §2 "Calendar", §3, §4, §5,
// §7, §9; issue 10). Shared by the calendar screen and server/modules/calendar.

/** Height of one 30-minute row of the grid in CSS pixels (admin spec §2, §9). */
export const SLOT_HEIGHT_PX = 48;

/** The grid's slot labels, '08:00' … '19:30' (24 slots). */
export const CALENDAR_SLOTS: readonly string[] = Array.from(
  {
    length: (CALENDAR_LAST_SLOT_MINUTES - CALENDAR_FIRST_SLOT_MINUTES) / CALENDAR_SLOT_MINUTES + 1,
  },
  (_, i) => hhmm(CALENDAR_FIRST_SLOT_MINUTES + i * CALENDAR_SLOT_MINUTES),
);

/** Longest appointment the calendar accepts, in minutes (12 hours). */
export const MAX_APPOINTMENT_MINUTES = 12 * 60;
/** Most occurrences one recurring series may create (a year of weekly visits). */
export const MAX_SERIES_OCCURRENCES = 60;
/** Longest blocked time, in days (a fortnight's leave). */
export const MAX_BLOCK_DAYS = 31;
/** Longest range GET /api/appointments and GET /api/blocked-time answer at once, in days. */
export const MAX_LIST_RANGE_DAYS = 93;
/** Upcoming appointments in the point of sale's quick-sale tab (admin spec §9). */
export const UPCOMING_APPOINTMENTS_LIMIT = 5;

export const APPOINTMENT_MESSAGES = {
  customerName: "Customer name is required",
  customerEmail: "Valid email is required",
  customerPhone: "Phone number is required",
  serviceId: "Service selection is required",
  appointmentDate: "Date and time is required",
  appointmentDateFormat: "Enter the date and time as YYYY-MM-DD HH:MM",
  groupSize: `Group size must be between ${GROUP_SIZE_MIN} and ${GROUP_SIZE_MAX}`,
  staffId: "Unknown staff member",
  duration: `Duration must be between 5 and ${MAX_APPOINTMENT_MINUTES} minutes`,
  status: "Unknown appointment status",
  recurrenceType: "Repeat must be daily, weekly or monthly",
  recurrenceInterval: "Repeat interval must be between 1 and 12",
  endDate: "End date is required for a recurring appointment",
  endDateOrder: "End date must be on or after the first appointment",
  tooManyOccurrences: `A series may have at most ${MAX_SERIES_OCCURRENCES} appointments`,
  nothingToUpdate: "Nothing to update",
} as const;

export const BLOCK_MESSAGES = {
  title: "Title is required",
  startTime: "Start time is required",
  endTime: "End time is required",
  dateFormat: "Enter the time as YYYY-MM-DD HH:MM or an ISO date-time",
  endAfterStart: "End time must be after start time",
  tooLong: `A blocked time may last at most ${MAX_BLOCK_DAYS} days`,
  blockType: "Block type must be break, admin, meeting, personal or training",
  color: "Colour must be # and six hex digits",
  staffId: "Unknown staff member",
} as const;

/**
 * Where an appointment or block sits on the day column (admin spec §2, §9): `top` and `height` in
 * pixels from the 08:00 row, 48 px per 30 minutes, measured in Lagos time. Parts before 08:00
 * are cut off; a block wholly outside the grid gets height 0.
 */
export function gridPosition(start: Date, end: Date): { top: number; height: number } {
  return gridPositionOfMinutes(lagosMinutes(start), (end.getTime() - start.getTime()) / 60_000);
}

/**
 * `gridPosition` from minutes: `startMin` after Lagos midnight and `lengthMin` long, clipped to
 * the grid's 08:00–20:00 (px; height 0 when outside it).
 */
export function gridPositionOfMinutes(
  startMin: number,
  lengthMin: number,
): { top: number; height: number } {
  const gridEnd = CALENDAR_LAST_SLOT_MINUTES + CALENDAR_SLOT_MINUTES;
  const from = Math.max(startMin, CALENDAR_FIRST_SLOT_MINUTES);
  const to = Math.min(startMin + lengthMin, gridEnd);
  const px = SLOT_HEIGHT_PX / CALENDAR_SLOT_MINUTES;
  return {
    top: (from - CALENDAR_FIRST_SLOT_MINUTES) * px,
    height: Math.max(0, to - from) * px,
  };
}

/**
 * The start instants of a recurring series (admin spec §3 "Appointment": daily, weekly or monthly
 * every `interval`), from `first` up to and including the Lagos date `endDate`. Computed in Lagos
 * wall time with @date-fns/tz (Lagos has no DST, but the rule holds anywhere): each occurrence is
 * `first` + i × interval units, so 31 January monthly gives 28/29 February, then 31 March.
 * Stops after `max` occurrences (the caller refuses a longer series: pass max + 1 to detect it).
 */
export function expandRecurrence(
  first: Date,
  rule: { type: RecurrenceType; interval: number; endDate: string },
  max = MAX_SERIES_OCCURRENCES,
): Date[] {
  const start = inLagos(first);
  const step = { daily: addDays, weekly: addWeeks, monthly: addMonths }[rule.type];
  const out: Date[] = [];
  for (let i = 0; out.length < max; i++) {
    const next = step(start, i * rule.interval);
    if (format(next, "yyyy-MM-dd") > rule.endDate) break;
    out.push(new Date(next.getTime()));
  }
  return out;
}

/** An action of the appointment details dialog (admin spec §4). */
export type AppointmentAction = {
  id: "confirm" | "complete" | "cancel" | "no-show" | "duplicate" | "reschedule" | "delete";
  label: string;
  /** The status the action sets, for the ones that are a PATCH of `status`. */
  status?: AppointmentStatus;
};

/**
 * The details dialog's actions for an appointment in `status` (admin spec §4): pending offers
 * 'Confirm Booking', scheduled 'Confirm' (both to confirmed), confirmed 'Mark Complete' (to
 * completed); Cancel, No Show, Duplicate, Reschedule and Delete are always offered.
 */
export function appointmentActions(status: string): AppointmentAction[] {
  const first: AppointmentAction[] =
    status === "pending"
      ? [{ id: "confirm", label: "Confirm Booking", status: "confirmed" }]
      : status === "scheduled"
        ? [{ id: "confirm", label: "Confirm", status: "confirmed" }]
        : status === "confirmed"
          ? [{ id: "complete", label: "Mark Complete", status: "completed" }]
          : [];
  return [
    ...first,
    { id: "cancel", label: "Cancel", status: "cancelled" },
    { id: "no-show", label: "No Show", status: "no-show" },
    { id: "duplicate", label: "Duplicate" },
    { id: "reschedule", label: "Reschedule" },
    { id: "delete", label: "Delete" },
  ];
}

/**
 * The copy the Duplicate action posts (admin spec §4): name suffixed ' (Copy)', notes 'Duplicate
 * of …' (the original's notes, or its service and time when it has none).
 */
export function duplicateOf(a: Appointment): AppointmentInput {
  return {
    customerName: `${a.customerName} (Copy)`,
    customerEmail: a.customerEmail,
    customerPhone: a.customerPhone,
    serviceId: a.serviceId ?? 0,
    appointmentDate: formatLagosWallTime(a.appointmentDate),
    staffId: a.staffId,
    duration: a.duration,
    groupSize: a.groupSize,
    notes: `Duplicate of ${a.notes || `${a.serviceName} ${formatLagosWallTime(a.appointmentDate)}`}`,
    status: "scheduled",
    isRecurring: false,
    recurrenceType: DEFAULT_RECURRENCE_TYPE,
    recurrenceInterval: DEFAULT_RECURRENCE_INTERVAL,
  };
}

/** The virtual id of an unprocessed booking request on the calendar (admin spec §3). */
export function virtualAppointmentId(bookingId: number): string {
  return `booking-${bookingId}`;
}

/**
 * What an appointment id in a URL names: a stored appointment ('12') or a booking request shown
 * as a virtual pending appointment ('booking-12'); null for anything else (a 404).
 */
export function parseAppointmentRef(
  text: string,
): { kind: "appointment"; id: number } | { kind: "booking"; id: number } | null {
  const m = /^(booking-)?([1-9]\d{0,9})$/.exec(text);
  if (!m) return null;
  const id = Number(m[2]);
  if (id > 2_147_483_647) return null;
  return m[1] ? { kind: "booking", id } : { kind: "appointment", id };
}

/**
 * The 409 message of a double booking (issue 10), naming the clash, e.g. 'Ngozi already has
 * HydraFacial with Ada Obi on Mon 7 Jan 2030, 10:00–11:00'.
 */
export function clashMessage(
  clash:
    | {
        kind: "appointment";
        staff: string;
        service: string;
        customer: string;
        start: Date;
        end: Date;
      }
    | { kind: "block"; staff: string | null; title: string; start: Date; end: Date }
    | { kind: "schedule"; staff: string; start: Date; end: Date; hours: string[] },
): string {
  if (clash.kind === "appointment") {
    return `${clash.staff} already has ${clash.service} with ${clash.customer} on ${formatLagosSpan(clash.start, clash.end)}`;
  }
  if (clash.kind === "block") {
    const who = clash.staff === null ? "All staff are" : `${clash.staff} is`;
    return `${who} blocked (${clash.title}) on ${formatLagosSpan(clash.start, clash.end)}`;
  }
  const day = lagosWeekdayName(clash.start);
  if (clash.hours.length === 0) return `${clash.staff} does not work on ${day}s`;
  return `${clash.staff} works ${clash.hours.join(", ")} on ${day}s: ${formatLagosSpan(clash.start, clash.end)} is outside those hours`;
}

/**
 * Whether [start, end) lies inside one of a member's working periods of that Lagos weekday
 * (admin spec §3 "Staff schedule": dayOfWeek 0 Sunday … 6 Saturday, Lagos wall-clock times).
 * A member with a weekly schedule is off on a weekday without a period (issue 28 item 3:
 * `hours` is then empty); a member with no schedule at all is unrestricted here (the opening
 * hours still apply; docs/decisions/0196). An appointment past midnight never fits.
 */
export function fitsSchedule(
  start: Date,
  end: Date,
  periods: ReadonlyArray<{ dayOfWeek: number; startTime: string; endTime: string }>,
): { ok: true } | { ok: false; hours: string[] } {
  if (periods.length === 0) return { ok: true };
  const weekday = lagosWeekday(start);
  const today = periods.filter((p) => p.dayOfWeek === weekday);
  if (today.length === 0) return { ok: false, hours: [] };
  const from = lagosMinutes(start);
  const to = from + (end.getTime() - start.getTime()) / 60_000;
  if (today.some((p) => clockMinutes(p.startTime) <= from && to <= clockMinutes(p.endTime))) {
    return { ok: true };
  }
  const hours = today.map((p) => `${p.startTime.slice(0, 5)}–${p.endTime.slice(0, 5)}`).sort();
  return { ok: false, hours };
}

/** The refusal of an appointment starting on a Lagos Sunday (storefront spec §9). */
export const CLOSED_SUNDAY_MESSAGE = "The clinic is closed on Sundays";
/** The refusal of an appointment starting before opening or from closing time. */
export const OUTSIDE_OPENING_HOURS_MESSAGE =
  "Outside opening hours: the clinic is open Monday-Saturday 10:00–19:00 (Lagos time)";

/**
 * Why an appointment starting at `start` falls outside the opening hours (`OPENING_HOURS`,
 * Lagos), or null when it is inside: it must start on an opening day, at or after opening and
 * before closing (the public form's last slot, 6:30 PM, may run past closing; decision 0196).
 */
export function openingHoursRefusal(start: Date): string | null {
  const day = lagosWeekday(start);
  if (!OPENING_HOURS.days.includes(day)) {
    return day === 0
      ? CLOSED_SUNDAY_MESSAGE
      : `The clinic is closed on ${lagosWeekdayName(start)}s`;
  }
  const minutes = lagosMinutes(start);
  if (minutes < clockMinutes(OPENING_HOURS.open) || minutes >= clockMinutes(OPENING_HOURS.close)) {
    return OUTSIDE_OPENING_HOURS_MESSAGE;
  }
  return null;
}

/**
 * The field a 409 for working time (closed day or hour, a member's day off or hours) names in its
 * `fields`, so a screen can tell it from a clash and offer a manager the override (decision 0240).
 */
export const WORKING_TIME_FIELD = "overrideWorkingHours";

/** The working-time refusal of a failed call's `fields`, or null (a clash or another error). */
export function workingTimeRefusalOf(fields: Record<string, string> | undefined): string | null {
  return fields?.[WORKING_TIME_FIELD] ?? null;
}

/** Messages of the manager's working-time override (issue 28 item 3). */
export const OVERRIDE_MESSAGES = {
  managerOnly: "Only a manager may book outside working hours",
  reason: "Give a reason for booking outside working hours",
} as const;

// Schemas (admin spec §5 "New appointment form", "Block time form"; §7 payloads).

const calendarTime = (required: string, badFormat: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(40, badFormat)
    .refine((v) => v === "" || parseLagosDateTime(v) !== null, badFormat);

const optionalStaffId = (message: string) =>
  z.preprocess((v) => (v === "" ? null : v), databaseIdSchema(message).nullable()).optional();

const appointmentFields = {
  customerName: personNameField({ required: APPOINTMENT_MESSAGES.customerName }),
  customerEmail: emailField({ invalid: APPOINTMENT_MESSAGES.customerEmail }),
  customerPhone: phoneText({ required: APPOINTMENT_MESSAGES.customerPhone }),
  serviceId: databaseIdSchema(APPOINTMENT_MESSAGES.serviceId),
  appointmentDate: calendarTime(
    APPOINTMENT_MESSAGES.appointmentDate,
    APPOINTMENT_MESSAGES.appointmentDateFormat,
  ),
  status: z.enum(APPOINTMENT_STATUSES, { error: APPOINTMENT_MESSAGES.status }),
  notes: z
    .string({ error: "Notes must be text" })
    .trim()
    .max(2000, "Notes must be at most 2000 characters")
    .nullable(),
  staffId: optionalStaffId(APPOINTMENT_MESSAGES.staffId),
  duration: z.coerce
    .number({ error: APPOINTMENT_MESSAGES.duration })
    .int(APPOINTMENT_MESSAGES.duration)
    .min(5, APPOINTMENT_MESSAGES.duration)
    .max(MAX_APPOINTMENT_MINUTES, APPOINTMENT_MESSAGES.duration),
  groupSize: z.coerce
    .number({ error: APPOINTMENT_MESSAGES.groupSize })
    .int(APPOINTMENT_MESSAGES.groupSize)
    .min(GROUP_SIZE_MIN, APPOINTMENT_MESSAGES.groupSize)
    .max(GROUP_SIZE_MAX, APPOINTMENT_MESSAGES.groupSize),
};

/**
 * A manager's explicit override of the opening hours and the member's schedule (issue 28 item
 * 3): `overrideWorkingHours` true with a reason, recorded in the audit log. Clashes with other
 * appointments and blocks are never overridden.
 */
const overrideFields = {
  overrideWorkingHours: z
    .boolean({ error: "overrideWorkingHours must be true or false" })
    .optional(),
  overrideReason: overrideReasonText(OVERRIDE_MESSAGES.reason).optional(),
  ...consultationOverrideFields,
};
/** The override part of a create or change. */
export type WorkingTimeOverrideInput = {
  overrideWorkingHours?: boolean | undefined;
  overrideReason?: string | undefined;
};

/**
 * The New Booking dialog of the calendar and the POST /api/appointments payload (admin spec §5,
 * §7). `appointmentDate` is 'YYYY-MM-DD HH:MM' (Lagos) or ISO; `duration` in minutes (default:
 * the service's duration, else 60); `serviceName` may be sent but the server takes the name,
 * price and duration from the catalogue. A recurring appointment needs `endDate` ('YYYY-MM-DD',
 * Lagos); the series is created whole or not at all.
 */
export const appointmentInputSchema = z
  .object({
    customerName: appointmentFields.customerName,
    customerEmail: appointmentFields.customerEmail,
    customerPhone: appointmentFields.customerPhone,
    serviceId: appointmentFields.serviceId,
    serviceName: z.string().max(200).optional(),
    appointmentDate: appointmentFields.appointmentDate,
    status: appointmentFields.status.default("scheduled"),
    notes: appointmentFields.notes.optional(),
    staffId: appointmentFields.staffId,
    duration: appointmentFields.duration.optional(),
    groupSize: appointmentFields.groupSize.default(GROUP_SIZE_MIN),
    isRecurring: z.boolean({ error: "isRecurring must be true or false" }).default(false),
    recurrenceType: z
      .enum(RECURRENCE_TYPES, { error: APPOINTMENT_MESSAGES.recurrenceType })
      .default(DEFAULT_RECURRENCE_TYPE),
    recurrenceInterval: z.coerce
      .number({ error: APPOINTMENT_MESSAGES.recurrenceInterval })
      .int(APPOINTMENT_MESSAGES.recurrenceInterval)
      .min(1, APPOINTMENT_MESSAGES.recurrenceInterval)
      .max(12, APPOINTMENT_MESSAGES.recurrenceInterval)
      .default(DEFAULT_RECURRENCE_INTERVAL),
    endDate: z
      .string({ error: APPOINTMENT_MESSAGES.endDate })
      .trim()
      .refine((v) => v === "" || lagosDayStart(v) !== null, APPOINTMENT_MESSAGES.endDate)
      .nullish(),
    ...overrideFields,
    ...healthOverrideFields,
  })
  .superRefine((v, ctx) => {
    if (!v.isRecurring) return;
    if (!v.endDate) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: APPOINTMENT_MESSAGES.endDate });
      return;
    }
    const first = parseLagosDateTime(v.appointmentDate);
    if (first && lagosDate(first) > v.endDate) {
      ctx.addIssue({
        code: "custom",
        path: ["endDate"],
        message: APPOINTMENT_MESSAGES.endDateOrder,
      });
    }
  });
export type AppointmentInput = z.input<typeof appointmentInputSchema>;
export type AppointmentValues = z.output<typeof appointmentInputSchema>;

/**
 * PATCH /api/appointments/{id} (admin spec §4, §7): any of status, a new time (reschedule:
 * 'YYYY-MM-DD HH:MM' Lagos or ISO), staff (null unassigns), duration, notes, service, customer
 * details, group size. A recurring series is edited one occurrence at a time.
 */
export const appointmentPatchSchema = z
  .object({
    status: appointmentFields.status,
    appointmentDate: appointmentFields.appointmentDate,
    staffId: appointmentFields.staffId,
    duration: appointmentFields.duration,
    notes: appointmentFields.notes,
    serviceId: appointmentFields.serviceId,
    customerName: appointmentFields.customerName,
    customerEmail: appointmentFields.customerEmail,
    customerPhone: appointmentFields.customerPhone,
    groupSize: appointmentFields.groupSize,
    ...overrideFields,
    ...healthOverrideFields,
  })
  .partial()
  .refine(
    ({
      overrideWorkingHours: _o,
      overrideReason: _r,
      overrideConsultation: _c,
      consultationOverrideReason: _cr,
      healthOverrideReason: _h,
      ...v
    }) => Object.values(v).some((x) => x !== undefined),
    APPOINTMENT_MESSAGES.nothingToUpdate,
  );
export type AppointmentPatch = z.output<typeof appointmentPatchSchema>;

/**
 * PATCH /api/bookings/{id}/process (issue 28 item 1): an optional body naming the member the
 * request's appointment is for (none: 'Unassigned') and a manager's working-time override.
 */
export const processBookingSchema = z
  .object({ staffId: appointmentFields.staffId, ...overrideFields, ...healthOverrideFields })
  .default({});

const blockFields = {
  title: z
    .string({ error: BLOCK_MESSAGES.title })
    .trim()
    .min(1, BLOCK_MESSAGES.title)
    .max(100, "Title must be at most 100 characters"),
  description: z
    .string({ error: "Description must be text" })
    .trim()
    .max(500, "Description must be at most 500 characters")
    .nullable(),
  startTime: calendarTime(BLOCK_MESSAGES.startTime, BLOCK_MESSAGES.dateFormat),
  endTime: calendarTime(BLOCK_MESSAGES.endTime, BLOCK_MESSAGES.dateFormat),
  staffId: optionalStaffId(BLOCK_MESSAGES.staffId),
  blockType: z.enum(BLOCK_TYPES, { error: BLOCK_MESSAGES.blockType }),
  isPaid: z.boolean({ error: "isPaid must be true or false" }),
  isRecurring: z.boolean({ error: "isRecurring must be true or false" }),
  color: z
    .string({ error: BLOCK_MESSAGES.color })
    .trim()
    .regex(new RegExp(HEX_COLOR_PATTERN), BLOCK_MESSAGES.color),
};

/** Checks end after start and the longest block on parsed times (a zod refinement). */
function checkBlockSpan(v: { startTime?: string; endTime?: string }, ctx: z.RefinementCtx): void {
  if (v.startTime === undefined || v.endTime === undefined) return;
  const start = parseLagosDateTime(v.startTime);
  const end = parseLagosDateTime(v.endTime);
  if (!start || !end) return;
  if (end <= start) {
    ctx.addIssue({ code: "custom", path: ["endTime"], message: BLOCK_MESSAGES.endAfterStart });
  } else if (end.getTime() - start.getTime() > MAX_BLOCK_DAYS * 86_400_000) {
    ctx.addIssue({ code: "custom", path: ["endTime"], message: BLOCK_MESSAGES.tooLong });
  }
}

/**
 * The Block Time dialog and POST /api/blocked-time (admin spec §5, §7): startTime and endTime
 * ISO (or 'YYYY-MM-DD HH:MM' Lagos), staffId null for all staff, blockType default break, colour
 * default #ff6b6b. `isRecurring` is stored as a label; the block itself is one span.
 */
export const blockedTimeInputSchema = z
  .object({
    title: blockFields.title,
    description: blockFields.description.optional(),
    startTime: blockFields.startTime,
    endTime: blockFields.endTime,
    staffId: blockFields.staffId,
    blockType: blockFields.blockType.default(DEFAULT_BLOCK_TYPE),
    isPaid: blockFields.isPaid.default(false),
    isRecurring: blockFields.isRecurring.default(false),
    color: blockFields.color.default(DEFAULT_BLOCK_COLOR),
  })
  .superRefine(checkBlockSpan);
export type BlockedTimeInput = z.input<typeof blockedTimeInputSchema>;
export type BlockedTimeValues = z.output<typeof blockedTimeInputSchema>;

/** PATCH /api/blocked-time/{id}: any of the block's fields. */
export const blockedTimePatchSchema = z
  .object(blockFields)
  .partial()
  .superRefine(checkBlockSpan)
  .refine(
    (v) => Object.values(v).some((x) => x !== undefined),
    APPOINTMENT_MESSAGES.nothingToUpdate,
  );
export type BlockedTimePatch = z.output<typeof blockedTimePatchSchema>;

const rangeBound = z
  .string()
  .trim()
  .max(40)
  .refine(
    (v) => lagosDayStart(v) !== null || parseLagosDateTime(v) !== null,
    "Use a date as YYYY-MM-DD or an ISO date-time",
  );

/**
 * The query of GET /api/appointments and GET /api/blocked-time: `from` and `to` as Lagos dates
 * ('YYYY-MM-DD', `to` inclusive) or ISO instants (`to` exclusive), at most 93 days apart;
 * `staffId` one member; `customerEmail` one client's appointments (any time when no range).
 */
export const calendarQuerySchema = z.object({
  from: rangeBound.optional(),
  to: rangeBound.optional(),
  staffId: z.preprocess(
    (v) => (v === "" ? undefined : v),
    databaseIdSchema("Unknown staff member").optional(),
  ),
  customerEmail: z.string().trim().max(254).optional(),
});
export type CalendarQuery = z.output<typeof calendarQuerySchema>;

/**
 * [from, to) instants of a calendar query's bounds: a date 'YYYY-MM-DD' is a whole Lagos day
 * (`to` inclusive), an ISO value the instant itself. Null when a bound is absent.
 */
export function queryRange(q: { from?: string; to?: string }): {
  from: Date | null;
  to: Date | null;
} {
  const bound = (v: string | undefined, end: boolean): Date | null => {
    if (!v) return null;
    if (lagosDayStart(v)) return lagosDayRange(v)[end ? "to" : "from"];
    return parseLagosDateTime(v);
  };
  return { from: bound(q.from, false), to: bound(q.to, true) };
}

/**
 * An appointment as the calendar renders it (admin spec §3 "Appointment"). Money in naira; times
 * ISO 8601 UTC (show them in Lagos time). `virtual` marks an unprocessed online booking request
 * shown as a pending appointment with id 'booking-{id}' (§3); such an entry has no staff.
 */
export type Appointment = {
  id: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  /** The client on file (their health record is read by this id; issue 30), or null. */
  clientId: number | null;
  serviceId: number | null;
  serviceName: string;
  /** Start, ISO 8601 UTC. */
  appointmentDate: string;
  /** End (start + duration), ISO 8601 UTC. */
  endTime: string;
  status: string;
  notes: string | null;
  staffId: number | null;
  staffName: string | null;
  /** Minutes. */
  duration: number;
  /** Naira; null when the service has no set price. */
  price: number | null;
  isGroupBooking: boolean;
  groupSize: number;
  isRecurring: boolean;
  recurrenceType: RecurrenceType | null;
  recurrenceInterval: number | null;
  /** Last date of the series, 'YYYY-MM-DD' (Lagos), or null. */
  endDate: string | null;
  /** Shared by the occurrences of one recurring series. */
  seriesId: string | null;
  /** The booking request it came from, if any. */
  bookingId: number | null;
  virtual: boolean;
  /** When the client was checked in (arrived), ISO UTC; null before (decision 0187). */
  checkedInAt?: string | null;
  /** When the visit was completed, ISO UTC; null while it is not (decision 0187). */
  completedAt?: string | null;
  createdAt: string;
  updatedAt: string;
};

/** A blocked time as the calendar renders it (admin spec §3 "Blocked time"). */
export type BlockedTime = {
  id: number;
  title: string;
  description: string | null;
  /** ISO 8601 UTC. */
  startTime: string;
  endTime: string;
  /** Null: all staff. */
  staffId: number | null;
  staffName: string | null;
  blockType: BlockType;
  isPaid: boolean;
  isRecurring: boolean;
  color: string;
  createdAt: string;
  updatedAt: string;
};

/** A staff member's calendar feed (GET/POST /api/staff/{id}/calendar-feed). */
export type CalendarFeed = {
  staffId: number;
  active: boolean;
  /** The subscription URL; only in the answer that created it (the token is stored hashed). */
  url: string | null;
  createdAt: string | null;
};

/**
 * A staff member in the calendar's filter and forms. `workDays`: the Lagos weekdays (0 Sunday …
 * 6 Saturday) with a schedule, which give the day view its therapist columns (issue 28 item 10);
 * absent where a screen does not need them.
 */
export type CalendarStaff = {
  id: number;
  name: string;
  calendarColor: string;
  workDays?: number[];
};

/** A service in the New Booking form; `duration` in minutes (null when the catalogue has none). */
export type CalendarService = { id: number; name: string; duration: number | null };

/**
 * The calendar screen's reads (common/page-context.ts `AdminPages.calendar`): one range's
 * appointments (with virtual pending bookings) and blocked times, optionally for one member,
 * the staff for the filter and the services for the form.
 */
export type CalendarPages = {
  appointments(query: { from: string; to: string; staffId?: number }): Promise<Appointment[]>;
  blockedTimes(query: { from: string; to: string; staffId?: number }): Promise<BlockedTime[]>;
  staff(): Promise<CalendarStaff[]>;
  services(): Promise<CalendarService[]>;
};

// ---------------------------------------------------------------------------------------------
// Editing an appointment (issue 28 items 2 and 10): the Edit dialog and the grid's drag.

/** Step of the grid's drag (move and resize) and of the Edit dialog's times, in minutes. */
export const APPOINTMENT_STEP_MINUTES = 15;

/** The Edit dialog's start times: 08:00 … 19:45 in 15-minute steps (the grid's hours). */
export const APPOINTMENT_EDIT_TIMES: readonly string[] = Array.from(
  {
    length:
      (CALENDAR_LAST_SLOT_MINUTES + CALENDAR_SLOT_MINUTES - CALENDAR_FIRST_SLOT_MINUTES) /
      APPOINTMENT_STEP_MINUTES,
  },
  (_, i) => hhmm(CALENDAR_FIRST_SLOT_MINUTES + i * APPOINTMENT_STEP_MINUTES),
);

/**
 * The calendar's Edit dialog (issue 28 item 2): therapist (null: Unassigned), service, start
 * ('YYYY-MM-DD HH:MM' Lagos), duration (minutes) and notes, with New Booking's messages. Sent as a
 * PATCH /api/appointments/{id}, which parses it with `appointmentPatchSchema` (the same fields)
 * and applies New Booking's clash rules.
 */
export const appointmentEditSchema = z.object({
  staffId: appointmentFields.staffId,
  serviceId: appointmentFields.serviceId,
  appointmentDate: appointmentFields.appointmentDate,
  duration: appointmentFields.duration,
  notes: appointmentFields.notes,
});
export type AppointmentEdit = z.input<typeof appointmentEditSchema>;
