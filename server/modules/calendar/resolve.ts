/**
 * What a calendar write refers to, checked before its transaction: the staff member, the
 * catalogue service and the instants it names (admin spec §5, §7). Each failure is a 400 on the
 * field with the spec's message (common/calendar.ts APPOINTMENT_MESSAGES, BLOCK_MESSAGES).
 */
import { eq } from "drizzle-orm";
import { APPOINTMENT_MESSAGES, DEFAULT_APPOINTMENT_MINUTES } from "#common/calendar.ts";
import { durationMinutes } from "#common/catalog.ts";
import { parseLagosDateTime } from "#common/lagos-time.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { services } from "#server/db/schema/catalog.ts";
import { staff } from "#server/db/schema/staff.ts";
import { HttpError } from "#server/http.ts";
import type { StaffRef } from "./clash.ts";

/** 'First Last' of a joined staff row, or null when the row has no member. */
export function fullName(first: string | null, last: string | null): string | null {
  if (first === null) return null;
  return `${first} ${last ?? ""}`.trim();
}

/** The member's name as messages to the client show it, or null for no member. */
export const staffName = (member: StaffRef | null) =>
  member ? `${member.firstName} ${member.lastName}` : null;

/**
 * A staff member by id, whatever their status.
 * @throws HttpError 400 on `field` (default 'staffId') for an unknown id.
 */
export async function findStaff(db: Db | Tx, id: number, field = "staffId"): Promise<StaffRef> {
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
export async function bookableStaff(db: Db | Tx, id: number): Promise<StaffRef> {
  const member = await findStaff(db, id);
  if (member.status !== "active") {
    const message = `${member.firstName} ${member.lastName} is ${member.status} and cannot be booked`;
    throw new HttpError(400, message, { staffId: message });
  }
  return member;
}

/** A catalogue service's terms for an appointment: price in kobo (null: none), minutes. */
export type ServiceTerms = { id: number; name: string; priceKobo: number | null; minutes: number };

/**
 * A catalogue service by id, its duration in minutes (the default 60 when it names none).
 * @throws HttpError 400 on `serviceId` for an unknown id.
 */
export async function findService(db: Db | Tx, id: number): Promise<ServiceTerms> {
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

/**
 * The UTC instant of a calendar time ('YYYY-MM-DD HH:MM' Lagos wall time, or ISO).
 * @throws HttpError 400 with `message` on `field` when the text names no real time.
 */
export function instantOf(text: string, field: string, message: string): Date {
  const instant = parseLagosDateTime(text);
  if (!instant) throw new HttpError(400, message, { [field]: message });
  return instant;
}

/** `instantOf` for an appointment's `appointmentDate`, or null when the patch has none. */
export function appointmentStart(text: string | undefined): Date | null {
  return text === undefined
    ? null
    : instantOf(text, "appointmentDate", APPOINTMENT_MESSAGES.appointmentDateFormat);
}
