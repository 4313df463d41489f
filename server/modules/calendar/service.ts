/**
 * The calendar: appointments and blocked times (admin spec §2 "Calendar", §3, §4, §5, §7;
 * issue 10 "appointments and blocked time that can never double-book a therapist").
 *
 * Invariants (docs/decisions.md "Calendar: no double booking"):
 * - An active appointment (not cancelled or no-show) of a staff member never overlaps another
 *   active appointment of that member, nor a blocked time of that member or of all staff, nor
 *   lies outside the member's schedule for that Lagos weekday when the member has one for it.
 *   Unassigned appointments (no staff) never clash.
 * - Every write that could break that runs in one transaction that first takes the calendar's
 *   advisory locks: a member's writes hold (CALENDAR_LOCK, staffId) exclusively and
 *   (CALENDAR_LOCK, 0) shared; an all-staff block holds (CALENDAR_LOCK, 0) exclusively. The
 *   checks read after the locks, so they see every committed rival; the exclusion constraint
 *   `appointments_no_overlap` (SQLSTATE 23P01) stays the last word. Clashes answer 409 with a
 *   message naming the clash, and nothing is written.
 * - A recurring series is expanded (Lagos wall time), checked whole and inserted in one
 *   statement: all of it or none.
 * - Every change is audited in its own transaction (recordAudit).
 * Money is kobo in the database and naira in answers; instants are UTC, wall clocks Lagos.
 */
import { randomUUID } from "node:crypto";
import {
  and,
  asc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  ne,
  notExists,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import {
  APPOINTMENT_MESSAGES,
  type Appointment,
  type AppointmentPatch,
  type AppointmentValues,
  BLOCK_MESSAGES,
  type BlockedTime,
  type BlockedTimePatch,
  type BlockedTimeValues,
  type BlockType,
  type CalendarQuery,
  clashMessage,
  DEFAULT_APPOINTMENT_MINUTES,
  expandRecurrence,
  fitsSchedule,
  INACTIVE_APPOINTMENT_STATUSES,
  lagosWeek,
  MAX_LIST_RANGE_DAYS,
  MAX_SERIES_OCCURRENCES,
  parseAppointmentRef,
  parseCalendarDateTime,
  queryRange,
  type RecurrenceType,
  UPCOMING_APPOINTMENTS_LIMIT,
  virtualAppointmentId,
} from "#common/calendar.ts";
import { CONSULTATION_PRICE, durationMinutes } from "#common/catalog.ts";
import { koboToNaira, nairaToKobo } from "#common/money.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { appointments, blockedTimes } from "#server/db/schema/calendar.ts";
import { services } from "#server/db/schema/catalog.ts";
import { staff, staffSchedules } from "#server/db/schema/staff.ts";
import { SQL_STATE, sqlState } from "#server/db/sql-state.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import { deleteBooking } from "#server/modules/bookings/service.ts";
import { ensureClient } from "#server/modules/clients/service.ts";
import { enqueueMessage } from "#server/modules/messages/service.ts";
import {
  type AppointmentChange,
  type AppointmentForMessage,
  appointmentChangeMessages,
} from "#server/modules/messages/templates.ts";
import { kickMessages } from "#server/modules/messages/worker.ts";
import { type CachedJson, FingerprintCache } from "#server/response-cache.ts";

/** Namespace of the calendar's advisory locks (pg_advisory_xact_lock(int, int)). */
const CALENDAR_LOCK = 710_010;
const DAY_MS = 86_400_000;
const INACTIVE: readonly string[] = INACTIVE_APPOINTMENT_STATUSES;

/** Whether an appointment in `status` holds its slot (not cancelled or no-show). */
export function isActiveStatus(status: string): boolean {
  return !INACTIVE.includes(status);
}

// ---------------------------------------------------------------------------------------------
// Reading

const appointmentColumns = {
  id: appointments.id,
  staffId: appointments.staffId,
  serviceId: appointments.serviceId,
  serviceName: appointments.serviceName,
  customerName: appointments.customerName,
  customerEmail: appointments.customerEmail,
  customerPhone: appointments.customerPhone,
  bookingId: appointments.bookingId,
  status: appointments.status,
  notes: appointments.notes,
  priceKobo: appointments.priceKobo,
  startsAt: appointments.startsAt,
  endsAt: appointments.endsAt,
  durationMinutes: appointments.durationMinutes,
  groupSize: appointments.groupSize,
  isRecurring: appointments.isRecurring,
  recurrenceType: appointments.recurrenceType,
  recurrenceInterval: appointments.recurrenceInterval,
  recurrenceEndDate: appointments.recurrenceEndDate,
  seriesId: appointments.seriesId,
  createdAt: appointments.createdAt,
  updatedAt: appointments.updatedAt,
  staffFirstName: staff.firstName,
  staffLastName: staff.lastName,
};

type AppointmentRow = {
  [K in keyof typeof appointmentColumns]: (typeof appointmentColumns)[K]["_"]["data"] | null;
} & { id: number; startsAt: Date; endsAt: Date; createdAt: Date; updatedAt: Date };

function fullName(first: string | null, last: string | null): string | null {
  if (first === null) return null;
  return `${first} ${last ?? ""}`.trim();
}

/** A stored appointment as the API answers it (admin spec §3): naira, ISO instants. */
function toAppointment(r: AppointmentRow): Appointment {
  const groupSize = r.groupSize ?? 1;
  return {
    id: String(r.id),
    customerName: r.customerName ?? "",
    customerEmail: r.customerEmail ?? "",
    customerPhone: r.customerPhone ?? "",
    serviceId: r.serviceId,
    serviceName: r.serviceName ?? "",
    appointmentDate: r.startsAt.toISOString(),
    endTime: r.endsAt.toISOString(),
    status: r.status ?? "scheduled",
    notes: r.notes,
    staffId: r.staffId,
    staffName: fullName(r.staffFirstName, r.staffLastName),
    duration: r.durationMinutes ?? DEFAULT_APPOINTMENT_MINUTES,
    price: r.priceKobo === null ? null : koboToNaira(r.priceKobo),
    isGroupBooking: groupSize > 1,
    groupSize,
    isRecurring: r.isRecurring ?? false,
    recurrenceType: (r.recurrenceType as RecurrenceType | null) ?? null,
    recurrenceInterval: r.recurrenceInterval,
    endDate: r.recurrenceEndDate,
    seriesId: r.seriesId,
    bookingId: r.bookingId,
    virtual: false,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function selectAppointments(db: Db | Tx) {
  return db
    .select(appointmentColumns)
    .from(appointments)
    .leftJoin(staff, eq(staff.id, appointments.staffId));
}

const bookingColumns = {
  id: bookings.id,
  name: bookings.name,
  email: bookings.email,
  phone: bookings.phone,
  serviceId: bookings.serviceId,
  serviceName: bookings.serviceName,
  kind: bookings.kind,
  date: bookings.date,
  message: bookings.message,
  status: bookings.status,
  processed: bookings.processed,
  createdAt: bookings.createdAt,
  servicePriceKobo: services.priceKobo,
  serviceDuration: services.duration,
};
type BookingRow = {
  id: number;
  name: string;
  email: string;
  phone: string;
  serviceId: number | null;
  serviceName: string;
  kind: string;
  date: Date;
  message: string | null;
  status: string;
  processed: boolean;
  createdAt: Date;
  servicePriceKobo: number | null;
  serviceDuration: string | null;
};

/** Minutes and kobo a booking request stands for: its service's, or a consultation's. */
function bookingTerms(b: BookingRow): { minutes: number; priceKobo: number | null } {
  if (b.kind === "consultation") {
    return { minutes: DEFAULT_APPOINTMENT_MINUTES, priceKobo: nairaToKobo(CONSULTATION_PRICE) };
  }
  const minutes = b.serviceDuration ? durationMinutes(b.serviceDuration) : null;
  return {
    minutes: minutes && minutes > 0 ? minutes : DEFAULT_APPOINTMENT_MINUTES,
    priceKobo: b.servicePriceKobo,
  };
}

/** An unprocessed booking request as a virtual pending appointment 'booking-{id}' (admin spec §3). */
function toVirtual(b: BookingRow): Appointment {
  const { minutes, priceKobo } = bookingTerms(b);
  const created = b.createdAt.toISOString();
  return {
    id: virtualAppointmentId(b.id),
    customerName: b.name,
    customerEmail: b.email,
    customerPhone: b.phone,
    serviceId: b.serviceId,
    serviceName: b.serviceName,
    appointmentDate: b.date.toISOString(),
    endTime: new Date(b.date.getTime() + minutes * 60_000).toISOString(),
    status: b.processed ? b.status : "pending",
    notes: b.message,
    staffId: null,
    staffName: null,
    duration: minutes,
    price: priceKobo === null ? null : koboToNaira(priceKobo),
    isGroupBooking: false,
    groupSize: 1,
    isRecurring: false,
    recurrenceType: null,
    recurrenceInterval: null,
    endDate: null,
    seriesId: null,
    bookingId: b.id,
    virtual: true,
    createdAt: created,
    updatedAt: created,
  };
}

function selectBookings(db: Db | Tx) {
  return db
    .select(bookingColumns)
    .from(bookings)
    .leftJoin(services, eq(services.id, bookings.serviceId));
}

/** Booking requests that still wait on the calendar: unprocessed and with no appointment yet. */
const waitingBooking = () =>
  and(
    eq(bookings.processed, false),
    notExists(
      sql`(select 1 from ${appointments} where ${appointments.bookingId} = ${bookings.id})`,
    ),
  );

/**
 * [from, to) of a list query: the given bounds, or six weeks from the Monday before this Lagos
 * week when none are given (a client's history by `customerEmail` has no default bound).
 * @throws HttpError 400 when `to` is not after `from` or the range exceeds 93 days.
 */
function listRange(query: CalendarQuery, now: Date): { from: Date | null; to: Date | null } {
  let { from, to } = queryRange(query);
  if (!from && !to && query.customerEmail) return { from: null, to: null };
  const span = 42 * DAY_MS;
  if (!from && !to) from = new Date(lagosWeek(now).from.getTime() - 7 * DAY_MS);
  if (from && !to) to = new Date(from.getTime() + span);
  if (to && !from) from = new Date(to.getTime() - span);
  if (!from || !to || to <= from) {
    throw new HttpError(400, "'to' must be after 'from'", { to: "'to' must be after 'from'" });
  }
  if (to.getTime() - from.getTime() > MAX_LIST_RANGE_DAYS * DAY_MS) {
    const message = `Ask for at most ${MAX_LIST_RANGE_DAYS} days at once`;
    throw new HttpError(400, message, { to: message });
  }
  return { from, to };
}

/** The resolved filters of one appointments list: what it reads and the key it is cached under. */
type ListFilters = {
  key: string;
  appointmentsWhere: SQL | undefined;
  /** Null when the list keeps one member's appointments (virtual ones have no staff). */
  bookingsWhere: SQL | undefined | null;
  /** The bookings a fingerprint covers: in range (or by email), processed or not. */
  bookingsInRange: SQL | undefined;
};

function listFilters(query: CalendarQuery, now: Date): ListFilters {
  const { from, to } = listRange(query, now);
  const email = query.customerEmail?.toLowerCase();
  const conditions: SQL[] = [];
  if (from) conditions.push(gt(appointments.endsAt, from));
  if (to) conditions.push(lt(appointments.startsAt, to));
  if (query.staffId) conditions.push(eq(appointments.staffId, query.staffId));
  if (email) conditions.push(sql`lower(${appointments.customerEmail}) = ${email}`);
  const bookingConditions: SQL[] = [];
  if (from) bookingConditions.push(gte(bookings.date, from));
  if (to) bookingConditions.push(lt(bookings.date, to));
  if (email) bookingConditions.push(sql`lower(${bookings.email}) = ${email}`);
  return {
    key: JSON.stringify([from?.getTime(), to?.getTime(), query.staffId ?? null, email ?? null]),
    appointmentsWhere: and(...conditions),
    bookingsWhere: query.staffId ? null : and(waitingBooking(), ...bookingConditions),
    bookingsInRange: and(...bookingConditions),
  };
}

async function readAppointments(db: Db, filters: ListFilters): Promise<Appointment[]> {
  const rows = await selectAppointments(db)
    .where(filters.appointmentsWhere)
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
  const list = rows.map(toAppointment);
  if (filters.bookingsWhere === null) return list;
  const waiting = await selectBookings(db)
    .where(filters.bookingsWhere)
    .orderBy(asc(bookings.date), asc(bookings.id));
  if (waiting.length === 0) return list;
  return [...list, ...waiting.map(toVirtual)].sort((a, b) =>
    a.appointmentDate === b.appointmentDate
      ? a.id.localeCompare(b.id)
      : a.appointmentDate.localeCompare(b.appointmentDate),
  );
}

/**
 * GET /api/appointments (admin spec §7): the appointments that overlap [from, to) and the
 * unprocessed online booking requests starting in it as virtual pending appointments
 * ('booking-{id}', `virtual: true`; admin spec §3), by start time. `staffId` keeps one member's
 * appointments (virtual ones have no staff, so they drop out); `customerEmail` one client's
 * (case-insensitive). Bounds: see `calendarQuerySchema`; default six weeks around this week.
 * @throws HttpError 400 for a reversed or longer-than-93-days range.
 */
export async function listAppointments(
  db: Db,
  query: CalendarQuery,
  now: Date = new Date(),
): Promise<Appointment[]> {
  return readAppointments(db, listFilters(query, now));
}

/**
 * A digest of every row `listAppointments(query)` depends on: each matching appointment's and
 * each booking request's in range id and row version (`xmin`, new on every insert and update;
 * a delete drops the id), whether each such request has an appointment yet, and the staff and
 * services tables (names, durations, prices). Equal digests mean an equal answer.
 */
async function appointmentsFingerprint(db: Db, filters: ListFilters): Promise<string> {
  const versions = (table: SQL, id: SQL, where?: SQL) =>
    sql`coalesce((select string_agg(${id}::text || '.' || ${table}.xmin::text, ',' order by ${id}) from ${table}${where ? sql` where ${where}` : sql``}), '')`;
  const booked = sql`exists (select 1 from ${appointments} where ${appointments.bookingId} = ${bookings.id})`;
  const result = await db.execute<{ fingerprint: string }>(sql`select md5(
    ${versions(sql`${appointments}`, sql`${appointments.id}`, filters.appointmentsWhere)} || '|' ||
    coalesce((select string_agg(${bookings.id}::text || '.' || ${bookings}.xmin::text || case when ${booked} then '+' else '' end, ',' order by ${bookings.id}) from ${bookings}${filters.bookingsInRange ? sql` where ${filters.bookingsInRange}` : sql``}), '') || '|' ||
    ${versions(sql`${staff}`, sql`${staff.id}`)} || '|' ||
    ${versions(sql`${services}`, sql`${services.id}`)}
  ) as fingerprint`);
  // Both drivers (PGlite, node-postgres) answer with `{ rows }`.
  const { rows } = result as unknown as { rows: Array<{ fingerprint: string }> };
  return rows[0]?.fingerprint ?? "";
}

const appointmentCaches = new WeakMap<Db, FingerprintCache<Appointment[]>>();

/**
 * `listAppointments(query)` through the database's fingerprinted cache (server/response-cache.ts):
 * one small digest query per call, the full read only when a row it depends on changed. For the
 * API (JSON, gzip, ETag) and the calendar page. Throws as `listAppointments`.
 */
export async function cachedAppointments(
  db: Db,
  query: CalendarQuery,
  now: Date = new Date(),
): Promise<CachedJson<Appointment[]>> {
  const filters = listFilters(query, now);
  let cache = appointmentCaches.get(db);
  if (!cache) {
    cache = new FingerprintCache<Appointment[]>();
    appointmentCaches.set(db, cache);
  }
  // The digest is read before the rows: a write landing in between makes the next digest differ,
  // so a newer answer filed under an older digest is only ever read again once.
  const fingerprint = await appointmentsFingerprint(db, filters);
  return cache.get(filters.key, fingerprint, () => readAppointments(db, filters));
}

/**
 * GET /api/appointments/upcoming (admin spec §2 "Point of sale", §9): the next `limit` (5)
 * appointments from `now` that are still to happen (scheduled, confirmed or pending, and waiting
 * booking requests as virtual ones), soonest first.
 */
export async function listUpcomingAppointments(
  db: Db,
  now: Date = new Date(),
  limit = UPCOMING_APPOINTMENTS_LIMIT,
): Promise<Appointment[]> {
  const rows = await selectAppointments(db)
    .where(
      and(
        gte(appointments.startsAt, now),
        inArray(appointments.status, ["scheduled", "confirmed", "pending"]),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id))
    .limit(limit);
  const waiting = await selectBookings(db)
    .where(and(waitingBooking(), gte(bookings.date, now), ne(bookings.status, "cancelled")))
    .orderBy(asc(bookings.date), asc(bookings.id))
    .limit(limit);
  return [...rows.map(toAppointment), ...waiting.map(toVirtual)]
    .sort((a, b) => a.appointmentDate.localeCompare(b.appointmentDate))
    .slice(0, limit);
}

/** One stored appointment by id, or null. */
export async function getAppointment(db: Db | Tx, id: number): Promise<Appointment | null> {
  const [row] = await selectAppointments(db).where(eq(appointments.id, id));
  return row ? toAppointment(row) : null;
}

// ---------------------------------------------------------------------------------------------
// Locks and clash checks

/** Takes the calendar locks for writes touching `staffIds` (ascending, so no deadlock). */
async function lockStaff(tx: Tx, staffIds: Array<number | null>): Promise<void> {
  const ids = [...new Set(staffIds.filter((id): id is number => id !== null))].sort(
    (a, b) => a - b,
  );
  if (ids.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${sql.raw(String(CALENDAR_LOCK))}, 0)`);
  for (const id of ids) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${sql.raw(String(CALENDAR_LOCK))}, ${sql.raw(String(id))})`,
    );
  }
}

/** Takes the all-staff calendar lock (an all-staff block waits for every member's writes). */
async function lockAllStaff(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(CALENDAR_LOCK))}, 0)`);
}

type Span = { start: Date; end: Date };
type StaffRef = { id: number; firstName: string; lastName: string; status: string };

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;
const rangeOf = (spans: Span[]) => ({
  min: new Date(Math.min(...spans.map((s) => s.start.getTime()))),
  max: new Date(Math.max(...spans.map((s) => s.end.getTime()))),
});

/**
 * The message of the first clash (in time order of `spans`) of `member` working `spans`: outside
 * the schedule, another active appointment (other than `excludeId`), or a block of the member or
 * of all staff. Null when every span is free. Run it after `lockStaff` for a decision that holds.
 */
async function findClash(
  db: Db | Tx,
  member: StaffRef,
  spans: Span[],
  excludeId: number | null = null,
): Promise<string | null> {
  if (spans.length === 0) return null;
  const { min, max } = rangeOf(spans);
  // One after another: inside a transaction the queries share one connection.
  const periods = await db
    .select({
      dayOfWeek: staffSchedules.dayOfWeek,
      startTime: staffSchedules.startTime,
      endTime: staffSchedules.endTime,
    })
    .from(staffSchedules)
    .where(eq(staffSchedules.staffId, member.id));
  const taken = await db
    .select({
      start: appointments.startsAt,
      end: appointments.endsAt,
      serviceName: appointments.serviceName,
      customerName: appointments.customerName,
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.staffId, member.id),
        notInArray(appointments.status, [...INACTIVE]),
        lt(appointments.startsAt, max),
        gt(appointments.endsAt, min),
        excludeId === null ? undefined : ne(appointments.id, excludeId),
      ),
    )
    .orderBy(asc(appointments.startsAt));
  const blocks = await db
    .select({
      start: blockedTimes.startsAt,
      end: blockedTimes.endsAt,
      title: blockedTimes.title,
      staffId: blockedTimes.staffId,
    })
    .from(blockedTimes)
    .where(
      and(
        or(eq(blockedTimes.staffId, member.id), isNull(blockedTimes.staffId)),
        lt(blockedTimes.startsAt, max),
        gt(blockedTimes.endsAt, min),
      ),
    )
    .orderBy(asc(blockedTimes.startsAt));
  const name = member.firstName;
  for (const span of [...spans].sort((a, b) => a.start.getTime() - b.start.getTime())) {
    const fit = fitsSchedule(span.start, span.end, periods);
    if (!fit.ok) {
      return clashMessage({ kind: "schedule", staff: name, ...span, hours: fit.hours });
    }
    const appointment = taken.find((t) => overlaps(t, span));
    if (appointment) {
      return clashMessage({
        kind: "appointment",
        staff: name,
        service: appointment.serviceName,
        customer: appointment.customerName,
        start: appointment.start,
        end: appointment.end,
      });
    }
    const block = blocks.find((b) => overlaps(b, span));
    if (block) {
      return clashMessage({
        kind: "block",
        staff: block.staffId === null ? null : name,
        title: block.title,
        start: block.start,
        end: block.end,
      });
    }
  }
  return null;
}

/**
 * Runs `write`; an exclusion violation (a rival commit the checks could not see) becomes a 409
 * whose message names the clash as it now stands.
 */
async function refusingOverlap<T>(
  db: Db,
  write: () => Promise<T>,
  clash: () => Promise<{ member: StaffRef; spans: Span[]; excludeId?: number | null } | null>,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (sqlState(err) !== SQL_STATE.exclusionViolation) throw err;
    const target = await clash();
    const message = target
      ? await findClash(db, target.member, target.spans, target.excludeId ?? null)
      : null;
    throw new HttpError(409, message ?? "That time is already booked for this staff member");
  }
}

async function findStaff(db: Db | Tx, id: number, field = "staffId"): Promise<StaffRef> {
  const [row] = await db
    .select({
      id: staff.id,
      firstName: staff.firstName,
      lastName: staff.lastName,
      status: staff.status,
    })
    .from(staff)
    .where(eq(staff.id, id));
  if (!row)
    throw new HttpError(400, APPOINTMENT_MESSAGES.staffId, {
      [field]: APPOINTMENT_MESSAGES.staffId,
    });
  return row;
}

/** A member who can take new appointments: active, else 400 on `staffId`. */
async function bookableStaff(db: Db | Tx, id: number): Promise<StaffRef> {
  const member = await findStaff(db, id);
  if (member.status !== "active") {
    const message = `${member.firstName} ${member.lastName} is ${member.status} and cannot be booked`;
    throw new HttpError(400, message, { staffId: message });
  }
  return member;
}

type ServiceTerms = { id: number; name: string; priceKobo: number | null; minutes: number };

async function findService(db: Db | Tx, id: number): Promise<ServiceTerms> {
  const [row] = await db
    .select({
      id: services.id,
      name: services.name,
      priceKobo: services.priceKobo,
      duration: services.duration,
    })
    .from(services)
    .where(eq(services.id, id));
  if (!row) {
    throw new HttpError(400, APPOINTMENT_MESSAGES.serviceId, {
      serviceId: APPOINTMENT_MESSAGES.serviceId,
    });
  }
  const minutes = durationMinutes(row.duration);
  return {
    id: row.id,
    name: row.name,
    priceKobo: row.priceKobo,
    minutes: minutes && minutes > 0 ? minutes : DEFAULT_APPOINTMENT_MINUTES,
  };
}

function instantOf(text: string, field: string, message: string): Date {
  const instant = parseCalendarDateTime(text);
  if (!instant) throw new HttpError(400, message, { [field]: message });
  return instant;
}

// ---------------------------------------------------------------------------------------------
// Appointments: create, change, delete

/** Statuses in which the client has an appointment to come to (and gets messages about it). */
const BOOKED_STATUSES = new Set(["scheduled", "confirmed"]);

/**
 * What the client is told after a change of an appointment from (`before`) to (`after`): null
 * when nothing they care about changed. Booked = 'scheduled' or 'confirmed'.
 */
export function appointmentChangeFor(
  before: { status: string; start: Date } | null,
  after: { status: string; start: Date },
): AppointmentChange | null {
  const wasBooked = before !== null && BOOKED_STATUSES.has(before.status);
  const isBooked = BOOKED_STATUSES.has(after.status);
  if (isBooked && !wasBooked) return "confirmed";
  if (wasBooked && after.status === "cancelled") return "cancelled";
  if (wasBooked && isBooked && before.start.getTime() !== after.start.getTime()) {
    return "rescheduled";
  }
  return null;
}

/**
 * Queues the client's email (with .ics) and WhatsApp for `change` in the caller's transaction
 * (issue 17); the caller kicks the messages worker after commit. The .ics SEQUENCE is the change's
 * time in seconds, so each later change replaces the earlier one in calendar apps.
 */
async function queueAppointmentMessages(
  tx: Tx,
  change: AppointmentChange,
  appointment: AppointmentForMessage,
): Promise<void> {
  const sequence = Math.floor(Date.now() / 1000);
  for (const message of await appointmentChangeMessages(appointment, change, sequence)) {
    await enqueueMessage(tx, message);
  }
}

const staffName = (member: StaffRef | null) =>
  member ? `${member.firstName} ${member.lastName}` : null;

/**
 * POST /api/appointments (admin spec §5, §7): books one appointment, or a recurring series
 * (daily/weekly/monthly every `recurrenceInterval`, through `endDate`, in Lagos wall time; at most
 * 60), for the client with that email (found or created: `ensureClient`). Service name, price
 * (kobo → naira in answers) and default duration come from the catalogue; staff name from staff.
 * @returns every created appointment, first occurrence first.
 * @throws HttpError 400 unknown service or staff, inactive staff, a series longer than 60;
 *   409 when any occurrence clashes (the message names the first clash) — then nothing is created.
 */
export async function createAppointments(
  db: Db,
  admin: AdminIdentity,
  input: AppointmentValues,
): Promise<Appointment[]> {
  const service = await findService(db, input.serviceId);
  const member = input.staffId ? await bookableStaff(db, input.staffId) : null;
  const minutes = input.duration ?? service.minutes;
  const first = instantOf(
    input.appointmentDate,
    "appointmentDate",
    APPOINTMENT_MESSAGES.appointmentDateFormat,
  );
  const starts =
    input.isRecurring && input.endDate
      ? expandRecurrence(
          first,
          {
            type: input.recurrenceType,
            interval: input.recurrenceInterval,
            endDate: input.endDate,
          },
          MAX_SERIES_OCCURRENCES + 1,
        )
      : [first];
  if (starts.length > MAX_SERIES_OCCURRENCES) {
    throw new HttpError(400, APPOINTMENT_MESSAGES.tooManyOccurrences, {
      endDate: APPOINTMENT_MESSAGES.tooManyOccurrences,
    });
  }
  const spans = starts.map((start) => ({
    start,
    end: new Date(start.getTime() + minutes * 60_000),
  }));
  const seriesId = input.isRecurring ? randomUUID() : null;
  const checks = member !== null && isActiveStatus(input.status);

  const ids = await refusingOverlap(
    db,
    () =>
      db.transaction(async (tx) => {
        if (member) await lockStaff(tx, [member.id]);
        if (checks && member) {
          const clash = await findClash(tx, member, spans);
          if (clash) throw new HttpError(409, clash);
        }
        const clientId = await ensureClient(tx, {
          email: input.customerEmail,
          name: input.customerName,
          phone: input.customerPhone,
        });
        const rows = await tx
          .insert(appointments)
          .values(
            spans.map((span) => ({
              staffId: member?.id ?? null,
              clientId,
              serviceId: service.id,
              serviceName: service.name,
              customerName: input.customerName,
              customerEmail: input.customerEmail.toLowerCase(),
              customerPhone: input.customerPhone,
              status: input.status,
              notes: input.notes || null,
              priceKobo: service.priceKobo,
              startsAt: span.start,
              endsAt: span.end,
              durationMinutes: minutes,
              groupSize: input.groupSize,
              isRecurring: input.isRecurring,
              recurrenceType: input.isRecurring ? input.recurrenceType : null,
              recurrenceInterval: input.isRecurring ? input.recurrenceInterval : null,
              recurrenceEndDate: input.isRecurring ? (input.endDate ?? null) : null,
              seriesId,
            })),
          )
          .returning({ id: appointments.id });
        const created = rows.map((r) => r.id);
        // One confirmation for a series: its first occurrence (60 emails would be noise).
        const firstId = created[0];
        const firstSpan = spans[0];
        if (
          firstId !== undefined &&
          firstSpan &&
          appointmentChangeFor(null, { status: input.status, start: firstSpan.start })
        ) {
          await queueAppointmentMessages(tx, "confirmed", {
            id: firstId,
            customerName: input.customerName,
            customerEmail: input.customerEmail.toLowerCase(),
            customerPhone: input.customerPhone,
            serviceName: service.name,
            startsAt: firstSpan.start,
            endsAt: firstSpan.end,
            staffName: staffName(member),
          });
        }
        await recordAudit(tx, admin, {
          action: "appointment.create",
          entity: "appointment",
          entityId: created[0],
          details: {
            ids: created,
            seriesId,
            staffId: member?.id ?? null,
            serviceId: service.id,
            customerEmail: input.customerEmail.toLowerCase(),
            start: first.toISOString(),
            minutes,
            status: input.status,
          },
        });
        return created;
      }),
    async () => (member ? { member, spans } : null),
  );
  kickMessages(db);
  const rows = await selectAppointments(db)
    .where(inArray(appointments.id, ids))
    .orderBy(asc(appointments.startsAt));
  return rows.map(toAppointment);
}

/**
 * PATCH /api/appointments/{id} (admin spec §4, §7). For a stored appointment: status, reschedule
 * (`appointmentDate` 'YYYY-MM-DD HH:MM' Lagos or ISO), staff (null unassigns), duration, notes,
 * service (name and price follow), customer details (client relinked) and group size. Any change
 * that makes or moves an active slot of a member is checked like a new booking.
 * For 'booking-{id}' (a virtual pending booking): see `updateVirtualBooking`.
 * @throws HttpError 404 unknown id; 400 bad service/staff/date; 409 a clash (nothing changed).
 */
export async function updateAppointment(
  db: Db,
  admin: AdminIdentity,
  ref: string,
  patch: AppointmentPatch,
): Promise<Appointment> {
  const target = parseAppointmentRef(ref);
  if (!target) throw new HttpError(404, "Appointment not found");
  if (target.kind === "booking") return updateVirtualBooking(db, admin, target.id, patch);
  const id = target.id;

  const [before] = await db
    .select({ staffId: appointments.staffId })
    .from(appointments)
    .where(eq(appointments.id, id));
  if (!before) throw new HttpError(404, "Appointment not found");
  const nextStaffId = patch.staffId !== undefined ? patch.staffId : before.staffId;
  const member =
    nextStaffId === null
      ? null
      : nextStaffId !== before.staffId
        ? await bookableStaff(db, nextStaffId)
        : await findStaff(db, nextStaffId);
  const service = patch.serviceId !== undefined ? await findService(db, patch.serviceId) : null;
  const newStart =
    patch.appointmentDate !== undefined
      ? instantOf(
          patch.appointmentDate,
          "appointmentDate",
          APPOINTMENT_MESSAGES.appointmentDateFormat,
        )
      : null;

  let spanForRetry: Span | null = null;
  await refusingOverlap(
    db,
    () =>
      db.transaction(async (tx) => {
        await lockStaff(tx, [before.staffId, nextStaffId]);
        const [row] = await tx
          .select()
          .from(appointments)
          .where(eq(appointments.id, id))
          .for("update");
        if (!row) throw new HttpError(404, "Appointment not found");
        if (patch.staffId === undefined && row.staffId !== before.staffId) {
          throw new HttpError(409, "This appointment changed meanwhile; please try again");
        }
        const start = newStart ?? row.startsAt;
        const minutes = patch.duration ?? row.durationMinutes;
        const end = new Date(start.getTime() + minutes * 60_000);
        const status = patch.status ?? row.status;
        spanForRetry = { start, end };
        const moved =
          start.getTime() !== row.startsAt.getTime() ||
          minutes !== row.durationMinutes ||
          nextStaffId !== row.staffId ||
          (isActiveStatus(status) && !isActiveStatus(row.status));
        if (member && moved && isActiveStatus(status)) {
          const clash = await findClash(tx, member, [{ start, end }], id);
          if (clash) throw new HttpError(409, clash);
        }
        const values: Partial<typeof appointments.$inferInsert> = {
          staffId: nextStaffId,
          startsAt: start,
          endsAt: end,
          durationMinutes: minutes,
          status,
          updatedAt: new Date(),
        };
        if (patch.notes !== undefined) values.notes = patch.notes || null;
        if (patch.groupSize !== undefined) values.groupSize = patch.groupSize;
        if (service) {
          values.serviceId = service.id;
          values.serviceName = service.name;
          values.priceKobo = service.priceKobo;
        }
        if (patch.customerName !== undefined) values.customerName = patch.customerName;
        if (patch.customerPhone !== undefined) values.customerPhone = patch.customerPhone;
        if (patch.customerEmail !== undefined) {
          values.customerEmail = patch.customerEmail.toLowerCase();
          values.clientId = await ensureClient(tx, {
            email: patch.customerEmail,
            name: patch.customerName ?? row.customerName,
            phone: patch.customerPhone ?? row.customerPhone,
          });
        }
        await tx.update(appointments).set(values).where(eq(appointments.id, id));
        const change = appointmentChangeFor(
          { status: row.status, start: row.startsAt },
          { status, start },
        );
        if (change) {
          const staffMember =
            nextStaffId === null ? null : (member ?? (await findStaff(tx, nextStaffId)));
          await queueAppointmentMessages(tx, change, {
            id,
            customerName: values.customerName ?? row.customerName,
            customerEmail: values.customerEmail ?? row.customerEmail,
            customerPhone: values.customerPhone ?? row.customerPhone,
            serviceName: values.serviceName ?? row.serviceName,
            startsAt: start,
            endsAt: end,
            staffName: staffName(staffMember),
            bookingId: row.bookingId,
          });
        }
        await recordAudit(tx, admin, {
          action: "appointment.update",
          entity: "appointment",
          entityId: id,
          details: {
            ...patch,
            previous: {
              status: row.status,
              start: row.startsAt.toISOString(),
              staffId: row.staffId,
              minutes: row.durationMinutes,
            },
          },
        });
      }),
    async () => (member && spanForRetry ? { member, spans: [spanForRetry], excludeId: id } : null),
  );
  kickMessages(db);
  const updated = await getAppointment(db, id);
  if (!updated) throw new HttpError(404, "Appointment not found");
  return updated;
}

/**
 * PATCH /api/appointments/booking-{id}: the calendar's actions on a virtual pending booking
 * (admin spec §4). Confirming (or scheduling, or completing) marks the booking processed and
 * creates the real appointment for it (linked by booking id, status as sent, the booking's time
 * unless rescheduled, its service's duration and price, staff if sent; checked like any booking),
 * so it stays on the calendar. Cancel and no-show set that status on the booking and mark it
 * processed. A reschedule alone (`appointmentDate`) moves the request and keeps it pending.
 * @returns the created appointment, or the booking as a (now processed) virtual appointment.
 * @throws HttpError 404 unknown booking; 409 already processed, or a clash; 400 other fields on a
 *   booking that stays pending.
 */
async function updateVirtualBooking(
  db: Db,
  admin: AdminIdentity,
  bookingId: number,
  patch: AppointmentPatch,
): Promise<Appointment> {
  const status = patch.status;
  const creates = status === "confirmed" || status === "completed" || status === "scheduled";
  const closes = status === "cancelled" || status === "no-show";
  const { status: _s, appointmentDate: _d, ...others } = patch;
  if (!creates && Object.values(others).some((v) => v !== undefined)) {
    const message = "Confirm the booking before changing its staff, service or details";
    throw new HttpError(400, message);
  }
  const member = creates && patch.staffId ? await bookableStaff(db, patch.staffId) : null;
  const service = creates && patch.serviceId ? await findService(db, patch.serviceId) : null;
  const newStart =
    patch.appointmentDate !== undefined
      ? instantOf(
          patch.appointmentDate,
          "appointmentDate",
          APPOINTMENT_MESSAGES.appointmentDateFormat,
        )
      : null;

  let retry: Span | null = null;
  const result = await refusingOverlap(
    db,
    () =>
      db.transaction(async (tx): Promise<Appointment | number> => {
        if (member) await lockStaff(tx, [member.id]);
        const [locked] = await tx
          .select({ id: bookings.id })
          .from(bookings)
          .where(eq(bookings.id, bookingId))
          .for("update");
        if (!locked) throw new HttpError(404, "Booking not found");
        const [booking] = await selectBookings(tx).where(eq(bookings.id, bookingId));
        if (!booking) throw new HttpError(404, "Booking not found");
        const [existing] = await tx
          .select({ id: appointments.id })
          .from(appointments)
          .where(eq(appointments.bookingId, bookingId));
        if (booking.processed || existing) {
          throw new HttpError(409, "This booking request has already been processed");
        }
        if (closes) {
          await tx
            .update(bookings)
            .set({ status, processed: true })
            .where(eq(bookings.id, bookingId));
          await recordAudit(tx, admin, {
            action: status === "no-show" ? "booking.no-show" : "booking.cancel",
            entity: "booking",
            entityId: bookingId,
            details: { status, processed: true, from: "calendar" },
          });
          return toVirtual({ ...booking, status, processed: true });
        }
        if (!creates) {
          if (!newStart && status !== "pending") throw new HttpError(400, "Nothing to update");
          if (newStart) {
            await tx.update(bookings).set({ date: newStart }).where(eq(bookings.id, bookingId));
          }
          await recordAudit(tx, admin, {
            action: "booking.update",
            entity: "booking",
            entityId: bookingId,
            details: { ...patch, from: "calendar" },
          });
          return toVirtual({ ...booking, date: newStart ?? booking.date });
        }
        const terms = bookingTerms(booking);
        const minutes = patch.duration ?? service?.minutes ?? terms.minutes;
        const start = newStart ?? booking.date;
        const end = new Date(start.getTime() + minutes * 60_000);
        retry = { start, end };
        if (member) {
          const clash = await findClash(tx, member, [{ start, end }]);
          if (clash) throw new HttpError(409, clash);
        }
        const clientId = await ensureClient(tx, {
          email: patch.customerEmail ?? booking.email,
          name: patch.customerName ?? booking.name,
          phone: patch.customerPhone ?? booking.phone,
        });
        const [created] = await tx
          .insert(appointments)
          .values({
            staffId: member?.id ?? null,
            clientId,
            serviceId: service?.id ?? booking.serviceId,
            serviceName: service?.name ?? booking.serviceName,
            customerName: patch.customerName ?? booking.name,
            customerEmail: (patch.customerEmail ?? booking.email).toLowerCase(),
            customerPhone: patch.customerPhone ?? booking.phone,
            bookingId,
            status,
            notes: patch.notes !== undefined ? patch.notes || null : booking.message,
            priceKobo: service ? service.priceKobo : terms.priceKobo,
            startsAt: start,
            endsAt: end,
            durationMinutes: minutes,
            groupSize: patch.groupSize ?? 1,
          })
          .returning({ id: appointments.id });
        if (!created) throw new Error("insert returned no row");
        if (appointmentChangeFor(null, { status, start })) {
          await queueAppointmentMessages(tx, "confirmed", {
            id: created.id,
            customerName: patch.customerName ?? booking.name,
            customerEmail: (patch.customerEmail ?? booking.email).toLowerCase(),
            customerPhone: patch.customerPhone ?? booking.phone,
            serviceName: service?.name ?? booking.serviceName,
            startsAt: start,
            endsAt: end,
            staffName: staffName(member),
            bookingId,
          });
        }
        await tx.update(bookings).set({ processed: true }).where(eq(bookings.id, bookingId));
        await recordAudit(tx, admin, {
          action: "booking.process",
          entity: "booking",
          entityId: bookingId,
          details: { processed: true, appointmentId: created.id, from: "calendar" },
        });
        await recordAudit(tx, admin, {
          action: "appointment.create",
          entity: "appointment",
          entityId: created.id,
          details: { bookingId, status, staffId: member?.id ?? null, start: start.toISOString() },
        });
        return created.id;
      }),
    async () => (member && retry ? { member, spans: [retry] } : null),
  );
  if (typeof result !== "number") return result;
  kickMessages(db);
  const appointment = await getAppointment(db, result);
  if (!appointment) throw new HttpError(404, "Appointment not found");
  return appointment;
}

/**
 * DELETE /api/appointments/{id} (admin spec §4, §7). 'booking-{id}' deletes that booking request
 * (as the bookings screen's Delete does). Audited.
 * @throws HttpError 404 unknown id.
 */
export async function deleteAppointment(db: Db, admin: AdminIdentity, ref: string): Promise<void> {
  const target = parseAppointmentRef(ref);
  if (!target) throw new HttpError(404, "Appointment not found");
  if (target.kind === "booking") return deleteBooking(db, admin, target.id);
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(appointments).where(eq(appointments.id, target.id)).returning();
    if (!row) throw new HttpError(404, "Appointment not found");
    await recordAudit(tx, admin, {
      action: "appointment.delete",
      entity: "appointment",
      entityId: row.id,
      details: {
        customerName: row.customerName,
        serviceName: row.serviceName,
        start: row.startsAt.toISOString(),
        staffId: row.staffId,
        status: row.status,
      },
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Blocked time

const blockColumns = {
  id: blockedTimes.id,
  title: blockedTimes.title,
  description: blockedTimes.description,
  staffId: blockedTimes.staffId,
  startsAt: blockedTimes.startsAt,
  endsAt: blockedTimes.endsAt,
  blockType: blockedTimes.blockType,
  isPaid: blockedTimes.isPaid,
  isRecurring: blockedTimes.isRecurring,
  color: blockedTimes.color,
  createdAt: blockedTimes.createdAt,
  updatedAt: blockedTimes.updatedAt,
  staffFirstName: staff.firstName,
  staffLastName: staff.lastName,
};

function selectBlocks(db: Db | Tx) {
  return db
    .select(blockColumns)
    .from(blockedTimes)
    .leftJoin(staff, eq(staff.id, blockedTimes.staffId));
}

function toBlockedTime(
  r: Awaited<ReturnType<ReturnType<typeof selectBlocks>["execute"]>>[number],
): BlockedTime {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    startTime: r.startsAt.toISOString(),
    endTime: r.endsAt.toISOString(),
    staffId: r.staffId,
    staffName: fullName(r.staffFirstName, r.staffLastName),
    blockType: r.blockType as BlockType,
    isPaid: r.isPaid,
    isRecurring: r.isRecurring,
    color: r.color,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * GET /api/blocked-time (admin spec §7): blocks overlapping [from, to) (same bounds as
 * appointments), by start; with `staffId`, that member's blocks and the all-staff ones.
 */
export async function listBlockedTimes(
  db: Db,
  query: CalendarQuery,
  now: Date = new Date(),
): Promise<BlockedTime[]> {
  const { from, to } = listRange({ ...query, customerEmail: undefined }, now);
  const rows = await selectBlocks(db)
    .where(
      and(
        from ? gt(blockedTimes.endsAt, from) : undefined,
        to ? lt(blockedTimes.startsAt, to) : undefined,
        query.staffId
          ? or(eq(blockedTimes.staffId, query.staffId), isNull(blockedTimes.staffId))
          : undefined,
      ),
    )
    .orderBy(asc(blockedTimes.startsAt), asc(blockedTimes.id));
  return rows.map(toBlockedTime);
}

/**
 * The first active appointment a block of `staffId` (null: all staff) over `span` would overlap,
 * as a message naming it, or null.
 */
async function blockClash(tx: Tx, staffId: number | null, span: Span): Promise<string | null> {
  const [hit] = await tx
    .select({
      start: appointments.startsAt,
      end: appointments.endsAt,
      serviceName: appointments.serviceName,
      customerName: appointments.customerName,
      staffFirstName: staff.firstName,
    })
    .from(appointments)
    .innerJoin(staff, eq(staff.id, appointments.staffId))
    .where(
      and(
        staffId === null ? undefined : eq(appointments.staffId, staffId),
        notInArray(appointments.status, [...INACTIVE]),
        lt(appointments.startsAt, span.end),
        gt(appointments.endsAt, span.start),
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .limit(1);
  return hit
    ? clashMessage({
        kind: "appointment",
        staff: hit.staffFirstName,
        service: hit.serviceName,
        customer: hit.customerName,
        start: hit.start,
        end: hit.end,
      })
    : null;
}

/**
 * POST /api/blocked-time (admin spec §5, §7): blocks a member's time (or all staff's, staffId
 * null). Refused with 409 when it would cover an active appointment of that member (or of anyone,
 * for all staff), so a block and an appointment never overlap whichever is written first.
 * @throws HttpError 400 unknown staff; 409 naming the covered appointment.
 */
export async function createBlockedTime(
  db: Db,
  admin: AdminIdentity,
  input: BlockedTimeValues,
): Promise<BlockedTime> {
  const staffId = input.staffId ?? null;
  if (staffId !== null) await findStaff(db, staffId);
  const start = instantOf(input.startTime, "startTime", BLOCK_MESSAGES.dateFormat);
  const end = instantOf(input.endTime, "endTime", BLOCK_MESSAGES.dateFormat);
  const id = await db.transaction(async (tx) => {
    if (staffId === null) await lockAllStaff(tx);
    else await lockStaff(tx, [staffId]);
    const clash = await blockClash(tx, staffId, { start, end });
    if (clash) throw new HttpError(409, clash);
    const [row] = await tx
      .insert(blockedTimes)
      .values({
        title: input.title,
        description: input.description || null,
        staffId,
        startsAt: start,
        endsAt: end,
        blockType: input.blockType,
        isPaid: input.isPaid,
        isRecurring: input.isRecurring,
        color: input.color,
      })
      .returning({ id: blockedTimes.id });
    if (!row) throw new Error("insert returned no row");
    await recordAudit(tx, admin, {
      action: "blocked-time.create",
      entity: "blocked-time",
      entityId: row.id,
      details: { ...input, staffId },
    });
    return row.id;
  });
  const [row] = await selectBlocks(db).where(eq(blockedTimes.id, id));
  if (!row) throw new HttpError(404, "Blocked time not found");
  return toBlockedTime(row);
}

/**
 * PATCH /api/blocked-time/{id}: any of its fields; a new time or member is checked as on create.
 * @throws HttpError 404 unknown id; 400 unknown staff or end not after start; 409 a covered
 *   appointment (nothing changed).
 */
export async function updateBlockedTime(
  db: Db,
  admin: AdminIdentity,
  id: number,
  patch: BlockedTimePatch,
): Promise<BlockedTime> {
  const [before] = await db
    .select({ staffId: blockedTimes.staffId })
    .from(blockedTimes)
    .where(eq(blockedTimes.id, id));
  if (!before) throw new HttpError(404, "Blocked time not found");
  const staffId = patch.staffId !== undefined ? patch.staffId : before.staffId;
  if (staffId !== null && staffId !== before.staffId) await findStaff(db, staffId);
  await db.transaction(async (tx) => {
    if (staffId === null || before.staffId === null) await lockAllStaff(tx);
    else await lockStaff(tx, [staffId, before.staffId]);
    const [row] = await tx.select().from(blockedTimes).where(eq(blockedTimes.id, id)).for("update");
    if (!row) throw new HttpError(404, "Blocked time not found");
    const start = patch.startTime
      ? instantOf(patch.startTime, "startTime", BLOCK_MESSAGES.dateFormat)
      : row.startsAt;
    const end = patch.endTime
      ? instantOf(patch.endTime, "endTime", BLOCK_MESSAGES.dateFormat)
      : row.endsAt;
    if (end <= start) {
      throw new HttpError(400, BLOCK_MESSAGES.endAfterStart, {
        endTime: BLOCK_MESSAGES.endAfterStart,
      });
    }
    const widened = start < row.startsAt || end > row.endsAt || staffId !== row.staffId;
    if (widened) {
      const clash = await blockClash(tx, staffId, { start, end });
      if (clash) throw new HttpError(409, clash);
    }
    const values: Partial<typeof blockedTimes.$inferInsert> = {
      staffId,
      startsAt: start,
      endsAt: end,
      updatedAt: new Date(),
    };
    if (patch.title !== undefined) values.title = patch.title;
    if (patch.description !== undefined) values.description = patch.description || null;
    if (patch.blockType !== undefined) values.blockType = patch.blockType;
    if (patch.isPaid !== undefined) values.isPaid = patch.isPaid;
    if (patch.isRecurring !== undefined) values.isRecurring = patch.isRecurring;
    if (patch.color !== undefined) values.color = patch.color;
    await tx.update(blockedTimes).set(values).where(eq(blockedTimes.id, id));
    await recordAudit(tx, admin, {
      action: "blocked-time.update",
      entity: "blocked-time",
      entityId: id,
      details: { ...patch },
    });
  });
  const [row] = await selectBlocks(db).where(eq(blockedTimes.id, id));
  if (!row) throw new HttpError(404, "Blocked time not found");
  return toBlockedTime(row);
}

/** DELETE /api/blocked-time/{id}. Audited. @throws HttpError 404 unknown id. */
export async function deleteBlockedTime(db: Db, admin: AdminIdentity, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(blockedTimes).where(eq(blockedTimes.id, id)).returning();
    if (!row) throw new HttpError(404, "Blocked time not found");
    await recordAudit(tx, admin, {
      action: "blocked-time.delete",
      entity: "blocked-time",
      entityId: id,
      details: {
        title: row.title,
        staffId: row.staffId,
        start: row.startsAt.toISOString(),
        end: row.endsAt.toISOString(),
      },
    });
  });
}
