/**
 * Consultation first (issue 30; docs/decisions/0225): services the catalogue marks
 * `consultationFirst` (laser, injectables, skin boosters, IV and medical treatments) are booked,
 * scheduled or sold to a client only with a completed consultation on record, unless a clinician
 * overrides with a reason. The rule's constants, messages and payload fields, shared by the
 * calendar, the bookings list, the till and their screens.
 */
import { z } from "zod";
import { overrideReasonText } from "./override-reason.ts";

/** How long a completed consultation clears treatments after it: 12 months (decision 0225). */
export const CONSULTATION_VALIDITY_MONTHS = 12;

/**
 * Whether a catalogue service is a consultation: its name says 'consultation' or 'analysis'
 * (storefront spec §4 "Consultation-type services", its name part only: price 0 and the
 * injectables category name treatments too). The form's 'consultation-{category}' requests are
 * consultations as well (bookings.kind).
 */
export function isConsultationName(name: string): boolean {
  return /consultation|analysis/i.test(name);
}

/** The refusal and the override's messages. */
export const CONSULTATION_MESSAGES = {
  /** 400 when a service needing one is booked or sold without a consultation on record. */
  needed: (serviceName: string) =>
    `${serviceName} needs a consultation first: this client has no completed consultation on record in the last ${CONSULTATION_VALIDITY_MONTHS} months. Book a consultation first, or a clinician may override with a reason.`,
  /** 403 for a role that may not override. */
  clinicianOnly: "Only a therapist or a manager may override the consultation requirement",
  /** 400 for an override without a reason. */
  reason: "Give a reason for overriding the consultation requirement",
  /** The checkbox the dialogs offer to roles that may override. */
  overrideLabel: "Override: consultation not needed",
  /** The admin Services form's checkbox. */
  serviceFlagLabel: "Needs a consultation first (laser, injectables, medical treatments)",
} as const;

/** The error field of the refusal, so screens know to offer the override. */
export const CONSULTATION_FIELD = "overrideConsultation";

/**
 * A clinician's override of the consultation requirement, on the calendar's create/edit/confirm,
 * Process on Bookings and the till's sale payloads: true with a reason, recorded in the audit.
 */
export const consultationOverrideFields = {
  overrideConsultation: z
    .boolean({ error: "overrideConsultation must be true or false" })
    .optional(),
  consultationOverrideReason: overrideReasonText(CONSULTATION_MESSAGES.reason).optional(),
};

/** The override part of a payload. */
export type ConsultationOverrideInput = {
  overrideConsultation?: boolean | undefined;
  consultationOverrideReason?: string | undefined;
};

/** Whether an API error is the consultation refusal (its field names the override). */
export function isConsultationRefusal(fields: Record<string, string> | undefined): boolean {
  return fields !== undefined && CONSULTATION_FIELD in fields;
}
