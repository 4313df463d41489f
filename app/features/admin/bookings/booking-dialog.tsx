/**
 * Add Booking and Edit dialogs (admin spec §2 "Bookings management", §5 "Booking form", §8):
 * name, email, phone, service, date and time (any half hour 08:00–19:30, Lagos), message.
 * Add posts to /api/bookings, Edit patches /api/bookings/{id}. Validation is the shared
 * `adminBookingFormSchema` (common/booking.ts) with the spec's messages; the server's field
 * messages land on the fields (useAdminMutation).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { SelectField, TextAreaField, TextField } from "#app/features/admin/kit/fields.tsx";
import { FormDialog } from "#app/features/admin/kit/form-dialog.tsx";
import { useRecordSave } from "#app/features/admin/kit/use-record-save.ts";
import {
  type AdminBookingFormValues,
  adminBookingFormSchema,
  composeBookingDate,
} from "#common/booking.ts";
import {
  CALENDAR_FIRST_SLOT_MINUTES,
  CALENDAR_LAST_SLOT_MINUTES,
  lagosDate,
  lagosTime,
} from "#common/lagos-time.ts";

export type ServiceOption = { id: string; name: string };

export type EditableBooking = {
  id: number;
  name: string;
  email: string;
  phone: string;
  service: string;
  date: string;
  message: string | null;
};

/** Half-hour labels from 08:00 to 19:30, e.g. '8:00 AM' … '7:30 PM'. */
export const ADMIN_TIME_SLOTS: string[] = (() => {
  const slots: string[] = [];
  for (let m = CALENDAR_FIRST_SLOT_MINUTES; m <= CALENDAR_LAST_SLOT_MINUTES; m += 30) {
    const h = Math.floor(m / 60);
    slots.push(`${h % 12 || 12}:${String(m % 60).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`);
  }
  return slots;
})();

type FormValues = AdminBookingFormValues;
type Parsed = z.output<typeof adminBookingFormSchema>;

const EMPTY: FormValues = {
  name: "",
  email: "",
  phone: "",
  service: "",
  date: "",
  time: "10:00 AM",
  message: "",
};

const FORM_FIELDS = Object.keys(EMPTY) as Array<keyof FormValues>;

function valuesOf(b: EditableBooking | null): FormValues {
  if (!b) return EMPTY;
  const at = new Date(b.date);
  return {
    name: b.name,
    email: b.email,
    phone: b.phone,
    service: b.service,
    date: lagosDate(at),
    time: lagosTime(at),
    message: b.message ?? "",
  };
}

export function BookingDialog({
  open,
  onOpenChange,
  booking,
  services,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The booking to edit, or null to add one. */
  booking: EditableBooking | null;
  services: readonly ServiceOption[];
  /** Called after a successful save, before the page's data is refreshed. */
  onSaved?: () => void;
}) {
  const form = useForm<FormValues, unknown, Parsed>({
    resolver: zodResolver(adminBookingFormSchema),
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, reset, formState } = form;
  const errors = formState.errors;
  const editing = booking !== null;
  const save = useRecordSave({
    path: "/api/bookings",
    id: booking?.id,
    form,
    texts: {
      created: { title: "Booking created successfully!" },
      updated: { title: "Booking updated successfully!" },
      createFailed: "Failed to create booking",
      updateFailed: "Failed to update booking",
    },
    // The server names a bad time 'time' or folds it into 'date'; anything else unknown is the date.
    fieldFor: (field) =>
      (FORM_FIELDS.includes(field as keyof FormValues) ? field : "date") as keyof FormValues,
    onSaved: () => {
      onOpenChange(false);
      onSaved?.();
    },
  });

  useEffect(() => {
    if (open) reset(valuesOf(booking));
  }, [open, booking, reset]);

  const serviceOptions =
    booking && !services.some((s) => s.id === booking.service)
      ? [...services, { id: booking.service, name: booking.service }]
      : services;

  function onSubmit(values: Parsed) {
    const payload = {
      name: values.name,
      email: values.email,
      phone: values.phone,
      service: values.service,
      date: composeBookingDate(values.date, values.time),
      message: values.message ?? "",
    };
    return save.run(payload);
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? "Edit Booking" : "Add Booking"}
      onSubmit={handleSubmit(onSubmit)}
      dirty={formState.isDirty}
      pending={save.pending}
      submitLabel={editing ? "Update Booking" : "Create Booking"}
    >
      <TextField
        label="Name"
        autoComplete="off"
        error={errors.name?.message}
        {...register("name")}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register("email")}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="off"
        error={errors.phone?.message}
        {...register("phone")}
      />
      <SelectField label="Service" error={errors.service?.message} {...register("service")}>
        <option value="">Select a service</option>
        {serviceOptions.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <TextField label="Date" type="date" error={errors.date?.message} {...register("date")} />
      <SelectField label="Time" error={errors.time?.message} {...register("time")}>
        {ADMIN_TIME_SLOTS.map((slot) => (
          <option key={slot} value={slot}>
            {slot}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        className="sm:col-span-2"
        label="Message (optional)"
        error={errors.message?.message}
        {...register("message")}
      />
    </FormDialog>
  );
}
