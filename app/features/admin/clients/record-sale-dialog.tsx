/**
 * Record Sale (admin spec §2, §5 "Record sale", §8): sale type (service or product; changing it
 * clears the chosen item), the item, quantity (numeric, at least 1, 1 on invalid input), payment
 * method and notes; the total (unit price × quantity) is shown as it will be saved. Record Sale
 * stays disabled until an item is chosen → POST /api/sales with status completed.
 */
import { useEffect, useState } from "react";
import { SelectField, TextAreaField, TextField } from "#app/features/admin/kit/fields.tsx";
import { FormDialog } from "#app/features/admin/kit/form-dialog.tsx";
import { useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { apiRequest } from "#app/lib/api.ts";
import { CLIENT_MESSAGES, type ClientRecord, type ClientsPages } from "#common/clients.ts";
import { formatNairaExact } from "#common/money.ts";
import { RECORD_SALE_METHODS } from "#common/sales.ts";

type SaleItems = Awaited<ReturnType<ClientsPages["saleItems"]>>;

/** The quantity field's text as a whole number of at least 1 (admin spec §5). */
export function saleQuantity(text: string): number {
  const n = Math.trunc(Number(text));
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

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
  const [type, setType] = useState<"service" | "product">("service");
  const [itemId, setItemId] = useState("");
  const [quantity, setQuantity] = useState("1");
  const [method, setMethod] = useState<string>("cash");
  const [notes, setNotes] = useState("");
  useEffect(() => {
    if (!open) {
      setType("service");
      setItemId("");
      setQuantity("1");
      setMethod("cash");
      setNotes("");
    }
  }, [open]);
  const list = (type === "service" ? items?.services : items?.products) ?? [];
  const item = list.find((i) => String(i.id) === itemId);
  const qty = saleQuantity(quantity);
  const total = item ? Math.round(item.price * 100 * qty) / 100 : 0;
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
      onSubmit={(e) => {
        e.preventDefault();
        if (!item) return;
        void save.run(() =>
          apiRequest("POST", "/api/sales", {
            type,
            customerName: client.name,
            customerEmail: client.email,
            customerPhone: client.phone,
            paymentMethod: method,
            itemId: item.id,
            itemName: item.name,
            quantity: qty,
            unitPrice: item.price.toFixed(2),
            totalAmount: total.toFixed(2),
            status: "completed",
            notes: notes.trim() || null,
            saleDate: new Date().toISOString(),
          }),
        );
      }}
      dirty={
        type !== "service" || itemId !== "" || quantity !== "1" || method !== "cash" || notes !== ""
      }
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
        value={type}
        onChange={(e) => {
          setType(e.target.value === "product" ? "product" : "service");
          setItemId("");
        }}
      >
        <option value="service">Service</option>
        <option value="product">Product</option>
      </SelectField>
      <SelectField
        label={type === "service" ? "Service" : "Product"}
        value={itemId}
        onChange={(e) => setItemId(e.target.value)}
      >
        <option value="">Select {type === "service" ? "a service" : "a product"}</option>
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
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          onBlur={() => setQuantity(String(qty))}
        />
        <SelectField
          label="Payment Method"
          value={method}
          onChange={(e) => setMethod(e.target.value)}
        >
          {RECORD_SALE_METHODS.map((m) => (
            <option key={m.id} value={m.id}>
              {m.label}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField label="Notes" value={notes} onChange={(e) => setNotes(e.target.value)} />
      <p className="text-right text-lg font-semibold text-ink" aria-live="polite">
        Total: {formatNairaExact(total)}
      </p>
    </FormDialog>
  );
}
