/**
 * Add Staff Member / Edit Staff Member (admin spec §2 "Staff management", §5 "Staff form"):
 * first name, last name, email and start date required; hourly rate a number ≥ 0 in steps of
 * 0.01; role, department and status from the fixed lists; start date today and status active by
 * default. Validated by the shared `staffInputSchema`, as on the server.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { SelectField, TextField } from "#app/features/admin/kit/fields.tsx";
import { FormDialog } from "#app/features/admin/kit/form-dialog.tsx";
import { useRecordSave } from "#app/features/admin/kit/use-record-save.ts";
import { lagosDaysAgo } from "#common/lagos-time.ts";
import {
  STAFF_DEPARTMENTS,
  STAFF_ROLES,
  STAFF_STATUSES,
  type StaffMember,
  staffInputSchema,
} from "#common/staff.ts";
import { label } from "./staff-format.ts";

type FormValues = z.input<typeof staffInputSchema>;
type Parsed = z.output<typeof staffInputSchema>;
const FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "role",
  "department",
  "hourlyRate",
  "commissionRate",
  "startDate",
  "status",
] as const;

function initial(member: StaffMember | null): FormValues {
  return {
    firstName: member?.firstName ?? "",
    lastName: member?.lastName ?? "",
    email: member?.email ?? "",
    phone: member?.phone ?? "",
    role: STAFF_ROLES.find((r) => r === member?.role) ?? "therapist",
    department: STAFF_DEPARTMENTS.find((d) => d === member?.department) ?? "treatments",
    hourlyRate: member?.hourlyRate ?? "0",
    commissionRate: String(member?.commissionRate ?? 0),
    startDate: member?.startDate ?? lagosDaysAgo(0),
    status: STAFF_STATUSES.find((s) => s === member?.status) ?? "active",
  };
}

export function StaffDialog({
  open,
  onOpenChange,
  member,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The member to edit, or null to add one. */
  member: StaffMember | null;
}) {
  const form = useForm<FormValues, unknown, Parsed>({
    resolver: zodResolver(staffInputSchema),
    defaultValues: initial(member),
  });
  const { register, handleSubmit, reset, formState } = form;
  const errors = formState.errors;
  const save = useRecordSave({
    path: "/api/staff",
    id: member?.id,
    form,
    formFields: FIELDS,
    texts: {
      created: { title: "Staff member added successfully!" },
      updated: { title: "Staff member updated successfully!" },
      createFailed: "Failed to add staff member",
      updateFailed: "Failed to update staff member",
    },
    onSaved: () => onOpenChange(false),
  });

  useEffect(() => {
    if (open) reset(initial(member));
  }, [open, member, reset]);

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={member ? "Edit Staff Member" : "Add Staff Member"}
      onSubmit={handleSubmit((values) => save.run({ ...values, phone: values.phone || null }))}
      dirty={formState.isDirty}
      pending={save.pending}
      submitLabel={member ? "Save Changes" : "Add Staff Member"}
    >
      <TextField
        label="First name"
        autoComplete="off"
        error={errors.firstName?.message}
        {...register("firstName")}
      />
      <TextField
        label="Last name"
        autoComplete="off"
        error={errors.lastName?.message}
        {...register("lastName")}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register("email")}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="off"
        error={errors.phone?.message}
        {...register("phone")}
      />
      <SelectField label="Role" error={errors.role?.message} {...register("role")}>
        {STAFF_ROLES.map((r) => (
          <option key={r} value={r}>
            {label(r)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Department"
        error={errors.department?.message}
        {...register("department")}
      >
        {STAFF_DEPARTMENTS.map((d) => (
          <option key={d} value={d}>
            {label(d)}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Hourly rate (₦)"
        type="number"
        min={0}
        step={0.01}
        inputMode="decimal"
        error={errors.hourlyRate?.message}
        {...register("hourlyRate")}
      />
      <TextField
        label="Commission (%)"
        type="number"
        min={0}
        max={100}
        step={0.01}
        inputMode="decimal"
        hint="Of their completed services and product sales"
        error={errors.commissionRate?.message}
        {...register("commissionRate")}
      />
      <TextField
        label="Start date"
        type="date"
        error={errors.startDate?.message}
        {...register("startDate")}
      />
      <SelectField label="Status" error={errors.status?.message} {...register("status")}>
        {STAFF_STATUSES.map((s) => (
          <option key={s} value={s}>
            {label(s)}
          </option>
        ))}
      </SelectField>
    </FormDialog>
  );
}
