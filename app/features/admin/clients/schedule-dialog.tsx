/**
 * Schedule Appointment (admin spec §2, §4, §5 "Schedule appointment", §8): service, date and
 * time (Lagos, the calendar's half hours), optional staff member and notes → the calendar's
 * POST /api/appointments with status scheduled, so the calendar's no-overlap rule decides; a
 * clash shows the server's message. Schedule stays disabled until service and date-time are
 * chosen. The form's values are checked as the payload they become by the calendar's
 * `appointmentInputSchema`, as on the server (the client's own details, e.g. no phone on file,
 * are left to the server, whose message shows as today).
 */

import { useEffect } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { SelectField, TextAreaField, TextField } from "#app/features/admin/kit/fields.tsx";
import { FormDialog } from "#app/features/admin/kit/form-dialog.tsx";
import { serverMessageOr, useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { apiRequest } from "#app/lib/api.ts";
import { appointmentInputSchema, CALENDAR_SLOTS, type CalendarStaff } from "#common/calendar.ts";
import { CLIENT_MESSAGES, type ClientRecord } from "#common/clients.ts";

type FormValues = { serviceId: string; date: string; time: string; staffId: string; notes: string };
type Context = { client: ClientRecord; services: Array<{ id: number; name: string }> };
const EMPTY: FormValues = { serviceId: "", date: "", time: "", staffId: "", notes: "" };

/** The POST /api/appointments body for the client, a scheduled appointment. */
function toPayload(values: FormValues, { client, services }: Context) {
  const service = services.find((s) => String(s.id) === values.serviceId);
  return {
    customerName: client.name,
    customerEmail: client.email,
    customerPhone: client.phone ?? "",
    serviceId: service?.id ?? 0,
    serviceName: service?.name ?? "",
    appointmentDate: `${values.date} ${values.time}`,
    status: "scheduled",
    notes: values.notes.trim() || null,
    staffId: values.staffId === "" ? null : Number(values.staffId),
  };
}

const resolver: Resolver<FormValues, Context> = async (values, context) => {
  if (!context) return { values, errors: {} };
  const result = appointmentInputSchema.safeParse(toPayload(values, context));
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<FormValues> = {};
  for (const issue of result.error.issues) {
    const path = issue.path[0];
    const field =
      path === "serviceId" || path === "serviceName"
        ? "serviceId"
        : path === "appointmentDate"
          ? "date"
          : path === "staffId" || path === "notes"
            ? path
            : null;
    if (field) errors[field] ??= { type: "validation", message: issue.message };
  }
  // The client record's own details (name, email, phone) are not on this form: the server
  // judges them, with the same schema and message.
  return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors };
};

export function ScheduleDialog({
  open,
  onOpenChange,
  client,
  services,
  staff,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  client: ClientRecord;
  services: Array<{ id: number; name: string }>;
  staff: CalendarStaff[];
}) {
  const form = useForm<FormValues, Context>({
    resolver,
    context: { client, services },
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, reset, setError, watch, formState } = form;
  const errors = formState.errors;
  useEffect(() => {
    if (!open) reset(EMPTY);
  }, [open, reset]);
  const [serviceId, date, time] = watch(["serviceId", "date", "time"]);
  const ready = Boolean(services.some((s) => String(s.id) === serviceId) && date && time);
  const save = useAdminMutation({
    success: {
      title: CLIENT_MESSAGES.appointmentCreated,
      description: CLIENT_MESSAGES.appointmentCreatedText,
    },
    failure: serverMessageOr(CLIENT_MESSAGES.appointmentFailed),
    failureTitle: CLIENT_MESSAGES.appointmentFailed,
    onSuccess: () => onOpenChange(false),
    onError: (e) =>
      setError("root", { message: serverMessageOr(CLIENT_MESSAGES.appointmentFailed)(e) }),
  });
  const alert = errors.root?.message;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Schedule Appointment"
      intro={
        <p className="mt-1 text-sm text-gray-700">
          For {client.name} ({client.email})
        </p>
      }
      onSubmit={handleSubmit((values) =>
        save.run(() =>
          apiRequest("POST", "/api/appointments", toPayload(values, { client, services })),
        ),
      )}
      dirty={formState.isDirty}
      pending={save.pending}
      submitLabel="Schedule"
      pendingLabel="Schedule"
      submitDisabled={!ready}
      noValidate={false}
      className=""
      formClassName="mt-4 grid gap-4"
      footerClassName="flex justify-end gap-2"
    >
      <SelectField label="Service" error={errors.serviceId?.message} {...register("serviceId")}>
        <option value="">Select a service</option>
        {services.map((s) => (
          <option key={s.id} value={String(s.id)}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Date" type="date" error={errors.date?.message} {...register("date")} />
        <SelectField label="Time" error={errors.time?.message} {...register("time")}>
          <option value="">Select a time</option>
          {CALENDAR_SLOTS.map((slot) => (
            <option key={slot} value={slot}>
              {slot}
            </option>
          ))}
        </SelectField>
      </div>
      <SelectField
        label="Staff (optional)"
        error={errors.staffId?.message}
        {...register("staffId")}
      >
        <option value="">Any staff member</option>
        {staff.map((s) => (
          <option key={s.id} value={String(s.id)}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <TextAreaField label="Notes" error={errors.notes?.message} {...register("notes")} />
      {alert && (
        <p role="alert" className="text-sm text-red-700">
          {alert}
        </p>
      )}
    </FormDialog>
  );
}
