/**
 * The admin service form (admin spec §2 "Service management", §5 "Service form"): name,
 * description, price (a naira amount or a text such as 'Contact for details'), duration, category,
 * and whether it needs a consultation first (issue 30; docs/decisions/0225).
 * Validation is the shared `serviceFormSchema` (common/catalog-forms.ts), as on the server.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { SelectField, TextAreaField, TextField } from "#app/features/admin/kit/fields.tsx";
import { FormDialog } from "#app/features/admin/kit/form-dialog.tsx";
import { useRecordSave } from "#app/features/admin/kit/use-record-save.ts";
import { findServiceCategory, type PublicService } from "#common/catalog.ts";
import { ADMIN_SERVICE_CATEGORIES, serviceFormSchema } from "#common/catalog-forms.ts";
import { CONSULTATION_MESSAGES } from "#common/consultation.ts";

/** What the form holds: every field as typed text (the price too, until it is sent). */
type FormValues = z.input<typeof serviceFormSchema>;
type Parsed = z.output<typeof serviceFormSchema>;

const EMPTY = {
  name: "",
  description: "",
  price: "",
  duration: "",
  category: "",
  consultationFirst: false,
};
const FORM_FIELDS = Object.keys(EMPTY) as Array<keyof typeof EMPTY>;

/** A typed price as sent: a naira number when it reads as one ('₦52,000'), else the text. */
function pricePayload(price: Parsed["price"]): number | string {
  if (typeof price === "number") return price;
  const numeric = Number(price.replace(/[₦,\s]/g, ""));
  return Number.isFinite(numeric) ? numeric : price;
}

export function categoryLabel(id: string): string {
  return findServiceCategory(id)?.name ?? id;
}

export function ServiceDialog({
  open,
  onOpenChange,
  service,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The service to edit, or null to add one. */
  service: PublicService | null;
}) {
  const form = useForm<FormValues, unknown, Parsed>({
    resolver: zodResolver(serviceFormSchema),
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, reset, formState } = form;
  const errors = formState.errors;
  const save = useRecordSave({
    path: "/api/services",
    id: service?.id,
    form,
    formFields: FORM_FIELDS,
    texts: {
      created: { title: "Service created successfully!" },
      updated: { title: "Service updated successfully!" },
      createFailed: "Failed to create service",
      updateFailed: "Failed to update service",
    },
    onSaved: () => onOpenChange(false),
  });

  useEffect(() => {
    if (!open) return;
    reset(
      service
        ? {
            name: service.name,
            description: service.description,
            price: service.price === null ? "" : String(service.price),
            duration: service.duration,
            category: service.category,
            consultationFirst: service.consultationFirst ?? false,
          }
        : EMPTY,
    );
  }, [open, service, reset]);

  const categories: string[] = [...ADMIN_SERVICE_CATEGORIES];
  if (service && !categories.includes(service.category)) categories.push(service.category);

  function onSubmit(values: Parsed) {
    return save.run({ ...values, price: pricePayload(values.price) });
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={service ? "Edit Service" : "Add Service"}
      onSubmit={handleSubmit(onSubmit)}
      dirty={formState.isDirty}
      pending={save.pending}
      submitLabel={service ? "Update Service" : "Create Service"}
    >
      <TextField
        className="sm:col-span-2"
        label="Service name"
        error={errors.name?.message}
        {...register("name")}
      />
      <TextAreaField
        className="sm:col-span-2"
        label="Description"
        error={errors.description?.message}
        {...register("description")}
      />
      <TextField
        label="Price (₦)"
        hint="A naira amount, or a text such as 'Contact for details'"
        error={errors.price?.message}
        {...register("price")}
      />
      <TextField
        label="Duration"
        hint="e.g. 45m or 1h 30m"
        error={errors.duration?.message}
        {...register("duration")}
      />
      <SelectField
        className="sm:col-span-2"
        label="Category"
        error={errors.category?.message}
        {...register("category")}
      >
        <option value="">Select a category</option>
        {categories.map((c) => (
          <option key={c} value={c}>
            {categoryLabel(c)}
          </option>
        ))}
      </SelectField>
      <label className="flex items-center gap-2 text-sm text-gray-800 sm:col-span-2">
        <input type="checkbox" className="h-4 w-4" {...register("consultationFirst")} />
        {CONSULTATION_MESSAGES.serviceFlagLabel}
      </label>
    </FormDialog>
  );
}
