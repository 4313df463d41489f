/**
 * Record Sale (admin spec §2, §5 "Record sale", §8): sale type (service or product; changing it
 * clears the chosen item), the item, quantity (numeric, at least 1, 1 on invalid input), payment
 * method and notes; the total (unit price × quantity) is shown as it will be saved. Record Sale
 * stays disabled until an item is chosen → POST /api/sales with status completed. The form's
 * values are checked as the payload they become by the shared `recordSaleSchema`, as on the
 * server.
 */
import { useEffect } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { SelectField, TextAreaField, TextField } from "#app/features/admin/kit/fields.tsx";
import { FormDialog } from "#app/features/admin/kit/form-dialog.tsx";
import { useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { apiRequest } from "#app/lib/api.ts";
import { CLIENT_MESSAGES, type ClientRecord, type ClientsPages } from "#common/clients.ts";
import { formatNairaExact } from "#common/money.ts";
import { RECORD_SALE_METHODS, recordSaleSchema } from "#common/sales.ts";

type SaleItems = Awaited<ReturnType<ClientsPages["saleItems"]>>;
type SaleItem = SaleItems["services"][number];

type FormValues = {
  type: "service" | "product";
  itemId: string;
  quantity: string;
  method: string;
  /** The terminal's, the transfer's or the Paystack reference (issue 29); not for cash. */
  reference: string;
  notes: string;
};
type Context = { client: ClientRecord; items: SaleItems | null };
const EMPTY: FormValues = {
  type: "service",
  itemId: "",
  quantity: "1",
  method: "cash",
  reference: "",
  notes: "",
};

/** What the reference field is called for each method ('online' is a Paystack payment). */
const REFERENCE_LABELS: Record<string, string> = {
  card: "Terminal reference",
  transfer: "Transfer reference",
  online: "Paystack reference",
};

/** The quantity field's text as a whole number of at least 1 (admin spec §5). */
export function saleQuantity(text: string): number {
  const n = Math.trunc(Number(text));
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

/** The chosen item, its quantity and the total in naira (two decimals). */
function saleOf(values: FormValues, items: SaleItems | null) {
  const list: SaleItem[] = (values.type === "service" ? items?.services : items?.products) ?? [];
  const item = list.find((i) => String(i.id) === values.itemId);
  const qty = saleQuantity(values.quantity);
  const total = item ? Math.round(item.price * 100 * qty) / 100 : 0;
  return { list, item, qty, total };
}

/** The POST /api/sales body: a completed sale to the client, sold now. */
function toPayload(values: FormValues, { client, items }: Context) {
  const { item, qty, total } = saleOf(values, items);
  return {
    type: values.type,
    customerName: client.name,
    customerEmail: client.email,
    customerPhone: client.phone,
    paymentMethod: values.method,
    itemId: item?.id ?? "",
    itemName: item?.name,
    quantity: qty,
    unitPrice: item?.price.toFixed(2),
    totalAmount: total.toFixed(2),
    status: "completed",
    notes: values.notes.trim() || null,
    saleDate: new Date().toISOString(),
    paymentReference: values.method === "cash" ? null : values.reference.trim() || null,
  };
}

const resolver: Resolver<FormValues, Context> = async (values, context) => {
  if (!context) return { values, errors: {} };
  const result = recordSaleSchema.safeParse(toPayload(values, context));
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<FormValues> = {};
  for (const issue of result.error.issues) {
    const path = issue.path[0];
    const field =
      path === "itemId" || path === "itemName" || path === "type"
        ? "itemId"
        : path === "paymentMethod"
          ? "method"
          : path === "quantity" || path === "notes"
            ? path
            : path === "paymentReference"
              ? "reference"
              : null;
    if (field) errors[field] ??= { type: "validation", message: issue.message };
  }
  // The client record's own details (name, email, phone) are not on this form: the server
  // judges them, with the same schema and message.
  return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors };
};

export function RecordSaleDialog({
  open,
  onOpenChange,
  client,
  items,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  client: ClientRecord;
  items: SaleItems | null;
}) {
  const form = useForm<FormValues, Context>({
    resolver,
    context: { client, items },
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, reset, setValue, watch, formState } = form;
  const errors = formState.errors;
  useEffect(() => {
    if (!open) reset(EMPTY);
  }, [open, reset]);
  const values = watch();
  const { list, item, total } = saleOf(values, items);
  const save = useAdminMutation({
    success: { title: CLIENT_MESSAGES.saleRecorded, description: CLIENT_MESSAGES.saleRecordedText },
    failure: CLIENT_MESSAGES.saleFailed,
    onSuccess: () => onOpenChange(false),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Record Sale"
      onSubmit={handleSubmit((v) =>
        save.run(() => apiRequest("POST", "/api/sales", toPayload(v, { client, items }))),
      )}
      dirty={formState.isDirty}
      pending={save.pending}
      submitLabel="Record Sale"
      pendingLabel="Record Sale"
      submitDisabled={!item}
      noValidate={false}
      className=""
      formClassName="mt-4 grid gap-4"
      footerClassName="flex justify-end gap-2"
    >
      <SelectField
        label="Sale Type"
        {...register("type", { onChange: () => setValue("itemId", "") })}
      >
        <option value="service">Service</option>
        <option value="product">Product</option>
      </SelectField>
      <SelectField
        label={values.type === "service" ? "Service" : "Product"}
        error={errors.itemId?.message}
        {...register("itemId")}
      >
        <option value="">Select {values.type === "service" ? "a service" : "a product"}</option>
        {list.map((i) => (
          <option key={i.id} value={String(i.id)}>
            {i.name} ({formatNairaExact(i.price)})
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Quantity"
          type="number"
          min={1}
          step={1}
          error={errors.quantity?.message}
          {...register("quantity", {
            onBlur: (e: { target: { value: string } }) =>
              setValue("quantity", String(saleQuantity(e.target.value))),
          })}
        />
        <SelectField label="Payment Method" error={errors.method?.message} {...register("method")}>
          {RECORD_SALE_METHODS.map((m) => (
            <option key={m.id} value={m.id}>
              {m.label}
            </option>
          ))}
        </SelectField>
        {REFERENCE_LABELS[values.method] && (
          <TextField
            label={REFERENCE_LABELS[values.method] as string}
            autoComplete="off"
            error={errors.reference?.message}
            {...register("reference")}
          />
        )}
      </div>
      <TextAreaField label="Notes" error={errors.notes?.message} {...register("notes")} />
      <p className="text-right text-lg font-semibold text-ink" aria-live="polite">
        Total: {formatNairaExact(total)}
      </p>
    </FormDialog>
  );
}
