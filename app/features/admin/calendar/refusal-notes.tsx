/**
 * The foot of New Booking and Edit Appointment: the server's clash message (409), and the two
 * refusals a clinician or a manager may override with a reason: consultation first (issue 30;
 * decision 0225) and working hours (decision 0240). One piece, so both dialogs show the same.
 */
import {
  ConsultationOverride,
  type ConsultationOverrideState,
} from "#app/features/admin/kit/consultation-override.tsx";
import { type OverrideControl, WorkingHoursOverride } from "./working-hours-override.tsx";

export function RefusalNotes({
  clash,
  consultation,
  override,
}: {
  /** The clash's message, or null. */
  clash: string | null;
  consultation: ConsultationOverrideState;
  override: OverrideControl;
}) {
  return (
    <>
      {clash && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 sm:col-span-2">
          {clash}
        </p>
      )}
      <ConsultationOverride state={consultation} className="sm:col-span-2" />
      <WorkingHoursOverride control={override} />
    </>
  );
}
