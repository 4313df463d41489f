/**
 * The admin product form (admin spec §2 "Product management", §5 "Product form"): name,
 * description, price, image URL (validated), category, rating 0–5 in steps of 0.1 (default 4.0),
 * stock (default 100), details, ingredients, how to use.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { DialogContent, DialogRoot, DialogTitle } from "#app/components/ui/dialog.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { adminButton, SelectField, TextAreaField, TextField } from "#app/features/admin/ui.tsx";
import { apiFieldErrors, apiRequest } from "#app/lib/api.ts";
import type { PublicProduct } from "#common/catalog.ts";
import {
  ADMIN_PRODUCT_CATEGORIES,
  isValidImageUrl,
  PRODUCT_MESSAGES,
} from "#common/catalog-forms.ts";

const formSchema = z.object({
  name: z.string().trim().min(1, PRODUCT_MESSAGES.name),
  description: z.string().trim().min(1, PRODUCT_MESSAGES.description),
  price: z
    .string()
    .trim()
    .min(1, PRODUCT_MESSAGES.price)
    .refine(
      (v) => Number.isFinite(Number(v)) && Number(v) >= 0,
      "Price must be a number, 0 or more",
    ),
  image: z
    .string()
    .trim()
    .min(1, PRODUCT_MESSAGES.image)
    .refine(isValidImageUrl, PRODUCT_MESSAGES.imageUrl),
  category: z.string().min(1, PRODUCT_MESSAGES.category),
  rating: z
    .string()
    .trim()
    .refine((v) => {
      const n = Number(v);
      return v !== "" && n >= 0 && n <= 5 && Math.abs(n * 10 - Math.round(n * 10)) < 1e-9;
    }, "Rating must be from 0 to 5 in steps of 0.1"),
  stock: z
    .string()
    .trim()
    .refine((v) => /^\d+$/.test(v), "Stock must be a whole number, 0 or more"),
  details: z.string(),
  ingredients: z.string(),
  howToUse: z.string(),
});
type FormValues = z.infer<typeof formSchema>;

const EMPTY: FormValues = {
  name: "",
  description: "",
  price: "",
  image: "",
  category: "",
  rating: "4.0",
  stock: "100",
  details: "",
  ingredients: "",
  howToUse: "",
};

export function productCategoryLabel(id: string): string {
  return id.replace(/-/g, " ");
}

export function ProductDialog({
  open,
  onOpenChange,
  product,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  product: PublicProduct | null;
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
      product
        ? {
            name: product.name,
            description: product.description,
            price: String(product.price),
            image: product.image,
            category: product.category,
            rating: product.rating.toFixed(1),
            stock: String(product.stock),
            details: product.details ?? "",
            ingredients: product.ingredients ?? "",
            howToUse: product.howToUse ?? "",
          }
        : EMPTY,
    );
  }, [open, product, reset]);

  async function onSubmit(values: FormValues) {
    const payload = {
      ...values,
      price: Number(values.price),
      rating: Number(values.rating),
      stock: Number(values.stock),
      details: values.details.trim() || null,
      ingredients: values.ingredients.trim() || null,
      howToUse: values.howToUse.trim() || null,
    };
    setSaving(true);
    try {
      if (product) await apiRequest("PATCH", `/api/products/${product.id}`, payload);
      else await apiRequest("POST", "/api/products", payload);
      toast({ title: product ? "Product updated successfully!" : "Product created successfully!" });
      onOpenChange(false);
      onSaved();
    } catch (error) {
      for (const [field, message] of Object.entries(apiFieldErrors(error))) {
        if (field in EMPTY) setError(field as keyof FormValues, { message });
      }
      toast({
        title: "Error",
        description: product ? "Failed to update product" : "Failed to create product",
        variant: "destructive",
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogTitle className="text-xl font-semibold text-ink">
          {product ? "Edit Product" : "Add Product"}
        </DialogTitle>
        <form
          noValidate
          onSubmit={handleSubmit(onSubmit)}
          className="mt-4 grid gap-4 sm:grid-cols-2"
        >
          <TextField
            className="sm:col-span-2"
            label="Product name"
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
            inputMode="decimal"
            error={errors.price?.message}
            {...register("price")}
          />
          <SelectField label="Category" error={errors.category?.message} {...register("category")}>
            <option value="">Select a category</option>
            {ADMIN_PRODUCT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {productCategoryLabel(c)}
              </option>
            ))}
          </SelectField>
          <TextField
            className="sm:col-span-2"
            label="Image URL"
            type="url"
            error={errors.image?.message}
            {...register("image")}
          />
          <TextField
            label="Rating"
            type="number"
            min={0}
            max={5}
            step={0.1}
            error={errors.rating?.message}
            {...register("rating")}
          />
          <TextField
            label="Stock"
            type="number"
            min={0}
            step={1}
            error={errors.stock?.message}
            {...register("stock")}
          />
          <TextAreaField
            className="sm:col-span-2"
            label="Details (optional)"
            {...register("details")}
          />
          <TextAreaField
            className="sm:col-span-2"
            label="Ingredients (optional)"
            {...register("ingredients")}
          />
          <TextAreaField
            className="sm:col-span-2"
            label="How to use (optional)"
            {...register("howToUse")}
          />
          <div className="flex justify-end gap-2 sm:col-span-2">
            <button
              type="button"
              className={adminButton.outline}
              onClick={() => onOpenChange(false)}
            >
              Cancel
            </button>
            <button type="submit" className={adminButton.primary} disabled={saving}>
              {saving ? "Saving..." : product ? "Update Product" : "Create Product"}
            </button>
          </div>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
