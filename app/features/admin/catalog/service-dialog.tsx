/**
 * The admin service form (admin spec §2 "Service management", §5 "Service form"): name,
 * description, price (a naira amount or a text such as 'Contact for details'), duration, category.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { DialogContent, DialogRoot, DialogTitle } from "#app/components/ui/dialog.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { adminButton, SelectField, TextAreaField, TextField } from "#app/features/admin/ui.tsx";
import { apiFieldErrors, apiRequest } from "#app/lib/api.ts";
import { findServiceCategory, type PublicService } from "#common/catalog.ts";
import { ADMIN_SERVICE_CATEGORIES, SERVICE_MESSAGES } from "#common/catalog-forms.ts";

const formSchema = z.object({
  name: z.string().trim().min(1, SERVICE_MESSAGES.name),
  description: z.string().trim().min(1, SERVICE_MESSAGES.description),
  price: z.string().trim().min(1, SERVICE_MESSAGES.price),
  duration: z.string().trim().min(1, SERVICE_MESSAGES.duration),
  category: z.string().min(1, SERVICE_MESSAGES.category),
});
type FormValues = z.infer<typeof formSchema>;

const EMPTY: FormValues = { name: "", description: "", price: "", duration: "", category: "" };

export function categoryLabel(id: string): string {
  return findServiceCategory(id)?.name ?? id;
}

export function ServiceDialog({
  open,
  onOpenChange,
  service,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  service: PublicService | null;
  onSaved: () => void;
}) {
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const { register, handleSubmit, reset, setError, formState } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: EMPTY,
  });
  const errors = formState.errors;

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

  async function onSubmit(values: FormValues) {
    const numeric = Number(values.price.replace(/[₦,\s]/g, ""));
    const payload = { ...values, price: Number.isFinite(numeric) ? numeric : values.price };
    setSaving(true);
    try {
      if (service) await apiRequest("PATCH", `/api/services/${service.id}`, payload);
      else await apiRequest("POST", "/api/services", payload);
      toast({ title: service ? "Service updated successfully!" : "Service created successfully!" });
      onOpenChange(false);
      onSaved();
    } catch (error) {
      for (const [field, message] of Object.entries(apiFieldErrors(error))) {
        if (field in EMPTY) setError(field as keyof FormValues, { message });
      }
      toast({
        title: "Error",
        description: service ? "Failed to update service" : "Failed to create service",
        variant: "destructive",
      });
    } finally {
      setSaving(false);
    }
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
            <button type="submit" className={adminButton.primary} disabled={saving}>
              {saving ? "Saving..." : service ? "Update Service" : "Create Service"}
            </button>
          </div>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
