/**
 * Checkout step 1: the delivery form (storefront spec §3 "Delivery info", §5 "Checkout delivery
 * form"): checked on submit and, for email, phone, postal code, full name and city, while typing;
 * the spec's messages; 37 states; country Nigeria; the first invalid field is focused.
 */
import { clsx } from "clsx";
import { type Resolver, useForm } from "react-hook-form";
import { FormField, fieldInputClass } from "#app/components/ui/form-field.tsx";
import { lazyResolver } from "#app/lib/lazy-resolver.ts";
import type { DELIVERY_LIVE_FIELDS, DeliveryInfo, DeliveryInfoInput } from "#common/checkout.ts";
import { formatNaira } from "#common/money.ts";
import { deliveryOptionForState, NIGERIAN_STATES } from "#common/shipping.ts";

// The schema (zod) loads when the form is first focused or submitted, not with the page.
const validation = lazyResolver<DeliveryInfoInput>(async () => {
  const [{ zodResolver }, { deliveryInfoSchema }] = await Promise.all([
    import("@hookform/resolvers/zod"),
    import("#common/checkout.ts"),
  ]);
  return zodResolver(deliveryInfoSchema) as unknown as Resolver<DeliveryInfoInput>;
});

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
  const {
    register,
    handleSubmit,
    trigger,
    watch,
    formState: { errors },
  } = useForm<DeliveryInfoInput, unknown, DeliveryInfo>({
    resolver: validation.resolver as unknown as Resolver<DeliveryInfoInput, unknown, DeliveryInfo>,
    defaultValues: initial ?? EMPTY,
    mode: "onSubmit",
    reValidateMode: "onChange",
    shouldFocusError: true,
  });
  const state = watch("state");
  const live = (name: (typeof DELIVERY_LIVE_FIELDS)[number]) =>
    register(name, { onChange: () => void trigger(name) });

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      onFocus={validation.preload}
      noValidate
      aria-label="Delivery information"
      className="grid gap-5 sm:grid-cols-2"
    >
      <FormField label="Full name" error={errors.fullName?.message}>
        {(p) => <input {...p} {...live("fullName")} autoComplete="name" className={inputClass} />}
      </FormField>
      <FormField label="Email address" error={errors.email?.message}>
        {(p) => (
          <input
            {...p}
            {...live("email")}
            type="email"
            autoComplete="email"
            className={inputClass}
          />
        )}
      </FormField>
      <FormField label="Phone number" error={errors.phone?.message}>
        {(p) => (
          <input
            {...p}
            {...live("phone")}
            type="tel"
            autoComplete="tel"
            placeholder="0803 123 4567"
            className={inputClass}
          />
        )}
      </FormField>
      <FormField label="Delivery address" error={errors.address?.message} className="sm:col-span-2">
        {(p) => (
          <input
            {...p}
            {...register("address")}
            autoComplete="street-address"
            placeholder="House number, street, area"
            className={inputClass}
          />
        )}
      </FormField>
      <FormField label="City" error={errors.city?.message}>
        {(p) => (
          <input {...p} {...live("city")} autoComplete="address-level2" className={inputClass} />
        )}
      </FormField>
      <FormField label="State" error={errors.state?.message}>
        {(p) => (
          <select
            {...p}
            {...register("state", { onChange: (e) => onStateChange(e.target.value) })}
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
      <FormField label="Postal code" error={errors.postalCode?.message}>
        {(p) => (
          <input
            {...p}
            {...live("postalCode")}
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
            {...p}
            {...register("country")}
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
        error={errors.instructions?.message}
        className="sm:col-span-2"
      >
        {(p) => <textarea {...p} {...register("instructions")} rows={3} className={inputClass} />}
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
