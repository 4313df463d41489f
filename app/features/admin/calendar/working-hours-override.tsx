/**
 * The manager's override of the working time on the calendar's screens (issue 28 item 3,
 * decisions 0196 and 0240): when the API refuses a booking, an edit or a move because it falls
 * outside the opening hours (Monday-Saturday 10:00-19:00 Lagos, Sunday closed) or on a member's
 * day off or hours (a 409 whose `fields` name `overrideWorkingHours`), an account with
 * `workingHours.override` is offered "Book outside working hours" and a required reason, and
 * saves again with `overrideWorkingHours: true` and `overrideReason`. Other roles see only the
 * refusal, which already says why. A clash with an appointment or a block is never offered.
 *
 * @example
 *   const override = useWorkingHoursOverride();
 *   // before sending: if (!override.ready()) return;  body = { ...body, ...override.payload() }
 *   // after a refusal: override.noteRefusal(error)
 *   <WorkingHoursOverride control={override} />
 */
import { useCallback, useId, useMemo, useState } from "react";
import { useCapabilities } from "#app/features/admin/kit/use-capabilities.ts";
import { apiFieldErrors } from "#app/lib/api.ts";
import { OVERRIDE_MESSAGES, workingTimeRefusalOf } from "#common/calendar.ts";
import { OVERRIDE_REASON_MAX } from "#common/override-reason.ts";

/** The override's state and its helpers; see the module's example. */
export type OverrideControl = ReturnType<typeof useWorkingHoursOverride>;

/**
 * @returns `offered` (a working-time refusal was seen and the role may override), the checkbox's
 *   and reason's state, `noteRefusal(error)` to call after a failed save, `ready()` which is
 *   false (and shows the reason's message) when the box is ticked without a reason, `payload()`
 *   the fields to add to the PATCH/POST body (empty unless ticked), and `reset()`.
 */
export function useWorkingHoursOverride() {
  const can = useCapabilities();
  const mayOverride = can("workingHours.override");
  const [refused, setRefused] = useState(false);
  const [checked, setChecked] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);

  const noteRefusal = useCallback((failure: unknown) => {
    if (workingTimeRefusalOf(apiFieldErrors(failure))) setRefused(true);
    const reasonError = apiFieldErrors(failure).overrideReason;
    if (reasonError) setError(reasonError);
  }, []);
  const reset = useCallback(() => {
    setRefused(false);
    setChecked(false);
    setReason("");
    setError(null);
  }, []);
  const offered = refused && mayOverride;

  return useMemo(
    () => ({
      offered,
      checked,
      reason,
      error,
      setChecked: (next: boolean) => {
        setChecked(next);
        if (!next) setError(null);
      },
      setReason: (next: string) => {
        setReason(next);
        if (next.trim()) setError(null);
      },
      noteRefusal,
      reset,
      ready: () => {
        if (!offered || !checked || reason.trim()) return true;
        setError(OVERRIDE_MESSAGES.reason);
        return false;
      },
      payload: (): { overrideWorkingHours?: true; overrideReason?: string } =>
        offered && checked ? { overrideWorkingHours: true, overrideReason: reason.trim() } : {},
    }),
    [offered, checked, reason, error, noteRefusal, reset],
  );
}

/** The checkbox and the reason, shown only once `control.offered`. */
export function WorkingHoursOverride({
  control,
  className = "sm:col-span-2",
}: {
  control: OverrideControl;
  className?: string;
}) {
  const id = useId();
  if (!control.offered) return null;
  return (
    <div className={`rounded-md border border-amber-300 bg-amber-50 p-3 ${className}`}>
      <label className="flex items-center gap-2 text-sm font-medium text-gray-900">
        <input
          type="checkbox"
          className="h-4 w-4"
          checked={control.checked}
          onChange={(e) => control.setChecked(e.target.checked)}
        />
        Book outside working hours
      </label>
      {control.checked && (
        <div className="mt-2">
          <label htmlFor={id} className="block text-sm font-medium text-gray-800">
            Reason
          </label>
          <input
            id={id}
            type="text"
            maxLength={OVERRIDE_REASON_MAX}
            value={control.reason}
            onChange={(e) => control.setReason(e.target.value)}
            aria-invalid={control.error ? true : undefined}
            aria-describedby={control.error ? `${id}-error` : `${id}-hint`}
            className="mt-1 block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-sm text-ink aria-[invalid=true]:border-red-700"
          />
          {control.error ? (
            <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
              {control.error}
            </p>
          ) : (
            <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
              Recorded in the audit log with the booking.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
