/**
 * Calendar constants (admin spec §3 "Appointment", "Blocked time", §4, §9). Pure values and
 * types only; the database builds its CHECK constraints from these lists
 * (server/db/schema/calendar.ts), so a value added here needs a migration.
 */
import { BOOKING_STATUSES } from "./booking.ts";

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
