/**
 * The booking form of the contact and home pages (storefront spec §2 "Booking form", §4
 * "Booking form", §5, §8): category first, services narrowed by category, date from today to
 * 90 days ahead (Lagos), the 16 time slots; validated on submit and revalidated on change with
 * the spec's messages; 'Submitting...' while sending; success and failure toasts. A refusal
 * from the server (POST /api/bookings' 400 `{error: {message, fields}}`, e.g. a time slot that
 * has just passed) also shows its messages on the fields, the first of them focused.
 * A service that needs a consultation first (issue 30; docs/decisions/0225) is marked
 * 'Consultation Required' and the form offers 'Book Consultation', which picks the category's
 * consultation; the request for the treatment itself may still be sent (the clinic decides).
 * The date must be a day the clinic opens (Monday-Saturday, spec §9); every slot is inside the
 * hours.
 */
import { clsx } from "clsx";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { FormField, fieldInputClass } from "#app/components/ui/form-field.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { ApiError, apiFieldErrors, apiRequest } from "#app/lib/api.ts";
import { lazySchema, useSchemaForm, withChange } from "#app/lib/public-form.ts";
import { track } from "#app/lib/tracking.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { revealClassName, useReveal } from "#app/lib/use-reveal.ts";
import type { BookingFormValues } from "#common/booking.ts";
import {
  bookingWindow,
  clinicOpensOn,
  composeBookingDate,
  TIME_SLOTS,
} from "#common/booking-slots.ts";
import {
  BOOKING_FEE,
  type BookableService,
  bookableServicesFor,
  numericPrice,
  type PublicService,
  SERVICE_CATEGORIES,
} from "#common/catalog.ts";
import { consultationPriceText } from "#common/consultation-price.ts";
import {
  type AvailabilityAnswer,
  BOOKING_NOTICE_HOURS,
  CANCELLATION_NOTICE_HOURS,
  type HoldAnswer,
  type SlotAvailability,
} from "#common/deposits.ts";
import { formatNaira } from "#common/money.ts";

// The payment step loads once a time is held, not with the page (issue 15's first-load budget).
const DepositPanel = lazy(() => import("./deposit-panel.tsx"));

/** What a greyed-out time means (issue 32), under the time select. */
const GREYED_HINT = `Greyed-out times cannot be booked for this treatment: taken, less than ${BOOKING_NOTICE_HOURS} hours ahead, or past.`;

/**
 * The 16 slots of `date` for `service` from GET /api/bookings/availability (issue 32), or null
 * while either is unchosen, loading or unanswered (then every slot stays selectable and the
 * server decides).
 */
function useAvailability(service: string, date: string, refresh: number) {
  const [slots, setSlots] = useState<SlotAvailability[] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `refresh` asks again after a 409 or a payment.
  useEffect(() => {
    setSlots(null);
    if (!service || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !clinicOpensOn(date)) return;
    let current = true;
    const query = new URLSearchParams({ service, date });
    apiRequest<AvailabilityAnswer>("GET", `/api/bookings/availability?${query}`)
      .then((answer) => current && setSlots(answer.slots))
      .catch(() => current && setSlots(null));
    return () => {
      current = false;
    };
  }, [service, date, refresh]);
  return slots;
}

// The schema (zod) loads when the form is first focused or submitted, not with the page.
const validation = lazySchema<BookingFormValues>(
  async () => (await import("#common/booking.ts")).bookingFormSchema,
);

const EMPTY: BookingFormValues = {
  name: "",
  email: "",
  phone: "",
  category: "",
  service: "",
  date: "",
  time: "",
  message: "",
};

/**
 * The service to preselect from the URL (spec §4): 'Consultation' picks the first service of the
 * category whose name contains 'consultation'; any other name must match exactly.
 */
export function matchServiceFromUrl(
  serviceName: string | null | undefined,
  options: readonly BookableService[],
): string {
  if (!serviceName) return "";
  if (serviceName.toLowerCase() === "consultation") {
    return options.find((s) => s.name.toLowerCase().includes("consultation"))?.id ?? "";
  }
  return options.find((s) => s.name === serviceName)?.id ?? "";
}

/** 'Dental Consultation (₦15,000, free for first-time clients)': the one price rule (0283). */
function serviceOptionLabel(s: BookableService): string {
  const price = consultationPriceText(s);
  return price ? `${s.name} (${price})` : s.name;
}

/**
 * The booking form. `initialCategory` / `initialService` come from the address
 * (?category=&service=); `formName` names the form in the contact-form tracking event.
 */
export function BookingForm({
  services,
  initialCategory,
  initialService,
  formName = "booking",
}: {
  services: readonly PublicService[];
  initialCategory?: string | null;
  initialService?: string | null;
  formName?: string;
}) {
  const toast = useToast();
  const category = SERVICE_CATEGORIES.some((c) => c.id === initialCategory)
    ? (initialCategory ?? "")
    : "";
  const defaultValues = useMemo(
    () => ({
      ...EMPTY,
      category,
      service: matchServiceFromUrl(initialService, bookableServicesFor(category, services)),
    }),
    [category, initialService, services],
  );
  const hydrated = useHydrated();
  const { ref: formRef, phase } = useReveal<HTMLFormElement>();
  const { form, field, submit, reset, showErrors } = useSchemaForm({
    initialValues: defaultValues,
    schema: validation,
    // A Sunday is refused as soon as it is picked, not only on submit (issue 28 item 3).
    liveFields: ["date"],
    formRef,
  });
  const errors = form.errors;

  // A new ?category=&service= on the same page (a booking link followed from this page) refills
  // the form; the first render already has them as initial values.
  const firstDefaults = useRef(defaultValues);
  useEffect(() => {
    if (firstDefaults.current === defaultValues) return;
    firstDefaults.current = defaultValues;
    reset(defaultValues);
  }, [defaultValues, reset]);

  const chosenCategory = form.useWatchValue("category");
  const options = useMemo(
    () => (chosenCategory ? bookableServicesFor(chosenCategory, services) : []),
    [chosenCategory, services],
  );
  const dateWindow = bookingWindow();
  const chosenService = form.useWatchValue("service");
  const needsConsultation = options.find((s) => s.id === chosenService && s.consultationFirst);
  const consultationId = matchServiceFromUrl("Consultation", options);
  const chosenDate = form.useWatchValue("date");
  const [refresh, setRefresh] = useState(0);
  const slots = useAvailability(chosenService, chosenDate, refresh);
  const unavailable = new Set(slots?.filter((s) => !s.available).map((s) => s.time));
  const [hold, setHold] = useState<HoldAnswer | null>(null);

  const onSubmit = submit(async (values) => {
    const chosen = bookableServicesFor(values.category, services).find(
      (s) => s.id === values.service,
    );
    const serviceName = chosen?.name ?? values.service;
    track({
      name: "schedule-attempt",
      payload: { serviceName, serviceId: values.service, step: "submit" },
    });
    try {
      // The form holds the time (issue 32): a deposit to pay next, or booked when none is due.
      const held = await apiRequest<HoldAnswer>("POST", "/api/bookings/hold", {
        name: values.name,
        email: values.email,
        phone: values.phone,
        service: values.service,
        date: composeBookingDate(values.date, values.time),
        message: values.message ?? "",
      });
      // Submitted (spec §8's toast, the form reset); the panel below takes the deposit next.
      setHold(held);
      toast({
        title: "Booking Submitted",
        description: "Thank you! We will contact you soon to confirm your appointment.",
        duration: 5000,
      });
      track({
        name: "service-booking",
        payload: {
          serviceName,
          serviceId: values.service,
          price: numericPrice(chosen?.price ?? null) ?? 0,
          currency: "NGN",
        },
      });
      track({ name: "contact-form", payload: { formName } });
      reset(EMPTY);
    } catch (error) {
      // The server's own field messages (a slot that has just passed, an unknown service) go on
      // the fields they concern. A time that became unavailable (409) says why, never 'Please
      // try again' (issue 32); the greyed times are refreshed.
      const fields = Object.fromEntries(
        Object.entries(apiFieldErrors(error)).filter(([name]) => name in EMPTY),
      );
      showErrors(fields);
      const conflict = error instanceof ApiError && error.status === 409 && error.serverMessage;
      if (conflict) setRefresh((n) => n + 1);
      toast({
        title: "Booking Failed",
        description: conflict || "Please try again or contact us directly.",
        variant: "destructive",
      });
    }
  });

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      onFocus={validation.preload}
      noValidate
      className={clsx("grid gap-5 sm:grid-cols-2", revealClassName(phase))}
      aria-label="Book an appointment"
    >
      <FormField label="Full name" error={errors.name}>
        {(props) => (
          <input
            key={form.key("name")}
            {...props}
            {...field("name")}
            autoComplete="name"
            className={inputClass}
          />
        )}
      </FormField>
      <FormField label="Email address" error={errors.email}>
        {(props) => (
          <input
            key={form.key("email")}
            {...props}
            {...field("email")}
            type="email"
            autoComplete="email"
            className={inputClass}
          />
        )}
      </FormField>
      <FormField label="Phone number" error={errors.phone}>
        {(props) => (
          <input
            key={form.key("phone")}
            {...props}
            {...field("phone")}
            type="tel"
            autoComplete="tel"
            placeholder="0803 123 4567"
            className={inputClass}
          />
        )}
      </FormField>
      <FormField label="Treatment category" error={errors.category}>
        {(props) => (
          <select
            key={form.key("category")}
            {...props}
            {...withChange(field("category"), () => {
              // A new category narrows the list, so the chosen service no longer applies.
              form.setFieldValue("service", "");
            })}
            className={inputClass}
          >
            <option value="">Select a category</option>
            {SERVICE_CATEGORIES.map((c) => (
              <option key={c.id} value={c.id}>
                {c.bookingName}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Service" error={errors.service}>
        {(props) => (
          <select
            key={form.key("service")}
            {...props}
            {...withChange(field("service"), (id) => {
              const option = options.find((s) => s.id === id);
              if (option) {
                track({
                  name: "schedule-attempt",
                  payload: { serviceName: option.name, serviceId: id, step: "select-service" },
                });
              }
            })}
            disabled={!chosenCategory}
            className={inputClass}
          >
            <option value="">
              {chosenCategory ? "Select a service" : "Select a category first"}
            </option>
            {options.map((s) => (
              <option key={s.id} value={s.id}>
                {serviceOptionLabel(s)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {needsConsultation && (
        <div
          role="note"
          className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:col-span-2"
        >
          <p>
            <strong>Consultation Required</strong>: {needsConsultation.name} starts with a
            consultation with our clinical team, who check the treatment is safe for you. Book the
            consultation first; you may still send this request and we will advise you.
          </p>
          {consultationId && (
            <button
              type="button"
              onClick={() => form.setFieldValue("service", consultationId)}
              className="mt-3 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
            >
              Book Consultation
            </button>
          )}
        </div>
      )}
      <FormField label="Preferred date" error={errors.date}>
        {(props) => (
          <input
            key={form.key("date")}
            {...props}
            {...field("date")}
            type="date"
            min={dateWindow.min}
            max={dateWindow.max}
            className={inputClass}
          />
        )}
      </FormField>
      <FormField label="Preferred time" error={errors.time}>
        {(props) => (
          <select key={form.key("time")} {...props} {...field("time")} className={inputClass}>
            <option value="">Select a time</option>
            {TIME_SLOTS.map((slot) => (
              <option key={slot} value={slot} disabled={unavailable.has(slot)}>
                {slot}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {slots && unavailable.size > 0 && (
        <p className="-mt-3 text-sm text-gray-600 sm:col-span-2">{GREYED_HINT}</p>
      )}
      <FormField label="Message (optional)" error={errors.message} className="sm:col-span-2">
        {(props) => (
          <textarea
            key={form.key("message")}
            {...props}
            {...field("message")}
            rows={4}
            className={inputClass}
          />
        )}
      </FormField>
      {hold && (
        <Suspense fallback={<p className="sm:col-span-2">Loading…</p>}>
          <DepositPanel
            key={hold.appointmentId}
            hold={hold}
            onPaid={() => setRefresh((n) => n + 1)}
          />
        </Suspense>
      )}
      <div className="sm:col-span-2">
        <button
          type="submit"
          // Until the script has hydrated the form a tap would submit it natively (a reload that
          // loses what was typed), so the button waits for it.
          disabled={form.submitting || !hydrated}
          className="w-full rounded-md bg-brand-700 px-6 py-3 font-semibold text-white transition hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto"
        >
          {form.submitting ? "Submitting..." : "Book Appointment"}
        </button>
        <p className="mt-3 text-sm text-gray-600">
          A booking fee of {formatNaira(BOOKING_FEE)} secures your appointment, paid online when you
          book and credited to your visit; free consultation for first-time clients. Cancellations
          need {CANCELLATION_NOTICE_HOURS} hours notice.
        </p>
      </div>
    </form>
  );
}

const inputClass = fieldInputClass;
