/**
 * The consultation refusal and its override in a dialog (issue 30; docs/decisions/0225): the
 * calendar's New Booking and Edit Appointment and the till show the server's 400 ('… needs a
 * consultation first …'), and, for a role with `consultation.override` (therapist, manager),
 * offer 'Override: consultation not needed' with a required reason, sent with the next save.
 */
import { useCallback, useId, useState } from "react";
import { ApiError } from "#app/lib/api.ts";
import {
  CONSULTATION_MESSAGES,
  type ConsultationOverrideInput,
  isConsultationRefusal,
} from "#common/consultation.ts";
import { OVERRIDE_REASON_MAX } from "#common/override-reason.ts";
import { useCapabilities } from "./use-capabilities.ts";

/**
 * State of one dialog's override. `learn(error)` after a failed save: true when it was the
 * consultation refusal (shown by `<ConsultationOverride/>`). `payload()`: the fields to send.
 * `reset()` when the dialog opens.
 */
export function useConsultationOverride() {
  const can = useCapabilities();
  const allowed = can.reach("consultation.override") === "all";
  const [refusal, setRefusal] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const [reason, setReason] = useState("");
  const reset = useCallback(() => {
    setRefusal(null);
    setChecked(false);
    setReason("");
  }, []);
  const learn = useCallback((error: unknown): boolean => {
    const fields = error instanceof ApiError ? error.body?.error?.fields : undefined;
    if (!isConsultationRefusal(fields)) return false;
    setRefusal((error as ApiError).serverMessage ?? null);
    return true;
  }, []);
  const payload = (): ConsultationOverrideInput =>
    checked ? { overrideConsultation: true, consultationOverrideReason: reason } : {};
  return {
    allowed,
    refusal,
    checked,
    reason,
    setChecked,
    setReason,
    reset,
    learn,
    payload,
  };
}

export type ConsultationOverrideState = ReturnType<typeof useConsultationOverride>;

/** The refusal and, for roles that may, the override checkbox and its reason. */
export function ConsultationOverride({
  state,
  className = "",
}: {
  state: ConsultationOverrideState;
  className?: string;
}) {
  const reasonId = useId();
  if (!state.refusal) return null;
  return (
    <div
      className={`space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm ${className}`}
    >
      <p role="alert" className="text-amber-900">
        {state.refusal}
      </p>
      {state.allowed ? (
        <>
          <label className="flex items-center gap-2 font-medium text-gray-900">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={state.checked}
              onChange={(e) => state.setChecked(e.target.checked)}
            />
            {CONSULTATION_MESSAGES.overrideLabel}
          </label>
          {state.checked && (
            <div className="space-y-1">
              <label htmlFor={reasonId} className="block font-medium text-gray-900">
                Reason for the override
              </label>
              <textarea
                id={reasonId}
                required
                maxLength={OVERRIDE_REASON_MAX}
                rows={2}
                className="w-full rounded-md border border-gray-300 p-2"
                value={state.reason}
                onChange={(e) => state.setReason(e.target.value)}
              />
            </div>
          )}
        </>
      ) : (
        <p className="text-gray-800">
          Book the client's consultation first, or ask a therapist or a manager to override.
        </p>
      )}
    </div>
  );
}
