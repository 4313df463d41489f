/**
 * Create Pay Run (admin spec §2 "Pay & Commissions", §3 "Pay run"; issue 13): a member, a period
 * (Lagos dates, inclusive; the last 7 days by default) and deductions in naira → POST
 * /api/pay-runs; hours, overtime, commission and tips are computed on the server. Validated by
 * the shared `payRunInputSchema`, as on the server. The values stay for the next opening.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { DialogDescription } from "#app/components/ui/dialog.tsx";
import { SelectField, TextField } from "#app/features/admin/kit/fields.tsx";
import { FormDialog } from "#app/features/admin/kit/form-dialog.tsx";
import { serverMessageOr, useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { apiRequest } from "#app/lib/api.ts";
import { lagosDaysAgo } from "#common/lagos-time.ts";
import {
  OVERTIME_MULTIPLIER,
  OVERTIME_WEEKLY_THRESHOLD_HOURS,
  payRunInputSchema,
  type StaffMember,
} from "#common/staff.ts";
import { fullName } from "./staff-format.ts";

type FormValues = z.input<typeof payRunInputSchema>;
type Parsed = z.output<typeof payRunInputSchema>;
const FORM_FIELDS = ["staffId", "payPeriodStart", "payPeriodEnd", "deductions"] as const;

export function CreatePayRunDialog({
  open,
  onOpenChange,
  members,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  members: StaffMember[];
}) {
  const form = useForm<FormValues, unknown, Parsed>({
    resolver: zodResolver(payRunInputSchema),
    defaultValues: {
      staffId: "",
      payPeriodStart: lagosDaysAgo(6),
      payPeriodEnd: lagosDaysAgo(0),
      deductions: "0",
    },
  });
  const { register, handleSubmit, reset, getValues, clearErrors, formState } = form;
  const errors = formState.errors;
  useEffect(() => {
    if (open) clearErrors();
  }, [open, clearErrors]);
  const save = useAdminMutation<unknown, FormValues>({
    success: { title: "Pay run created successfully!" },
    failure: serverMessageOr("Failed to create pay run"),
    form,
    formFields: FORM_FIELDS,
    onSuccess: () => {
      // The values stay for the next run; they are saved, so no longer unsaved changes.
      reset(getValues());
      onOpenChange(false);
    },
  });
  const choices = members.filter((m) => m.status !== "archived");
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create Pay Run"
      intro={
        <DialogDescription className="mt-1 text-sm text-gray-700">
          Hours come from the member&apos;s completed time entries in the period (breaks unpaid);
          hours beyond {OVERTIME_WEEKLY_THRESHOLD_HOURS} in a week are overtime at{" "}
          {OVERTIME_MULTIPLIER}×; commission and tips come from their completed services and sales.
        </DialogDescription>
      }
      onSubmit={handleSubmit((values) =>
        save.run(() => apiRequest("POST", "/api/pay-runs", values)),
      )}
      dirty={formState.isDirty}
      pending={save.pending}
      submitLabel="Create Pay Run"
      pendingLabel="Creating..."
      className=""
    >
      <SelectField
        className="sm:col-span-2"
        label="Staff member"
        error={errors.staffId?.message}
        {...register("staffId")}
      >
        <option value="">Select staff member</option>
        {choices.map((m) => (
          <option key={m.id} value={m.id}>
            {fullName(m)}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Period start"
        type="date"
        error={errors.payPeriodStart?.message}
        {...register("payPeriodStart")}
      />
      <TextField
        label="Period end"
        type="date"
        error={errors.payPeriodEnd?.message}
        {...register("payPeriodEnd")}
      />
      <TextField
        className="sm:col-span-2"
        label="Deductions (₦)"
        type="number"
        min={0}
        step={0.01}
        error={errors.deductions?.message}
        {...register("deductions")}
      />
    </FormDialog>
  );
}
