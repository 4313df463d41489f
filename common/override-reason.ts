/**
 * The reason a staff member gives to go past a check (a contraindication, a missing consent, the
 * consultation requirement, the working hours): one length rule for every override, so each
 * screen's box and each API refusal agree (review finding; was 300 in some places, 500 in the
 * consent gate). The reason is recorded in the audit log.
 */
import { z } from "zod";

/** The longest override reason accepted, in characters (after trimming). */
export const OVERRIDE_REASON_MAX = 300;

/** The refusal of a longer reason (400, on the reason's field). */
export const OVERRIDE_REASON_TOO_LONG = `The reason must be at most ${OVERRIDE_REASON_MAX} characters`;

/** An override's reason field: trimmed text up to OVERRIDE_REASON_MAX; `notText` when not text. */
export function overrideReasonText(notText: string) {
  return z.string({ error: notText }).trim().max(OVERRIDE_REASON_MAX, OVERRIDE_REASON_TOO_LONG);
}
