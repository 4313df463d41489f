/**
 * Surcharges, managed from the till (admin spec §3 "Surcharge", §9; issue 11): add, edit and
 * activate or deactivate. A percentage is of the subtotal (0–100); a fixed amount is naira. Only
 * active ones are offered at checkout.
 */
import { useState } from "react";
import {
  DialogContent,
  DialogDescription,
  DialogRoot,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { SelectField, TextField } from "#app/features/admin/kit/fields.tsx";
import { serverMessageOr, useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { apiFieldErrors, apiRequest } from "#app/lib/api.ts";
import { formatNairaWithKobo } from "#common/money.ts";
import type { Surcharge, SurchargeType } from "#common/sales.ts";

type Draft = {
  id: number | null;
  name: string;
  type: SurchargeType;
  amount: string;
  description: string;
};
const EMPTY: Draft = { id: null, name: "", type: "percentage", amount: "", description: "" };

export function SurchargesDialog({
  open,
  onOpenChange,
  surcharges,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  surcharges: Surcharge[];
}) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useAdminMutation({
    success: { title: "Surcharge saved" },
    failure: serverMessageOr("Failed to save surcharge"),
    onSuccess: () => {
      setDraft(EMPTY);
      setErrors({});
    },
    onError: (e) => setErrors(apiFieldErrors(e)),
  });
  const toggle = useAdminMutation({
    success: (s: Surcharge) => ({
      title: s.isActive ? "Surcharge activated" : "Surcharge deactivated",
    }),
    failure: serverMessageOr("Failed to save surcharge"),
  });
  const submit = () => {
    const body = {
      name: draft.name,
      type: draft.type,
      amount: draft.amount.trim() === "" ? undefined : Number(draft.amount.replace(/,/g, "")),
      description: draft.description,
    };
    void save.run(() =>
      draft.id === null
        ? apiRequest("POST", "/api/surcharges", body)
        : apiRequest("PATCH", `/api/surcharges/${draft.id}`, body),
    );
  };
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
                    onClick={() =>
                      setDraft({
                        id: s.id,
                        name: s.name,
                        type: s.type,
                        amount: String(s.amount),
                        description: s.description ?? "",
                      })
                    }
                  >
                    Edit
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <form
          className="mt-6 grid gap-3 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <h3 className="font-semibold text-ink sm:col-span-2">
            {draft.id === null ? "Add surcharge" : `Edit ${draft.name || "surcharge"}`}
          </h3>
          <TextField
            label="Surcharge name"
            value={draft.name}
            error={errors.name}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          />
          <SelectField
            label="Type"
            value={draft.type}
            onChange={(e) => setDraft({ ...draft, type: e.target.value as SurchargeType })}
          >
            <option value="percentage">Percentage of subtotal</option>
            <option value="fixed">Fixed amount</option>
          </SelectField>
          <TextField
            label={draft.type === "percentage" ? "Amount (%)" : "Amount (₦)"}
            inputMode="decimal"
            value={draft.amount}
            error={errors.amount}
            onChange={(e) => setDraft({ ...draft, amount: e.target.value })}
          />
          <TextField
            label="Description"
            value={draft.description}
            onChange={(e) => setDraft({ ...draft, description: e.target.value })}
          />
          <div className="flex justify-end gap-2 sm:col-span-2">
            {draft.id !== null && (
              <button type="button" className={adminButton.outline} onClick={() => setDraft(EMPTY)}>
                Cancel edit
              </button>
            )}
            <button type="submit" className={adminButton.primary} disabled={save.pending}>
              {draft.id === null ? "Add Surcharge" : "Save Surcharge"}
            </button>
          </div>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
