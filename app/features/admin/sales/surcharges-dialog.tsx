/**
 * Surcharges, managed from the till (admin spec §3 "Surcharge", §9; issue 11): add, edit and
 * activate or deactivate. A percentage is of the subtotal (0–100); a fixed amount is naira. Only
 * active ones are offered at checkout.
 */
import { useState } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import {
  DialogContent,
  DialogDescription,
  DialogRoot,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { SelectField, TextField } from "#app/features/admin/kit/fields.tsx";
import { serverMessageOr, useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { apiRequest } from "#app/lib/api.ts";
import { formatNairaWithKobo } from "#common/money.ts";
import {
  SURCHARGE_TYPES,
  type Surcharge,
  type SurchargeType,
  surchargeInputSchema,
} from "#common/sales.ts";

type FormValues = { name: string; type: SurchargeType; amount: string; description: string };
const EMPTY: FormValues = { name: "", type: "percentage", amount: "", description: "" };
const FORM_FIELDS = ["name", "type", "amount", "description"] as const;

/** The POST/PATCH body: the amount typed with thousands separators read as naira or percent. */
function toPayload(v: FormValues) {
  return {
    name: v.name,
    type: v.type,
    amount: v.amount.trim() === "" ? undefined : Number(v.amount.replace(/,/g, "")),
    description: v.description,
  };
}

/** The form's values checked as the body they become, by the server's `surchargeInputSchema`. */
const resolver: Resolver<FormValues> = async (values) => {
  const result = surchargeInputSchema.safeParse(toPayload(values));
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<FormValues> = {};
  for (const issue of result.error.issues) {
    const field = FORM_FIELDS.find((f) => f === issue.path[0]) ?? "amount";
    errors[field] ??= { type: "validation", message: issue.message };
  }
  return { values: {}, errors };
};

export function SurchargesDialog({
  open,
  onOpenChange,
  surcharges,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  surcharges: Surcharge[];
}) {
  // The surcharge being edited, or null while the form adds one.
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  const form = useForm<FormValues>({ resolver, defaultValues: EMPTY });
  const { register, handleSubmit, reset, watch, formState } = form;
  const errors = formState.errors;
  const startAdding = () => {
    setEditing(null);
    reset(EMPTY);
  };
  const save = useAdminMutation<unknown, FormValues>({
    success: { title: "Surcharge saved" },
    failure: serverMessageOr("Failed to save surcharge"),
    form,
    formFields: FORM_FIELDS,
    onSuccess: startAdding,
  });
  const toggle = useAdminMutation({
    success: (s: Surcharge) => ({
      title: s.isActive ? "Surcharge activated" : "Surcharge deactivated",
    }),
    failure: serverMessageOr("Failed to save surcharge"),
  });
  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogTitle className="text-xl font-semibold text-ink">Surcharges</DialogTitle>
        <DialogDescription className="mt-1 text-sm text-gray-600">
          Service charges the till can add: a percentage of the subtotal or a fixed amount.
        </DialogDescription>
        {surcharges.length === 0 ? (
          <p className="mt-4 text-sm text-gray-600">No surcharges yet.</p>
        ) : (
          <ul className="mt-4 divide-y divide-gray-200 rounded-lg border border-gray-200">
            {surcharges.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div>
                  <p className="text-sm font-medium text-ink">
                    {s.name}{" "}
                    <span className="font-normal text-gray-700">
                      {s.type === "percentage" ? `${s.amount}%` : formatNairaWithKobo(s.amount)}
                    </span>
                  </p>
                  {s.description && <p className="text-xs text-gray-600">{s.description}</p>}
                </div>
                <div className="flex items-center gap-2">
                  <label className="flex items-center gap-1 text-sm">
                    <input
                      type="checkbox"
                      checked={s.isActive}
                      disabled={toggle.isPending(s.id)}
                      onChange={(e) =>
                        toggle.run(
                          () =>
                            apiRequest<Surcharge>("PATCH", `/api/surcharges/${s.id}`, {
                              isActive: e.target.checked,
                            }),
                          { key: s.id },
                        )
                      }
                      className="accent-brand-700"
                    />
                    Active
                  </label>
                  <button
                    type="button"
                    className={adminButton.outline}
                    aria-label={`Edit ${s.name}`}
                    onClick={() => {
                      setEditing({ id: s.id, name: s.name });
                      reset({
                        name: s.name,
                        type: s.type,
                        amount: String(s.amount),
                        description: s.description ?? "",
                      });
                    }}
                  >
                    Edit
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <form
          noValidate
          className="mt-6 grid gap-3 sm:grid-cols-2"
          onSubmit={handleSubmit((values) =>
            save.run(() =>
              editing === null
                ? apiRequest("POST", "/api/surcharges", toPayload(values))
                : apiRequest("PATCH", `/api/surcharges/${editing.id}`, toPayload(values)),
            ),
          )}
        >
          <h3 className="font-semibold text-ink sm:col-span-2">
            {editing === null ? "Add surcharge" : `Edit ${watch("name") || "surcharge"}`}
          </h3>
          <TextField label="Surcharge name" error={errors.name?.message} {...register("name")} />
          <SelectField label="Type" error={errors.type?.message} {...register("type")}>
            {SURCHARGE_TYPES.map((t) => (
              <option key={t} value={t}>
                {t === "percentage" ? "Percentage of subtotal" : "Fixed amount"}
              </option>
            ))}
          </SelectField>
          <TextField
            label={watch("type") === "percentage" ? "Amount (%)" : "Amount (₦)"}
            inputMode="decimal"
            error={errors.amount?.message}
            {...register("amount")}
          />
          <TextField
            label="Description"
            error={errors.description?.message}
            {...register("description")}
          />
          <div className="flex justify-end gap-2 sm:col-span-2">
            {editing !== null && (
              <button type="button" className={adminButton.outline} onClick={startAdding}>
                Cancel edit
              </button>
            )}
            <button type="submit" className={adminButton.primary} disabled={save.pending}>
              {editing === null ? "Add Surcharge" : "Save Surcharge"}
            </button>
          </div>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
