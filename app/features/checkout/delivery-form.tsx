/**
 * Checkout step 1: the delivery form (storefront spec §3 "Delivery info", §5 "Checkout delivery
 * form"): checked on submit and, for email, phone, postal code, full name and city, while typing;
 * the spec's messages; 37 states; country Nigeria; the first invalid field is focused.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { clsx } from "clsx";
import { type ReactNode, useId } from "react";
import { useForm } from "react-hook-form";
import {
  type DELIVERY_LIVE_FIELDS,
  type DeliveryInfo,
  type DeliveryInfoInput,
  deliveryInfoSchema,
} from "../../../common/checkout.ts";
import { formatNaira } from "../../../common/money.ts";
import { deliveryOptionForState, NIGERIAN_STATES } from "../../../common/shipping.ts";

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
    resolver: zodResolver(deliveryInfoSchema),
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
      noValidate
      aria-label="Delivery information"
      className="grid gap-5 sm:grid-cols-2"
    >
      <Field label="Full name" error={errors.fullName?.message}>
        {(p) => <input {...p} {...live("fullName")} autoComplete="name" className={inputClass} />}
      </Field>
      <Field label="Email address" error={errors.email?.message}>
        {(p) => (
          <input
            {...p}
            {...live("email")}
            type="email"
            autoComplete="email"
            className={inputClass}
          />
        )}
      </Field>
      <Field label="Phone number" error={errors.phone?.message}>
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
      </Field>
      <Field label="Delivery address" error={errors.address?.message} className="sm:col-span-2">
        {(p) => (
          <input
            {...p}
            {...register("address")}
            autoComplete="street-address"
            placeholder="House number, street, area"
            className={inputClass}
          />
        )}
      </Field>
      <Field label="City" error={errors.city?.message}>
        {(p) => (
          <input {...p} {...live("city")} autoComplete="address-level2" className={inputClass} />
        )}
      </Field>
      <Field label="State" error={errors.state?.message}>
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
      </Field>
      <Field label="Postal code" error={errors.postalCode?.message}>
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
      </Field>
      <Field label="Country">
        {(p) => (
          <input
            {...p}
            {...register("country")}
            readOnly
            className={clsx(inputClass, "bg-gray-50")}
          />
        )}
      </Field>
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
      <Field
        label="Delivery instructions (optional)"
        error={errors.instructions?.message}
        className="sm:col-span-2"
      >
        {(p) => <textarea {...p} {...register("instructions")} rows={3} className={inputClass} />}
      </Field>
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

const inputClass =
  "w-full scroll-mt-36 rounded-md border border-gray-300 bg-white px-3 py-2.5 text-base text-ink shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-700";

type FieldProps = { id: string; "aria-invalid": boolean; "aria-describedby"?: string };

function Field({
  label,
  error,
  className,
  children,
}: {
  label: string;
  error?: string;
  className?: string;
  children: (props: FieldProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={clsx("grid content-start gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      {children({
        id,
        "aria-invalid": Boolean(error),
        "aria-describedby": error ? errorId : undefined,
      })}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
