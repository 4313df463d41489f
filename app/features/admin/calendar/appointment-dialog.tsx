/**
 * The New Booking dialog of the calendar (admin spec §5 "New appointment form", §8): client name,
 * email and phone, service, staff (optional), date and time (Lagos, the grid's half hours),
 * duration (the service's, else 60), group size 1–10, recurrence (daily, weekly or monthly with
 * an interval and an end date) and notes → POST /api/appointments. Duplicate opens it prefilled
 * with the copy and no date or time (issue 28 item 4). Validation is the shared
 * `appointmentInputSchema` with the spec's messages; a clash (409) shows the server's message;
 * a consultation-first service without a consultation on record shows the refusal and, for a
 * clinician, the override (issue 30); a refusal for working time offers a manager "Book outside
 * working hours" with a reason (decision 0240).
 */
import { useEffect, useState } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { useConsultationOverride } from "#app/features/admin/kit/consultation-override.tsx";
import { SelectField, TextAreaField, TextField } from "#app/features/admin/kit/fields.tsx";
import { FormDialog } from "#app/features/admin/kit/form-dialog.tsx";
import { serverMessageOr, useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { ApiError, apiRequest } from "#app/lib/api.ts";
import {
  type AppointmentInput,
  appointmentInputSchema,
  CALENDAR_SLOTS,
  type CalendarService,
  type CalendarStaff,
  DEFAULT_APPOINTMENT_MINUTES,
  DEFAULT_RECURRENCE_INTERVAL,
  DEFAULT_RECURRENCE_TYPE,
  GROUP_SIZE_MAX,
  GROUP_SIZE_MIN,
  RECURRENCE_TYPES,
  type RecurrenceType,
} from "#common/calendar.ts";
import { RefusalNotes } from "./refusal-notes.tsx";
import { useWorkingHoursOverride } from "./working-hours-override.tsx";

type FormValues = {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  serviceId: string;
  staffId: string;
  date: string;
  time: string;
  duration: string;
  groupSize: string;
  isRecurring: boolean;
  recurrenceType: RecurrenceType;
  recurrenceInterval: string;
  endDate: string;
  notes: string;
};

/** The form's values as the POST /api/appointments payload. */
function toPayload(v: FormValues): AppointmentInput {
  return {
    customerName: v.customerName,
    customerEmail: v.customerEmail,
    customerPhone: v.customerPhone,
    serviceId: v.serviceId === "" ? 0 : Number(v.serviceId),
    appointmentDate: v.date && v.time ? `${v.date} ${v.time}` : "",
    staffId: v.staffId === "" ? null : Number(v.staffId),
    duration: v.duration === "" ? undefined : Number(v.duration),
    groupSize: Number(v.groupSize),
    notes: v.notes.trim() === "" ? null : v.notes,
    status: "scheduled",
    isRecurring: v.isRecurring,
    recurrenceType: v.recurrenceType,
    recurrenceInterval: Number(v.recurrenceInterval),
    endDate: v.isRecurring ? v.endDate : null,
  };
}

/** Where a payload field's message shows on the form. */
function formFieldOf(field: string): keyof FormValues | null {
  if (field === "appointmentDate") return "date";
  // The working-time refusal and its reason show in the override box, not under a field.
  if (field === "overrideWorkingHours" || field === "overrideReason") return null;
  if (field === "isGroupBooking") return "groupSize";
  const known: Array<keyof FormValues> = [
    "customerName",
    "customerEmail",
    "customerPhone",
    "serviceId",
    "staffId",
    "duration",
    "groupSize",
    "recurrenceType",
    "recurrenceInterval",
    "endDate",
    "notes",
  ];
  return known.includes(field as keyof FormValues) ? (field as keyof FormValues) : "date";
}

const resolver: Resolver<FormValues> = async (values) => {
  const result = appointmentInputSchema.safeParse(toPayload(values));
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<FormValues> = {};
  for (const issue of result.error.issues) {
    const field = formFieldOf(String(issue.path[0] ?? "date")) ?? "date";
    if (!errors[field]) errors[field] = { type: "validation", message: issue.message };
  }
  return { values: {}, errors };
};

/**
 * The form as Duplicate opens it (admin spec §4, issue 28 item 4): the copy's '(Copy)' name and
 * 'Duplicate of …' notes, the original's client, service, member, duration and group size, and
 * no date or time, which the front desk picks for the copy.
 */
function duplicateValues(copy: AppointmentInput): FormValues {
  return {
    ...emptyValues("", typeof copy.staffId === "number" ? copy.staffId : null, ""),
    customerName: copy.customerName,
    customerEmail: copy.customerEmail,
    customerPhone: copy.customerPhone,
    serviceId: copy.serviceId ? String(copy.serviceId) : "",
    duration: String(copy.duration ?? DEFAULT_APPOINTMENT_MINUTES),
    groupSize: String(copy.groupSize ?? GROUP_SIZE_MIN),
    notes: copy.notes ?? "",
  };
}

function emptyValues(date: string, staffId: number | null, time = "10:00"): FormValues {
  return {
    customerName: "",
    customerEmail: "",
    customerPhone: "",
    serviceId: "",
    staffId: staffId ? String(staffId) : "",
    date,
    time,
    duration: String(DEFAULT_APPOINTMENT_MINUTES),
    groupSize: String(GROUP_SIZE_MIN),
    isRecurring: false,
    recurrenceType: DEFAULT_RECURRENCE_TYPE,
    recurrenceInterval: String(DEFAULT_RECURRENCE_INTERVAL),
    endDate: "",
    notes: "",
  };
}

export function AppointmentDialog({
  open,
  onOpenChange,
  services,
  staff,
  defaultDate,
  defaultTime,
  defaultStaffId,
  copyOf = null,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  services: readonly CalendarService[];
  staff: readonly CalendarStaff[];
  defaultDate: string;
  /** 'HH:MM' of the grid slot that was clicked; 10:00 otherwise. */
  defaultTime?: string;
  defaultStaffId: number | null;
  /** Duplicate: the copy to prefill (`duplicateOf`); its date and time are left to choose. */
  copyOf?: AppointmentInput | null;
}) {
  const form = useForm<FormValues>({ resolver, defaultValues: emptyValues(defaultDate, null) });
  const { register, handleSubmit, reset, formState, watch, setValue, setFocus } = form;
  const errors = formState.errors;
  const [clash, setClash] = useState<string | null>(null);
  const consultation = useConsultationOverride();
  const resetConsultation = consultation.reset;
  const override = useWorkingHoursOverride();
  const resetOverride = override.reset;
  const save = useAdminMutation<unknown, FormValues>({
    success: {
      title: "Appointment Created",
      description: "New appointment has been scheduled successfully.",
    },
    failure: serverMessageOr("Failed to create booking"),
    failureTitle: "Failed to create booking",
    form,
    fieldFor: (field) => (field === "overrideConsultation" ? null : formFieldOf(field)),
    onSuccess: () => onOpenChange(false),
    onError: (error) => {
      consultation.learn(error);
      override.noteRefusal(error);
      setClash(
        error instanceof ApiError && error.status === 409 ? (error.serverMessage ?? null) : null,
      );
    },
  });

  useEffect(() => {
    if (!open) return;
    setClash(null);
    resetConsultation();
    resetOverride();
    if (!copyOf) {
      reset(emptyValues(defaultDate, defaultStaffId, defaultTime));
      return;
    }
    reset(duplicateValues(copyOf));
    // After the dialog's own first focus: the copy's new date is what is asked for.
    const timer = setTimeout(() => setFocus("date"), 0);
    return () => clearTimeout(timer);
  }, [
    open,
    defaultDate,
    defaultStaffId,
    defaultTime,
    copyOf,
    reset,
    setFocus,
    resetConsultation,
    resetOverride,
  ]);

  const recurring = watch("isRecurring");
  const serviceField = register("serviceId", {
    onChange: (e: { target: { value: string } }) => {
      const chosen = services.find((s) => String(s.id) === e.target.value);
      setValue("duration", String(chosen?.duration ?? DEFAULT_APPOINTMENT_MINUTES));
    },
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="New Booking"
      intro={
        copyOf && (
          <p className="mt-1 text-sm text-gray-700">
            Duplicate: choose the date and time of the copy.
          </p>
        )
      }
      onSubmit={handleSubmit((values) => {
        if (!override.ready()) return;
        const body = { ...toPayload(values), ...consultation.payload(), ...override.payload() };
        return save.run(() => apiRequest("POST", "/api/appointments", body));
      })}
      dirty={formState.isDirty}
      pending={save.pending}
      submitLabel="Create Booking"
      pendingLabel="Saving…"
      className="max-w-2xl"
    >
      <TextField
        label="Client Name"
        autoComplete="off"
        error={errors.customerName?.message}
        {...register("customerName")}
      />
      <TextField
        label="Client Email"
        type="email"
        autoComplete="off"
        error={errors.customerEmail?.message}
        {...register("customerEmail")}
      />
      <TextField
        label="Client Phone"
        type="tel"
        autoComplete="off"
        error={errors.customerPhone?.message}
        {...register("customerPhone")}
      />
      <SelectField label="Service" error={errors.serviceId?.message} {...serviceField}>
        <option value="">Select a service</option>
        {services.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Staff Member" error={errors.staffId?.message} {...register("staffId")}>
        <option value="">Unassigned</option>
        {staff.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <div className="grid grid-cols-2 gap-2">
        <TextField label="Date" type="date" error={errors.date?.message} {...register("date")} />
        <SelectField label="Time" error={errors.time?.message} {...register("time")}>
          {copyOf && <option value="">Choose a time</option>}
          {CALENDAR_SLOTS.map((slot) => (
            <option key={slot} value={slot}>
              {slot}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        label="Duration (minutes)"
        type="number"
        min={5}
        step={5}
        error={errors.duration?.message}
        {...register("duration")}
      />
      <TextField
        label="Group Size"
        type="number"
        min={GROUP_SIZE_MIN}
        max={GROUP_SIZE_MAX}
        error={errors.groupSize?.message}
        {...register("groupSize")}
      />
      <label className="flex items-center gap-2 text-sm font-medium text-gray-800 sm:col-span-2">
        <input type="checkbox" className="h-4 w-4" {...register("isRecurring")} />
        Recurring appointment
      </label>
      {recurring && (
        <>
          <SelectField
            label="Repeat"
            error={errors.recurrenceType?.message}
            {...register("recurrenceType")}
          >
            {RECURRENCE_TYPES.map((t) => (
              <option key={t} value={t}>
                {t[0]?.toUpperCase()}
                {t.slice(1)}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Repeat Every"
            type="number"
            min={1}
            max={12}
            error={errors.recurrenceInterval?.message}
            {...register("recurrenceInterval")}
          />
          <TextField
            label="End Date"
            type="date"
            error={errors.endDate?.message}
            {...register("endDate")}
          />
        </>
      )}
      <TextAreaField
        label="Notes"
        className="sm:col-span-2"
        error={errors.notes?.message}
        {...register("notes")}
      />
      <RefusalNotes clash={clash} consultation={consultation} override={override} />
    </FormDialog>
  );
}
