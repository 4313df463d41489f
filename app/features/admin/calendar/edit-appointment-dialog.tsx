/**
 * Edit Appointment (issue 28 item 2): therapist (or Unassigned), service (its duration comes
 * with it), date and start (15-minute steps), duration and notes of a stored appointment, from
 * the details dialog → PATCH /api/appointments/{id}. Validation is the shared
 * `appointmentEditSchema` with New Booking's messages; a clash (409) shows the server's message
 * in the dialog, as New Booking does, and so does the consultation refusal with its override
 * for a clinician (issue 30); a refusal for working time offers a manager "Book outside working
 * hours" with a reason (decision 0240). This is also the keyboard way to do what the grid's drag
 * does.
 */
import { useEffect, useRef, useState } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { useConsultationOverride } from "#app/features/admin/kit/consultation-override.tsx";
import { SelectField, TextAreaField, TextField } from "#app/features/admin/kit/fields.tsx";
import { FormDialog } from "#app/features/admin/kit/form-dialog.tsx";
import { useRecordSave } from "#app/features/admin/kit/use-record-save.ts";
import { ApiError } from "#app/lib/api.ts";
import {
  APPOINTMENT_EDIT_TIMES,
  type Appointment,
  type AppointmentEdit,
  appointmentEditSchema,
  type CalendarService,
  type CalendarStaff,
  DEFAULT_APPOINTMENT_MINUTES,
} from "#common/calendar.ts";
import { lagosClock, lagosDate } from "#common/lagos-time.ts";
import { RefusalNotes } from "./refusal-notes.tsx";
import { useWorkingHoursOverride } from "./working-hours-override.tsx";

type FormValues = {
  staffId: string;
  serviceId: string;
  date: string;
  time: string;
  duration: string;
  notes: string;
};

/** The form's values as the PATCH payload. */
function toPayload(v: FormValues): AppointmentEdit {
  return {
    staffId: v.staffId === "" ? null : Number(v.staffId),
    serviceId: v.serviceId === "" ? 0 : Number(v.serviceId),
    appointmentDate: v.date && v.time ? `${v.date} ${v.time}` : "",
    duration: v.duration === "" ? Number.NaN : Number(v.duration),
    notes: v.notes.trim() === "" ? null : v.notes,
  };
}

/** Where a payload field's message shows on the form. */
function formFieldOf(field: string): keyof FormValues | null {
  if (field === "appointmentDate") return "date";
  const known: Array<keyof FormValues> = ["staffId", "serviceId", "duration", "notes"];
  return known.includes(field as keyof FormValues) ? (field as keyof FormValues) : null;
}

const resolver: Resolver<FormValues> = async (values) => {
  const result = appointmentEditSchema.safeParse(toPayload(values));
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<FormValues> = {};
  for (const issue of result.error.issues) {
    const field = formFieldOf(String(issue.path[0] ?? "")) ?? "date";
    if (!errors[field]) errors[field] = { type: "validation", message: issue.message };
  }
  return { values: {}, errors };
};

/**
 * Only what the form changed: an untouched service is not re-sent, so its price and duration as
 * booked stay (the catalogue's may have changed since).
 */
function changesOf(a: Appointment, values: FormValues): Partial<AppointmentEdit> {
  const before = toPayload(valuesOf(a));
  const after = toPayload(values);
  const keys = Object.keys(after) as Array<keyof AppointmentEdit>;
  return Object.fromEntries(keys.filter((k) => after[k] !== before[k]).map((k) => [k, after[k]]));
}

function valuesOf(a: Appointment): FormValues {
  const clock = lagosClock(a.appointmentDate);
  return {
    staffId: a.staffId === null ? "" : String(a.staffId),
    serviceId: a.serviceId === null ? "" : String(a.serviceId),
    date: lagosDate(new Date(a.appointmentDate)),
    time: clock,
    duration: String(a.duration),
    notes: a.notes ?? "",
  };
}

export function EditAppointmentDialog({
  appointment,
  onOpenChange,
  services,
  staff,
}: {
  /** The appointment being edited; null: closed. */
  appointment: Appointment | null;
  onOpenChange: (open: boolean) => void;
  services: readonly CalendarService[];
  staff: readonly CalendarStaff[];
}) {
  const form = useForm<FormValues>({ resolver });
  const { register, handleSubmit, reset, formState, setValue } = form;
  const errors = formState.errors;
  const [clash, setClash] = useState<string | null>(null);
  const consultation = useConsultationOverride();
  const resetConsultation = consultation.reset;
  const override = useWorkingHoursOverride();
  const resetOverride = override.reset;
  const save = useRecordSave<Appointment, FormValues>({
    path: "/api/appointments",
    id: appointment?.id,
    form,
    fieldFor: formFieldOf,
    texts: {
      created: { title: "Appointment updated successfully!" },
      updated: { title: "Appointment updated successfully!" },
      createFailed: "Failed to update appointment",
      updateFailed: (error) =>
        (error instanceof ApiError && error.serverMessage) || "Failed to update appointment",
      updateFailedTitle: "Failed to update appointment",
    },
    onSaved: () => onOpenChange(false),
  });

  // Reset when another appointment is opened, not when the page's data reloads (a refused save
  // reloads it, and the admin's choices must stay in the form).
  const id = appointment?.id ?? null;
  const latest = useRef(appointment);
  latest.current = appointment;
  useEffect(() => {
    if (id === null || !latest.current) return;
    reset(valuesOf(latest.current));
    setClash(null);
    resetConsultation();
    resetOverride();
  }, [id, reset, resetConsultation, resetOverride]);

  const serviceField = register("serviceId", {
    onChange: (e: { target: { value: string } }) => {
      const chosen = services.find((s) => String(s.id) === e.target.value);
      setValue("duration", String(chosen?.duration ?? DEFAULT_APPOINTMENT_MINUTES), {
        shouldDirty: true,
      });
    },
  });
  const time = appointment ? lagosClock(appointment.appointmentDate) : "";
  const times = APPOINTMENT_EDIT_TIMES.includes(time)
    ? APPOINTMENT_EDIT_TIMES
    : [...APPOINTMENT_EDIT_TIMES, time].filter(Boolean).sort();
  // A member no longer in the list (archived) still shows as the current choice.
  const current = appointment?.staffId ?? null;
  const members =
    current !== null && !staff.some((s) => s.id === current)
      ? [...staff, { id: current, name: appointment?.staffName ?? `Staff #${current}` }]
      : staff;

  return (
    <FormDialog
      open={appointment !== null}
      onOpenChange={onOpenChange}
      title="Edit Appointment"
      intro={
        appointment && (
          <p className="mt-1 text-sm text-gray-700">
            {appointment.customerName} · {appointment.serviceName}
          </p>
        )
      }
      onSubmit={handleSubmit(async (values) => {
        if (!appointment) return;
        if (!override.ready()) return;
        setClash(null);
        const patch = changesOf(appointment, values);
        if (Object.keys(patch).length === 0) return onOpenChange(false);
        const outcome = await save.run({
          ...patch,
          ...consultation.payload(),
          ...override.payload(),
        });
        if (!outcome.ok) {
          consultation.learn(outcome.error);
          override.noteRefusal(outcome.error);
        }
        if (!outcome.ok && outcome.error instanceof ApiError && outcome.error.status === 409) {
          setClash(outcome.error.serverMessage ?? null);
        }
      })}
      dirty={formState.isDirty}
      pending={save.pending}
      submitLabel="Save Changes"
      pendingLabel="Saving…"
    >
      <SelectField label="Staff Member" error={errors.staffId?.message} {...register("staffId")}>
        <option value="">Unassigned</option>
        {members.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Service" error={errors.serviceId?.message} {...serviceField}>
        <option value="">Select a service</option>
        {services.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <TextField label="Date" type="date" error={errors.date?.message} {...register("date")} />
      <SelectField label="Time" error={errors.time?.message} {...register("time")}>
        {times.map((slot) => (
          <option key={slot} value={slot}>
            {slot}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Duration (minutes)"
        type="number"
        min={5}
        step={5}
        error={errors.duration?.message}
        {...register("duration")}
      />
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
