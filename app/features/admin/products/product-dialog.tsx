/**
 * The admin product form (admin spec §2 "Product management", §5 "Product form"): name,
 * description, price, image URL (validated), category, rating 0–5 in steps of 0.1 (default 4.0),
 * stock (default 100), details, ingredients, how to use. Validation is the shared
 * `productFormSchema` (common/catalog-forms.ts), as on the server.
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
import type { PublicProduct } from "#common/catalog.ts";
import { ADMIN_PRODUCT_CATEGORIES, productFormSchema } from "#common/catalog-forms.ts";

/** What the form holds: every field as typed text; the schema reads the numbers. */
type FormValues = {
  name: string;
  description: string;
  price: string;
  image: string;
  category: string;
  rating: string;
  stock: string;
  details: string;
  ingredients: string;
  howToUse: string;
};
type Parsed = z.output<typeof productFormSchema>;

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
const FORM_FIELDS = Object.keys(EMPTY) as Array<keyof FormValues>;

export function productCategoryLabel(id: string): string {
  return id.replace(/-/g, " ");
}

export function ProductDialog({
  open,
  onOpenChange,
  product,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The product to edit, or null to add one. */
  product: PublicProduct | null;
}) {
  const form = useForm<FormValues, unknown, Parsed>({
    // The form holds typed text (e.g. '' before a category is chosen); the shared schema reads
    // it into the payload, so its input type is narrower than the form's.
    resolver: zodResolver(productFormSchema) as unknown as Resolver<FormValues, unknown, Parsed>,
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, reset, formState } = form;
  const errors = formState.errors;
  const save = useAdminMutation({
    success: { title: product ? "Product updated successfully!" : "Product created successfully!" },
    failure: product ? "Failed to update product" : "Failed to create product",
    form,
    formFields: FORM_FIELDS,
    onSuccess: () => onOpenChange(false),
  });

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

  function onSubmit(values: Parsed) {
    return save.run(() =>
      product
        ? apiRequest("PATCH", `/api/products/${product.id}`, values)
        : apiRequest("POST", "/api/products", values),
    );
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
            error={errors.details?.message}
            {...register("details")}
          />
          <TextAreaField
            className="sm:col-span-2"
            label="Ingredients (optional)"
            error={errors.ingredients?.message}
            {...register("ingredients")}
          />
          <TextAreaField
            className="sm:col-span-2"
            label="How to use (optional)"
            error={errors.howToUse?.message}
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
            <button type="submit" className={adminButton.primary} disabled={save.pending}>
              {save.pending ? "Saving..." : product ? "Update Product" : "Create Product"}
            </button>
          </div>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
