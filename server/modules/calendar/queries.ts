/**
 * Reading the calendar (admin spec §2 "Calendar", §3, §7, §9): appointments in a range, with the
 * waiting booking requests as virtual ones, through a fingerprinted cache; the point of sale's
 * upcoming list; one appointment. Money is kobo in the database and naira in answers; instants
 * are UTC, week bounds Lagos.
 */
import { and, asc, eq, gt, gte, inArray, lt, ne, type SQL, sql } from "drizzle-orm";
import {
  type Appointment,
  type CalendarQuery,
  DEFAULT_APPOINTMENT_MINUTES,
  MAX_LIST_RANGE_DAYS,
  queryRange,
  type RecurrenceType,
  UPCOMING_APPOINTMENTS_LIMIT,
} from "#common/calendar.ts";
import { lagosWeek } from "#common/lagos-time.ts";
import { koboToNaira } from "#common/money.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { services } from "#server/db/schema/catalog.ts";
import { staff } from "#server/db/schema/staff.ts";
import { HttpError } from "#server/http.ts";
import { type CachedJson, FingerprintCache } from "#server/response-cache.ts";
import { selectBookings, toVirtual, waitingBooking } from "./booking-requests.ts";
import { fullName } from "./resolve.ts";

const DAY_MS = 86_400_000;

const appointmentColumns = {
  id: appointments.id,
  staffId: appointments.staffId,
  clientId: appointments.clientId,
  serviceId: appointments.serviceId,
  serviceName: appointments.serviceName,
  customerName: appointments.customerName,
  customerEmail: appointments.customerEmail,
  customerPhone: appointments.customerPhone,
  bookingId: appointments.bookingId,
  checkedInAt: appointments.checkedInAt,
  completedAt: appointments.completedAt,
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

/** A stored appointment as the API answers it (admin spec §3): naira, ISO instants. */
export function toAppointment(r: AppointmentRow): Appointment {
  const groupSize = r.groupSize ?? 1;
  return {
    id: String(r.id),
    customerName: r.customerName ?? "",
    customerEmail: r.customerEmail ?? "",
    customerPhone: r.customerPhone ?? "",
    clientId: r.clientId,
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
    checkedInAt: r.checkedInAt?.toISOString() ?? null,
    completedAt: r.completedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Appointments joined with their staff member, for `toAppointment`. */
export function selectAppointments(db: Db | Tx) {
  return db
    .select(appointmentColumns)
    .from(appointments)
    .leftJoin(staff, eq(staff.id, appointments.staffId));
}

/**
 * [from, to) of a list query: the given bounds, or six weeks from the Monday before this Lagos
 * week when none are given (a client's history by `customerEmail` has no default bound).
 * @throws HttpError 400 when `to` is not after `from` or the range exceeds 93 days.
 */
export function listRange(query: CalendarQuery, now: Date): { from: Date | null; to: Date | null } {
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
