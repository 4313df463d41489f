/**
 * Grant access / Resend invitation / Change role (admin spec §2 "Staff management"; issue 14): a
 * sign-in role for a member → POST /api/staff/{id}/access, which emails an invitation (valid 7
 * days) or changes an active account's role. Validated by the shared `accessGrantSchema`, as on
 * the server.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { DialogDescription } from "#app/components/ui/dialog.tsx";
import { FormDialog } from "#app/features/admin/kit/form-dialog.tsx";
import { serverMessageOr, useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { apiRequest } from "#app/lib/api.ts";
import { ACCESS_ROLE_LABELS, ACCESS_ROLES, type AccessRole } from "#common/roles.ts";
import { accessGrantSchema, type StaffMember } from "#common/staff.ts";
import { fullName } from "./staff-format.ts";

type FormValues = z.input<typeof accessGrantSchema>;

const ROLE_HINTS: Record<AccessRole, string> = {
  manager: "Everything, including pay, pay runs, staff and Clear Admin Data.",
  front_desk: "Sales, bookings, the calendar, clients and orders.",
  therapist: "Their own calendar, clients' notes and their own time clock.",
};

export function GrantAccessDialog({
  open,
  onOpenChange,
  member,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  member: StaffMember;
}) {
  const access = member.access;
  const currentRole: AccessRole = access.state === "none" ? "therapist" : access.role;
  const form = useForm<FormValues, unknown, z.output<typeof accessGrantSchema>>({
    resolver: zodResolver(accessGrantSchema),
    defaultValues: { role: currentRole },
  });
  const { register, handleSubmit, reset, getValues, formState } = form;
  // The member's role as it is now, each time the dialog opens.
  useEffect(() => {
    if (open) reset({ role: currentRole });
  }, [open, currentRole, reset]);
  const grant = useAdminMutation<{ state: string }, FormValues>({
    success: (r) => ({
      title: r.state === "invited" ? "Invitation sent" : "Access updated",
      description:
        r.state === "invited"
          ? `${member.firstName} will get an email at ${member.email} to choose a password.`
          : `${member.firstName} now signs in as ${ACCESS_ROLE_LABELS[getValues("role")]}.`,
    }),
    failure: serverMessageOr("Failed to grant access"),
    form,
    formFields: ["role"],
    onSuccess: () => onOpenChange(false),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Grant access"
      intro={
        <DialogDescription className="mt-1 text-sm text-gray-700">
          {access.state === "active"
            ? `Choose what ${fullName(member)} may do when signed in.`
            : `${fullName(member)} gets an email at ${member.email} with a link to choose a password (valid 7 days).`}
        </DialogDescription>
      }
      onSubmit={handleSubmit((values) =>
        grant.run(() =>
          apiRequest<{ state: string }>("POST", `/api/staff/${member.id}/access`, values),
        ),
      )}
      dirty={formState.isDirty}
      pending={grant.pending}
      submitLabel={access.state === "active" ? "Save Role" : "Send Invitation"}
      pendingLabel={access.state === "active" ? "Save Role" : "Send Invitation"}
      noValidate={false}
      className=""
      formClassName="mt-4 grid gap-4"
      footerClassName="flex justify-end gap-2"
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Sign-in role</legend>
        {ACCESS_ROLES.map((r) => (
          <label key={r} className="flex items-start gap-2 text-sm">
            <input type="radio" value={r} className="mt-1" {...register("role")} />
            <span>
              <span className="font-medium">{ACCESS_ROLE_LABELS[r]}</span>
              <span className="block text-gray-700">{ROLE_HINTS[r]}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </FormDialog>
  );
}
