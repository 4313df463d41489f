/**
 * Add New Customer (admin spec §2, §3 "Customer", §5 "Add customer"): every customer field;
 * first name, last name and email required; empty optional fields are sent as null; date of
 * birth as a date; defaults status active, source manual, marketing consent off. Health fields
 * sit in their own group (sensitive data, NDPA 2023). The form resets when the dialog closes.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { SelectField, TextAreaField, TextField } from "#app/features/admin/kit/fields.tsx";
import { FormDialog } from "#app/features/admin/kit/form-dialog.tsx";
import { serverMessageOr, useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { apiRequest } from "#app/lib/api.ts";
import {
  CLIENT_MESSAGES,
  CLIENT_SOURCES,
  CLIENT_STATUSES,
  type ClientRecord,
  type CustomerFormValues,
  type CustomerInput,
  customerInputSchema,
  SKIN_TYPES,
} from "#common/clients.ts";

const EMPTY: CustomerFormValues = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  address: "",
  city: "",
  state: "",
  zipCode: "",
  dateOfBirth: "",
  status: "active",
  source: "manual",
  marketingConsent: false,
  emergencyContact: "",
  emergencyPhone: "",
  medicalConditions: "",
  allergies: "",
  skinType: "",
  preferredServices: "",
  referredBy: "",
};

const FORM_FIELDS = Object.keys(EMPTY) as Array<keyof CustomerFormValues>;

const label = (value: string) => value.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());

export function AddCustomerDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (id: number) => void;
}) {
  const form = useForm<CustomerFormValues, unknown, CustomerInput>({
    defaultValues: EMPTY,
    // The API's schema: the same messages, nulls and defaults on both sides.
    resolver: zodResolver(customerInputSchema),
  });
  const { register, handleSubmit, reset, formState } = form;
  const errors = formState.errors;
  useEffect(() => {
    if (!open) reset(EMPTY);
  }, [open, reset]);

  const save = useAdminMutation<ClientRecord, CustomerFormValues>({
    success: { title: CLIENT_MESSAGES.created },
    failure: serverMessageOr(CLIENT_MESSAGES.createFailed),
    failureTitle: CLIENT_MESSAGES.createFailed,
    form,
    formFields: FORM_FIELDS,
    onSuccess: (created) => {
      onOpenChange(false);
      onCreated(created.id);
    },
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add New Customer"
      onSubmit={handleSubmit((values) =>
        save.run(() => apiRequest<ClientRecord>("POST", "/api/customers", values)),
      )}
      dirty={formState.isDirty}
      pending={save.pending}
      submitLabel="Add Customer"
      pendingLabel="Adding..."
      className="max-w-2xl!"
      formClassName="mt-4 space-y-5"
      footerClassName="flex justify-end gap-2"
    >
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-ink">Contact</legend>
        <TextField
          label="First Name *"
          autoComplete="off"
          error={errors.firstName?.message}
          {...register("firstName")}
        />
        <TextField
          label="Last Name *"
          autoComplete="off"
          error={errors.lastName?.message}
          {...register("lastName")}
        />
        <TextField
          label="Email *"
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
        <TextField
          label="Address"
          className="sm:col-span-2"
          error={errors.address?.message}
          {...register("address")}
        />
        <TextField label="City" error={errors.city?.message} {...register("city")} />
        <TextField label="State" error={errors.state?.message} {...register("state")} />
        <TextField label="Zip Code" error={errors.zipCode?.message} {...register("zipCode")} />
        <TextField
          label="Date of Birth"
          type="date"
          error={errors.dateOfBirth?.message}
          {...register("dateOfBirth")}
        />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-ink">Relationship</legend>
        <SelectField label="Status" error={errors.status?.message} {...register("status")}>
          {CLIENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {label(s)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Source" error={errors.source?.message} {...register("source")}>
          {CLIENT_SOURCES.map((s) => (
            <option key={s} value={s}>
              {label(s)}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Preferred Services"
          hint="Comma-separated, e.g. HydraFacial, Chemical Peel"
          error={errors.preferredServices?.message}
          {...register("preferredServices")}
        />
        <TextField
          label="Referred By"
          error={errors.referredBy?.message}
          {...register("referredBy")}
        />
        <label className="flex items-center gap-2 text-sm text-gray-800 sm:col-span-2">
          <input type="checkbox" className="h-4 w-4" {...register("marketingConsent")} />
          Marketing consent (the client agreed to receive offers)
        </label>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-ink">
          Health (confidential, staff only)
        </legend>
        <TextField
          label="Emergency Contact"
          error={errors.emergencyContact?.message}
          {...register("emergencyContact")}
        />
        <TextField
          label="Emergency Phone"
          type="tel"
          error={errors.emergencyPhone?.message}
          {...register("emergencyPhone")}
        />
        <SelectField label="Skin Type" error={errors.skinType?.message} {...register("skinType")}>
          <option value="">Not recorded</option>
          {SKIN_TYPES.map((s) => (
            <option key={s} value={s}>
              {label(s)}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="Medical Conditions"
          className="sm:col-span-2"
          error={errors.medicalConditions?.message}
          {...register("medicalConditions")}
        />
        <TextAreaField
          label="Allergies"
          className="sm:col-span-2"
          error={errors.allergies?.message}
          {...register("allergies")}
        />
      </fieldset>
    </FormDialog>
  );
}
