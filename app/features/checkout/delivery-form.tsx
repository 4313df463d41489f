/**
 * Checkout step 1: the delivery form (storefront spec §3 "Delivery info", §5 "Checkout delivery
 * form"): checked on submit and, for email, phone, postal code, full name and city, while typing;
 * the spec's messages; 37 states; country Nigeria; the first invalid field is focused.
 */
import { clsx } from "clsx";
import { useEffect } from "react";
import { FormField, fieldInputClass } from "#app/components/ui/form-field.tsx";
import { lazySchema, useSchemaForm, withChange } from "#app/lib/public-form.ts";
import type { DeliveryInfo, DeliveryInfoInput } from "#common/checkout.ts";
import { DELIVERY_LIVE_FIELDS } from "#common/checkout-payload.ts";
import { formatNaira } from "#common/money.ts";
import { deliveryOptionForState, NIGERIAN_STATES } from "#common/shipping.ts";

// The schema (zod) loads when the form is first focused or submitted, not with the page.
const validation = lazySchema<DeliveryInfo>(
  async () => (await import("#common/checkout.ts")).deliveryInfoSchema,
);

const EMPTY: DeliveryInfoInput = {
  fullName: "",
  email: "",
  phone: "",
  address: "",
  city: "",
  state: "",
  postalCode: "",
  country: "Nigeria",
  instructions: "",
};

/** sessionStorage key of the delivery form's values while the visitor types (issue 33). */
export const DELIVERY_DRAFT_KEY = "checkout-delivery";

/** The delivery values kept in this tab's sessionStorage, or null (none, unreadable, blocked). */
function readDraft(): DeliveryInfoInput | null {
  try {
    const raw = window.sessionStorage.getItem(DELIVERY_DRAFT_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Record<string, unknown>;
    const draft = { ...EMPTY };
    for (const key of Object.keys(EMPTY) as (keyof DeliveryInfoInput)[]) {
      if (key !== "country" && typeof value[key] === "string") draft[key] = value[key] as string;
    }
    return draft;
  } catch {
    return null;
  }
}

function writeDraft(values: DeliveryInfoInput) {
  try {
    window.sessionStorage.setItem(DELIVERY_DRAFT_KEY, JSON.stringify(values));
  } catch {
    // Storage blocked or full: the form still works, it is only not kept across a reload.
  }
}

export function DeliveryForm({
  initial,
  busy,
  onStateChange,
  onSubmit,
}: {
  initial: DeliveryInfo | null;
  busy: boolean;
  onStateChange: (state: string) => void;
  onSubmit: (values: DeliveryInfo) => void;
}) {
  const { form, formRef, field, submit, reset } = useSchemaForm({
    initialValues: initial ?? EMPTY,
    schema: validation,
    liveFields: DELIVERY_LIVE_FIELDS,
  });
  // A reload (or a phone dropping the tab) must not lose what was typed: the values live in this
  // tab's sessionStorage, which the browser forgets when the tab closes (issue 33).
  // biome-ignore lint/correctness/useExhaustiveDependencies: restores once, on mount
  useEffect(() => {
    if (initial) return;
    const draft = readDraft();
    if (!draft) return;
    reset(draft);
    if (draft.state) onStateChange(draft.state);
  }, []);
  const errors = form.errors;
  const state = form.useWatchValue("state");

  return (
    <form
      ref={formRef}
      onSubmit={submit(onSubmit)}
      onChange={() => writeDraft(form.getValues())}
      onFocus={validation.preload}
      noValidate
      aria-label="Delivery information"
      className="grid gap-5 sm:grid-cols-2"
    >
      <FormField label="Full name" error={errors.fullName}>
        {(p) => (
          <input
            key={form.key("fullName")}
            {...p}
            {...field("fullName")}
            autoComplete="name"
            className={inputClass}
          />
        )}
      </FormField>
      <FormField label="Email" error={errors.email}>
        {(p) => (
          <input
            key={form.key("email")}
            {...p}
            {...field("email")}
            type="email"
            autoComplete="email"
            className={inputClass}
          />
        )}
      </FormField>
      <FormField label="Phone number" error={errors.phone}>
        {(p) => (
          <input
            key={form.key("phone")}
            {...p}
            {...field("phone")}
            type="tel"
            autoComplete="tel"
            placeholder="0803 123 4567"
            className={inputClass}
          />
        )}
      </FormField>
      <FormField label="Delivery address" error={errors.address} className="sm:col-span-2">
        {(p) => (
          <input
            key={form.key("address")}
            {...p}
            {...field("address")}
            autoComplete="street-address"
            placeholder="House number, street, area"
            className={inputClass}
          />
        )}
      </FormField>
      <FormField label="City" error={errors.city}>
        {(p) => (
          <input
            key={form.key("city")}
            {...p}
            {...field("city")}
            autoComplete="address-level2"
            className={inputClass}
          />
        )}
      </FormField>
      <FormField label="State" error={errors.state}>
        {(p) => (
          <select
            key={form.key("state")}
            {...p}
            {...withChange(field("state"), onStateChange)}
            autoComplete="address-level1"
            className={inputClass}
          >
            <option value="">Select a state</option>
            {NIGERIAN_STATES.map((s) => (
              <option key={s} value={s}>
                {s === "FCT" ? "FCT (Abuja)" : s}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Postal code" error={errors.postalCode}>
        {(p) => (
          <input
            key={form.key("postalCode")}
            {...p}
            {...field("postalCode")}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            placeholder="100001"
            className={inputClass}
          />
        )}
      </FormField>
      <FormField label="Country">
        {(p) => (
          <input
            key={form.key("country")}
            {...p}
            {...field("country")}
            readOnly
            className={clsx(inputClass, "bg-gray-50")}
          />
        )}
      </FormField>
      <div className="self-end text-sm text-stone-700" aria-live="polite">
        {state ? (
          <p>
            Delivery to {state}: <strong>{formatNaira(deliveryOptionForState(state).price)}</strong>{" "}
            ({deliveryOptionForState(state).estimatedDays})
          </p>
        ) : (
          <p>Choose a state to see the delivery cost.</p>
        )}
      </div>
      <FormField
        label="Delivery instructions (optional)"
        error={errors.instructions}
        className="sm:col-span-2"
      >
        {(p) => (
          <textarea
            key={form.key("instructions")}
            {...p}
            {...field("instructions")}
            rows={3}
            className={inputClass}
          />
        )}
      </FormField>
      <div className="sm:col-span-2">
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded-full bg-brand-700 px-7 py-3.5 font-medium text-white transition-colors hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto"
        >
          {busy ? "Preparing your order…" : "Continue to payment"}
        </button>
      </div>
    </form>
  );
}

const inputClass = clsx(fieldInputClass, "scroll-mt-36");
