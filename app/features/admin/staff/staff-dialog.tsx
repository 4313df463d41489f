/**
 * Add Staff Member / Edit Staff Member (admin spec §2 "Staff management", §5 "Staff form"):
 * first name, last name, email and start date required; hourly rate a number ≥ 0 in steps of
 * 0.01; role, department and status from the fixed lists; start date today and status active by
 * default. Validated by the shared `staffInputSchema`, as on the server.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { type Resolver, useForm } from "react-hook-form";
import type { z } from "zod";
import { DialogContent, DialogRoot, DialogTitle } from "#app/components/ui/dialog.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { SelectField, TextField } from "#app/features/admin/kit/fields.tsx";
import { useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { apiRequest } from "#app/lib/api.ts";
import {
  STAFF_DEPARTMENTS,
  STAFF_ROLES,
  STAFF_STATUSES,
  type StaffMember,
  staffInputSchema,
} from "#common/staff.ts";
import { label, lagosDaysAgo } from "./staff-format.ts";

type FormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  role: string;
  department: string;
  hourlyRate: string;
  commissionRate: string;
  startDate: string;
  status: string;
};
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
    role: member?.role ?? "therapist",
    department: member?.department ?? "treatments",
    hourlyRate: member?.hourlyRate ?? "0",
    commissionRate: String(member?.commissionRate ?? 0),
    startDate: member?.startDate ?? lagosDaysAgo(0),
    status: member?.status ?? "active",
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
    resolver: zodResolver(staffInputSchema) as unknown as Resolver<FormValues, unknown, Parsed>,
    defaultValues: initial(member),
  });
  const { register, handleSubmit, reset, formState } = form;
  const errors = formState.errors;
  const save = useAdminMutation({
    success: {
      title: member ? "Staff member updated successfully!" : "Staff member added successfully!",
    },
    failure: member ? "Failed to update staff member" : "Failed to add staff member",
    form,
    formFields: FIELDS,
    onSuccess: () => onOpenChange(false),
  });

  useEffect(() => {
    if (open) reset(initial(member));
  }, [open, member, reset]);

  function onSubmit(values: Parsed) {
    const payload = { ...values, phone: values.phone || null };
    return save.run(() =>
      member
        ? apiRequest("PATCH", `/api/staff/${member.id}`, payload)
        : apiRequest("POST", "/api/staff", payload),
    );
  }

  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogTitle className="text-xl font-semibold text-ink">
          {member ? "Edit Staff Member" : "Add Staff Member"}
        </DialogTitle>
        <form
          noValidate
          onSubmit={handleSubmit(onSubmit)}
          className="mt-4 grid gap-4 sm:grid-cols-2"
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
          <div className="flex justify-end gap-2 sm:col-span-2">
            <button
              type="button"
              className={adminButton.outline}
              onClick={() => onOpenChange(false)}
            >
              Cancel
            </button>
            <button type="submit" className={adminButton.primary} disabled={save.pending}>
              {save.pending ? "Saving..." : member ? "Save Changes" : "Add Staff Member"}
            </button>
          </div>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
