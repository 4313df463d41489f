/**
 * Add Booking and Edit dialogs (admin spec §2 "Bookings management", §5 "Booking form", §8):
 * name, email, phone, service, date and time (any half hour 08:00–19:30, Lagos), message.
 * Add posts to /api/bookings, Edit patches /api/bookings/{id}.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { DialogContent, DialogRoot, DialogTitle } from "#app/components/ui/dialog.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { adminButton, SelectField, TextAreaField, TextField } from "#app/features/admin/ui.tsx";
import { apiFieldErrors, apiRequest } from "#app/lib/api.ts";
import {
  ADMIN_BOOKING_MESSAGES,
  adminBookingSchema,
  CALENDAR_FIRST_SLOT_MINUTES,
  CALENDAR_LAST_SLOT_MINUTES,
  composeBookingDate,
  lagosDate,
  lagosTime,
} from "#common/booking.ts";

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

const formSchema = adminBookingSchema.omit({ date: true, service: true }).extend({
  service: z.string().min(1, ADMIN_BOOKING_MESSAGES.service),
  date: z.string().min(1, ADMIN_BOOKING_MESSAGES.date),
  time: z.string().min(1, "Time is required"),
});
type FormValues = z.infer<typeof formSchema>;

const EMPTY: FormValues = {
  name: "",
  email: "",
  phone: "",
  service: "",
  date: "",
  time: "10:00 AM",
  message: "",
};

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
  onSaved: () => void;
}) {
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: EMPTY });
  const { register, handleSubmit, reset, setError, formState } = form;
  const errors = formState.errors;

  useEffect(() => {
    if (open) reset(valuesOf(booking));
  }, [open, booking, reset]);

  const editing = booking !== null;
  const serviceOptions =
    booking && !services.some((s) => s.id === booking.service)
      ? [...services, { id: booking.service, name: booking.service }]
      : services;

  async function onSubmit(values: FormValues) {
    const payload = {
      name: values.name,
      email: values.email,
      phone: values.phone,
      service: values.service,
      date: composeBookingDate(values.date, values.time),
      message: values.message ?? "",
    };
    setSaving(true);
    try {
      if (booking) await apiRequest("PATCH", `/api/bookings/${booking.id}`, payload);
      else await apiRequest("POST", "/api/bookings", payload);
      toast({ title: editing ? "Booking updated successfully!" : "Booking created successfully!" });
      onOpenChange(false);
      onSaved();
    } catch (error) {
      for (const [field, message] of Object.entries(apiFieldErrors(error))) {
        const key = (field in EMPTY ? field : "date") as keyof FormValues;
        setError(key, { message });
      }
      toast({
        title: "Error",
        description: editing ? "Failed to update booking" : "Failed to create booking",
        variant: "destructive",
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogTitle className="text-xl font-semibold text-ink">
          {editing ? "Edit Booking" : "Add Booking"}
        </DialogTitle>
        <form
          noValidate
          onSubmit={handleSubmit(onSubmit)}
          className="mt-4 grid gap-4 sm:grid-cols-2"
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
          <div className="flex justify-end gap-2 sm:col-span-2">
            <button
              type="button"
              className={adminButton.outline}
              onClick={() => onOpenChange(false)}
            >
              Cancel
            </button>
            <button type="submit" className={adminButton.primary} disabled={saving}>
              {saving ? "Saving..." : editing ? "Update Booking" : "Create Booking"}
            </button>
          </div>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
