/**
 * Schedule Appointment (admin spec §2, §4, §5 "Schedule appointment", §8): service, date and
 * time (Lagos, the calendar's half hours), optional staff member and notes → the calendar's
 * POST /api/appointments with status scheduled, so the calendar's no-overlap rule decides; a
 * clash shows the server's message. Schedule stays disabled until service and date-time are
 * chosen.
 */
import { useEffect, useState } from "react";
import { SelectField, TextAreaField, TextField } from "#app/features/admin/kit/fields.tsx";
import { FormDialog } from "#app/features/admin/kit/form-dialog.tsx";
import { serverMessageOr, useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { apiRequest } from "#app/lib/api.ts";
import { CALENDAR_SLOTS, type CalendarStaff } from "#common/calendar.ts";
import { CLIENT_MESSAGES, type ClientRecord } from "#common/clients.ts";

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
  const [serviceId, setServiceId] = useState("");
  const [date, setDate] = useState("");
  const [time, setTime] = useState("");
  const [staffId, setStaffId] = useState("");
  const [notes, setNotes] = useState("");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) {
      setServiceId("");
      setDate("");
      setTime("");
      setStaffId("");
      setNotes("");
      setError(null);
    }
  }, [open]);
  const service = services.find((s) => String(s.id) === serviceId);
  const ready = Boolean(service && date && time);
  const save = useAdminMutation({
    success: {
      title: CLIENT_MESSAGES.appointmentCreated,
      description: CLIENT_MESSAGES.appointmentCreatedText,
    },
    failure: serverMessageOr(CLIENT_MESSAGES.appointmentFailed),
    failureTitle: CLIENT_MESSAGES.appointmentFailed,
    onSuccess: () => onOpenChange(false),
    onError: (e) => setError(serverMessageOr(CLIENT_MESSAGES.appointmentFailed)(e)),
  });
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
      onSubmit={(e) => {
        e.preventDefault();
        if (!service) return;
        setError(null);
        void save.run(() =>
          apiRequest("POST", "/api/appointments", {
            customerName: client.name,
            customerEmail: client.email,
            customerPhone: client.phone ?? "",
            serviceId: service.id,
            serviceName: service.name,
            appointmentDate: `${date} ${time}`,
            status: "scheduled",
            notes: notes.trim() || null,
            staffId: staffId === "" ? null : Number(staffId),
          }),
        );
      }}
      dirty={Boolean(serviceId || date || time || staffId || notes)}
      pending={save.pending}
      submitLabel="Schedule"
      pendingLabel="Schedule"
      submitDisabled={!ready}
      noValidate={false}
      className=""
      formClassName="mt-4 grid gap-4"
      footerClassName="flex justify-end gap-2"
    >
      <SelectField label="Service" value={serviceId} onChange={(e) => setServiceId(e.target.value)}>
        <option value="">Select a service</option>
        {services.map((s) => (
          <option key={s.id} value={String(s.id)}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Date"
          type="date"
          value={date}
          onChange={(e) => setDate(e.target.value)}
        />
        <SelectField label="Time" value={time} onChange={(e) => setTime(e.target.value)}>
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
        value={staffId}
        onChange={(e) => setStaffId(e.target.value)}
      >
        <option value="">Any staff member</option>
        {staff.map((s) => (
          <option key={s.id} value={String(s.id)}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <TextAreaField label="Notes" value={notes} onChange={(e) => setNotes(e.target.value)} />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </FormDialog>
  );
}
