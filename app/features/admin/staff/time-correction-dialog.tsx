/**
 * Correct Time Entry (admin spec §2 "Time Tracking"; issue 13; managers): the entry's clock-in
 * and clock-out as Lagos wall time and a reason → PATCH /api/time-tracking/{id}; the change is
 * recorded in the activity log. The form's values are checked as the payload they become (an
 * empty field is left out) against the shared `timeEntryCorrectionSchema`, as on the server; the
 * server's message (e.g. clock-out before clock-in) shows under Clock out.
 */
import { useEffect } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { TextField } from "#app/features/admin/kit/fields.tsx";
import { FormDialog } from "#app/features/admin/kit/form-dialog.tsx";
import { serverMessageOr, useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { apiRequest } from "#app/lib/api.ts";
import { formatLagosWallTime } from "#common/lagos-time.ts";
import { type TimeEntry, timeEntryCorrectionSchema } from "#common/staff.ts";

type FormValues = { clockInTime: string; clockOutTime: string; reason: string };

/** Lagos wall time for a datetime-local input: 'YYYY-MM-DDTHH:MM'. */
const localInput = (iso: string | null) => (iso ? formatLagosWallTime(iso).replace(" ", "T") : "");

/** The PATCH body: the filled fields only. */
function toPayload(v: FormValues) {
  return {
    clockInTime: v.clockInTime || undefined,
    clockOutTime: v.clockOutTime || undefined,
    reason: v.reason || undefined,
  };
}

const resolver: Resolver<FormValues> = async (values) => {
  const result = timeEntryCorrectionSchema.safeParse(toPayload(values));
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<FormValues> = {};
  for (const issue of result.error.issues) {
    const path = issue.path[0];
    const field = path === "clockInTime" || path === "reason" ? path : "clockOutTime";
    errors[field] ??= { type: "validation", message: issue.message };
  }
  return { values: {}, errors };
};

export function CorrectionDialog({
  entry,
  onClose,
}: {
  /** The entry to correct; null keeps the dialog closed. */
  entry: TimeEntry | null;
  onClose: () => void;
}) {
  const form = useForm<FormValues>({
    resolver,
    defaultValues: { clockInTime: "", clockOutTime: "", reason: "" },
  });
  const { register, handleSubmit, reset, setError, formState } = form;
  const errors = formState.errors;
  useEffect(() => {
    if (entry) {
      reset({
        clockInTime: localInput(entry.clockInTime),
        clockOutTime: localInput(entry.clockOutTime),
        reason: "",
      });
    }
  }, [entry, reset]);
  const save = useAdminMutation({
    success: { title: "Time entry corrected" },
    failure: serverMessageOr("Failed to correct time entry"),
    onSuccess: onClose,
    onError: (e) => {
      const message = serverMessageOr("")(e);
      if (message) setError("clockOutTime", { message });
    },
  });
  return (
    <FormDialog
      open={entry !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Correct Time Entry"
      onSubmit={handleSubmit((values) =>
        entry
          ? save.run(() => apiRequest("PATCH", `/api/time-tracking/${entry.id}`, toPayload(values)))
          : undefined,
      )}
      dirty={formState.isDirty}
      pending={save.pending}
      submitLabel="Save Correction"
      className=""
      formClassName="mt-4 grid gap-4"
      footerClassName="flex justify-end gap-2"
    >
      {entry && (
        <p className="text-sm text-gray-700">
          {entry.staffName}. Times are Lagos time. The change is recorded in the activity log.
        </p>
      )}
      <TextField
        label="Clock in"
        type="datetime-local"
        error={errors.clockInTime?.message}
        {...register("clockInTime")}
      />
      <TextField
        label="Clock out"
        type="datetime-local"
        error={errors.clockOutTime?.message}
        {...register("clockOutTime")}
      />
      <TextField
        label="Reason"
        maxLength={300}
        error={errors.reason?.message}
        {...register("reason")}
      />
    </FormDialog>
  );
}
