/**
 * The admin service form (admin spec §2 "Service management", §5 "Service form"): name,
 * description, price (a naira amount or a text such as 'Contact for details'), duration, category.
 * Validation is the shared `serviceFormSchema` (common/catalog-forms.ts), as on the server.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { type Resolver, useForm } from "react-hook-form";
import type { z } from "zod";
import { DialogContent, DialogRoot, DialogTitle } from "#app/components/ui/dialog.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { SelectField, TextAreaField, TextField } from "#app/features/admin/kit/fields.tsx";
import { useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { apiRequest } from "#app/lib/api.ts";
import { findServiceCategory, type PublicService } from "#common/catalog.ts";
import { ADMIN_SERVICE_CATEGORIES, serviceFormSchema } from "#common/catalog-forms.ts";

/** What the form holds: every field as typed text (the price too, until it is sent). */
type FormValues = {
  name: string;
  description: string;
  price: string;
  duration: string;
  category: string;
};
type Parsed = z.output<typeof serviceFormSchema>;

const EMPTY: FormValues = { name: "", description: "", price: "", duration: "", category: "" };
const FORM_FIELDS = Object.keys(EMPTY) as Array<keyof FormValues>;

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
    // The form holds typed text (e.g. '' before a category is chosen); the shared schema reads
    // it into the payload, so its input type is narrower than the form's.
    resolver: zodResolver(serviceFormSchema) as unknown as Resolver<FormValues, unknown, Parsed>,
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, reset, formState } = form;
  const errors = formState.errors;
  const save = useAdminMutation({
    success: { title: service ? "Service updated successfully!" : "Service created successfully!" },
    failure: service ? "Failed to update service" : "Failed to create service",
    form,
    formFields: FORM_FIELDS,
    onSuccess: () => onOpenChange(false),
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
          }
        : EMPTY,
    );
  }, [open, service, reset]);

  const categories: string[] = [...ADMIN_SERVICE_CATEGORIES];
  if (service && !categories.includes(service.category)) categories.push(service.category);

  function onSubmit(values: Parsed) {
    const payload = { ...values, price: pricePayload(values.price) };
    return save.run(() =>
      service
        ? apiRequest("PATCH", `/api/services/${service.id}`, payload)
        : apiRequest("POST", "/api/services", payload),
    );
  }

  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogTitle className="text-xl font-semibold text-ink">
          {service ? "Edit Service" : "Add Service"}
        </DialogTitle>
        <form
          noValidate
          onSubmit={handleSubmit(onSubmit)}
          className="mt-4 grid gap-4 sm:grid-cols-2"
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
          <div className="flex justify-end gap-2 sm:col-span-2">
            <button
              type="button"
              className={adminButton.outline}
              onClick={() => onOpenChange(false)}
            >
              Cancel
            </button>
            <button type="submit" className={adminButton.primary} disabled={save.pending}>
              {save.pending ? "Saving..." : service ? "Update Service" : "Create Service"}
            </button>
          </div>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
