/**
 * Consultation first, on the server (issue 30; docs/decisions/0225). One guard, called once by
 * each place that books, schedules or sells a service: the calendar's create, edit and confirm,
 * Process on Bookings (both through appointRequest), and the till's checkout.
 *
 * "A completed consultation on record": the client has a completed appointment whose service
 * is a consultation (its name says consultation or analysis, as the form's consultation
 * requests do), or a completed sale with such a service line, at or before the treatment's time
 * and at most CONSULTATION_VALIDITY_MONTHS before it. A clinician's override (therapist or
 * manager, with a reason) lets one through and is audited on the client.
 */
import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import {
  CONSULTATION_FIELD,
  CONSULTATION_MESSAGES,
  CONSULTATION_VALIDITY_MONTHS,
  type ConsultationOverrideInput,
} from "#common/consultation.ts";
import { reachOf } from "#common/roles.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { services } from "#server/db/schema/catalog.ts";
import { saleLines, sales } from "#server/db/schema/sales.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";

/** A checked override: the clinician's reason, or null when none was asked for. */
export type ConsultationOverride = { reason: string } | null;

/**
 * The override a payload asks for, checked before the write's transaction: only a role with
 * `consultation.override` (therapist, manager) may ask, and only with a reason.
 * @throws HttpError 403 for another role (the front desk); 400 without a reason.
 */
export function consultationOverride(
  admin: AdminIdentity,
  input: ConsultationOverrideInput,
): ConsultationOverride {
  if (!input.overrideConsultation) return null;
  if (reachOf(admin.role, "consultation.override") !== "all") {
    throw new HttpError(403, CONSULTATION_MESSAGES.clinicianOnly);
  }
  const reason = input.consultationOverrideReason?.trim();
  if (!reason) {
    throw new HttpError(400, CONSULTATION_MESSAGES.reason, {
      consultationOverrideReason: CONSULTATION_MESSAGES.reason,
    });
  }
  return { reason };
}

/** The earliest instant a consultation still counts for a treatment at `at` (UTC). */
export function consultationValidFrom(at: Date): Date {
  const from = new Date(at);
  from.setUTCMonth(from.getUTCMonth() - CONSULTATION_VALIDITY_MONTHS);
  return from;
}

const CONSULTATION_PATTERN = "consultation|analysis";

/**
 * Whether client `clientId` has a completed consultation on record for a treatment at `at`:
 * a completed consultation appointment, or a completed sale of a consultation service, in
 * [at − 12 months, at]. Names are the rows' own (kept when the catalogue changes).
 */
export async function hasConsultationOnRecord(
  db: Db | Tx,
  clientId: number,
  at: Date,
): Promise<boolean> {
  const from = consultationValidFrom(at);
  const [visit] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.clientId, clientId),
        eq(appointments.status, "completed"),
        gte(appointments.startsAt, from),
        lte(appointments.startsAt, at),
        sql`${appointments.serviceName} ~* ${CONSULTATION_PATTERN}`,
      ),
    )
    .limit(1);
  if (visit) return true;
  const [sold] = await db
    .select({ id: saleLines.id })
    .from(saleLines)
    .innerJoin(sales, eq(sales.id, saleLines.saleId))
    .where(
      and(
        eq(sales.clientId, clientId),
        eq(sales.status, "completed"),
        eq(saleLines.itemType, "service"),
        gte(sales.soldAt, from),
        lte(sales.soldAt, at),
        sql`${saleLines.itemName} ~* ${CONSULTATION_PATTERN}`,
      ),
    )
    .limit(1);
  return Boolean(sold);
}

/** Where a guarded write happens, for the audit record of an override. */
export type ConsultationPlace = "appointment" | "booking" | "sale";

/**
 * The guard (issue 30): refuses a write that books, schedules or sells a consultation-first
 * service (any of `serviceIds`; others pass) to client `clientId` (null: a new person, so no
 * record) for `at` (the appointment's start or the sale's time, UTC) without a completed
 * consultation on record. With a clinician's `override` it lets the write through and records
 * 'consultation.override' on the client in `tx` (reason, services, place). Run it in the write's
 * transaction, after the client is known.
 * @throws HttpError 400 naming the service, with field `overrideConsultation`.
 */
export async function assertConsultationOnRecord(
  tx: Tx,
  admin: AdminIdentity,
  check: {
    clientId: number | null;
    serviceIds: ReadonlyArray<number | null>;
    at: Date;
    override: ConsultationOverride;
    place: ConsultationPlace;
  },
): Promise<void> {
  const ids = [...new Set(check.serviceIds.filter((id): id is number => id !== null))];
  if (ids.length === 0) return;
  const needing = await tx
    .select({ id: services.id, name: services.name })
    .from(services)
    .where(and(inArray(services.id, ids), eq(services.consultationFirst, true)))
    .orderBy(services.id);
  const first = needing[0];
  if (!first) return;
  if (check.clientId !== null && (await hasConsultationOnRecord(tx, check.clientId, check.at))) {
    return;
  }
  if (!check.override) {
    const message = CONSULTATION_MESSAGES.needed(first.name);
    throw new HttpError(400, message, { [CONSULTATION_FIELD]: message });
  }
  await recordAudit(tx, admin, {
    action: "consultation.override",
    entity: "client",
    entityId: check.clientId,
    details: {
      reason: check.override.reason,
      place: check.place,
      services: needing.map((s) => s.name),
      at: check.at.toISOString(),
    },
  });
}
