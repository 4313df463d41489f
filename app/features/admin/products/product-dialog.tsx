/**
 * The admin product form (admin spec §2 "Product management", §5 "Product form"): name,
 * description, price, image URL (validated), category, rating 0–5 in steps of 0.1 (default 4.0),
 * stock (default 100), details, ingredients, how to use. Validation is the shared
 * `productFormSchema` (common/catalog-forms.ts), as on the server.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { SelectField, TextAreaField, TextField } from "#app/features/admin/kit/fields.tsx";
import { FormDialog } from "#app/features/admin/kit/form-dialog.tsx";
import { useRecordSave } from "#app/features/admin/kit/use-record-save.ts";
import type { PublicProduct } from "#common/catalog.ts";
import { ADMIN_PRODUCT_CATEGORIES, productFormSchema } from "#common/catalog-forms.ts";

/** What the form holds: every field as typed text; the schema reads the numbers. */
type FormValues = z.input<typeof productFormSchema>;
type Parsed = z.output<typeof productFormSchema>;

const EMPTY = {
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
const FORM_FIELDS = Object.keys(EMPTY) as Array<keyof typeof EMPTY>;

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
    resolver: zodResolver(productFormSchema),
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, reset, formState } = form;
  const errors = formState.errors;
  const save = useRecordSave({
    path: "/api/products",
    id: product?.id,
    form,
    formFields: FORM_FIELDS,
    texts: {
      created: { title: "Product created successfully!" },
      updated: { title: "Product updated successfully!" },
      createFailed: "Failed to create product",
      updateFailed: "Failed to update product",
    },
    onSaved: () => onOpenChange(false),
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

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={product ? "Edit Product" : "Add Product"}
      onSubmit={handleSubmit((values) => save.run(values))}
      dirty={formState.isDirty}
      pending={save.pending}
      submitLabel={product ? "Update Product" : "Create Product"}
      className="max-w-2xl"
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
    </FormDialog>
  );
}
