/**
 * Which capability (common/roles.ts CAPABILITIES) each change of an appointment needs, for the
 * API (PATCH /api/appointments/{id}) and the details dialog's buttons alike (issue 28 item 6),
 * so the dialog offers exactly the changes the server lets through.
 */
import type { AppointmentAction, AppointmentPatch } from "./calendar.ts";
import type { Capability } from "./roles.ts";

/**
 * The capability a PATCH needs: Mark Complete alone 'appointment.complete', the notes alone
 * 'appointment.editOwn' (both a therapist's on their own appointments), anything else (confirm,
 * cancel, no-show, a new time, therapist or service) 'appointment.edit'.
 */
export function patchCapability(patch: Partial<AppointmentPatch>): Capability {
  const keys = Object.entries(patch)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
  if (keys.length === 1 && keys[0] === "status" && patch.status === "completed") {
    return "appointment.complete";
  }
  if (keys.length === 1 && keys[0] === "notes") return "appointment.editOwn";
  return "appointment.edit";
}

/** The capability behind a details-dialog action (admin spec §4 "Calendar detail actions"). */
export function actionCapability(action: AppointmentAction): Capability {
  if (action.id === "duplicate") return "appointment.book";
  if (action.id === "delete") return "appointment.delete";
  if (action.status) return patchCapability({ status: action.status });
  return "appointment.edit";
}
