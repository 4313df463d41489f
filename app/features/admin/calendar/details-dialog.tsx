/**
 * An appointment's details dialog (admin spec §4 "Calendar detail actions", §8): who, what, when,
 * with whom; the actions `appointmentActions(status)` gives (Confirm Booking / Confirm / Mark
 * Complete, then Cancel, No Show, Duplicate, Reschedule, Delete), after an Edit of therapist,
 * service, time, duration and notes for a stored appointment (issue 28 item 2). Duplicate opens New
 * Booking with the copy, asking for its date and time (item 4). Reschedule takes a date and a
 * half-hour time and shows the server's conflict message (a refusal for working time offers a
 * manager the override with a reason, decision 0240); Delete asks first. Virtual pending
 * bookings ('booking-{id}') take the same calls.
 */
import { useEffect, useState } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { Link } from "react-router";
import { DialogContent, DialogRoot, DialogTitle } from "#app/components/ui/dialog.tsx";
import { AppointmentFormsPanel } from "#app/features/admin/forms/appointment-forms.tsx";
import { HealthRecordDialog } from "#app/features/admin/health/health-record.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { ConfirmDialog } from "#app/features/admin/kit/confirm-dialog.tsx";
import {
  ConsultationOverride,
  useConsultationOverride,
} from "#app/features/admin/kit/consultation-override.tsx";
import { sendOrQueue } from "#app/features/admin/kit/offline-requests.ts";
import {
  type MutationOutcome,
  serverMessageOr,
  useAdminMutation,
} from "#app/features/admin/kit/use-admin-mutation.ts";
import { useCapabilities } from "#app/features/admin/kit/use-capabilities.ts";
import { ApiError, apiRequest } from "#app/lib/api.ts";
import { actionCapability } from "#common/appointment-capabilities.ts";
import {
  type Appointment,
  type AppointmentAction,
  type AppointmentInput,
  appointmentActions,
  appointmentPatchSchema,
  CALENDAR_SLOTS,
  duplicateOf,
} from "#common/calendar.ts";
import { formatLagosSpan, formatLagosWallTime, lagosClock, lagosDate } from "#common/lagos-time.ts";
import { CHECKOUT_STATUSES } from "#common/sales.ts";
import { statusStyle } from "./calendar-view.ts";
import { useWorkingHoursOverride, WorkingHoursOverride } from "./working-hours-override.tsx";

/**
 * Whether the dialog offers Check in (issue 28 item 5, decision 0197): a stored scheduled or
 * confirmed appointment not yet checked in; the server refuses it before the visit's day.
 */
function canCheckIn(a: Appointment): boolean {
  return !a.virtual && !a.checkedInAt && (a.status === "scheduled" || a.status === "confirmed");
}

export function DetailsDialog({
  appointment,
  onOpenChange,
  onShow,
  onEdit,
  onDuplicate,
}: {
  appointment: Appointment | null;
  onOpenChange: (open: boolean) => void;
  /** Show another appointment in the dialog (a confirmed request's record). */
  onShow: (appointment: Appointment) => void;
  /** Edit: the Edit Appointment dialog for a stored appointment (issue 28 item 2). */
  onEdit: (appointment: Appointment) => void;
  /** Duplicate: New Booking prefilled with the copy, asking for its date and time (item 4). */
  onDuplicate: (copy: AppointmentInput) => void;
}) {
  const [rescheduling, setRescheduling] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [healthOpen, setHealthOpen] = useState(false);
  const can = useCapabilities();
  // Confirm Booking of a request for a consultation-first service: the refusal and the override.
  const consultation = useConsultationOverride();
  const resetConsultation = consultation.reset;
  const update = useAdminMutation({
    success: { title: "Appointment updated successfully!" },
    failure: serverMessageOr("Failed to update appointment"),
    failureTitle: "Failed to update appointment",
  });
  const remove = useAdminMutation({
    success: { title: "Appointment deleted successfully!" },
    failure: serverMessageOr("Failed to delete appointment"),
    failureTitle: "Failed to delete appointment",
  });

  const id = appointment?.id ?? null;
  useEffect(() => {
    if (id === null) return;
    setRescheduling(false);
    resetConsultation();
    setHealthOpen(false);
  }, [id, resetConsultation]);

  if (!appointment) {
    return (
      <DialogRoot open={false} onOpenChange={onOpenChange}>
        {null}
      </DialogRoot>
    );
  }
  const a = appointment;
  const url = `/api/appointments/${encodeURIComponent(a.id)}`;
  const busy = update.pending || remove.pending;

  /** A change made offline: its own toast, and no reload of the page (there is no network). */
  function queuedOverrides() {
    return navigator.onLine
      ? {}
      : {
          success: {
            title: "Saved offline",
            description: "No connection: it will be sent when the connection returns.",
          },
          after: "none" as const,
        };
  }

  function act(action: AppointmentAction) {
    if (action.status) {
      const status = action.status;
      // Completing offline (issue 35) is kept and sent when the connection returns; other
      // changes need the server (clashes, consultations).
      const queueable = status === "completed" && !navigator.onLine;
      void update
        .run(
          async () => {
            if (!queueable) {
              return apiRequest<Appointment>("PATCH", url, {
                status,
                ...consultation.payload(),
              });
            }
            await sendOrQueue({
              method: "PATCH",
              url,
              body: { status },
              label: `Complete: ${a.customerName}`,
            });
            return { ...a, status };
          },
          { key: action.id, ...(queueable ? queuedOverrides() : {}) },
        )
        .then((outcome) => {
          if (!outcome.ok) consultation.learn(outcome.error);
          // A confirmed booking request becomes a stored appointment with its own id.
          if (outcome.ok && outcome.data?.id && outcome.data.id !== a.id) onShow(outcome.data);
        });
    } else if (action.id === "duplicate") {
      onDuplicate(duplicateOf(a));
    } else if (action.id === "reschedule") {
      setRescheduling(true);
    } else if (action.id === "delete") {
      setConfirmDelete(true);
    }
  }

  const style = statusStyle(a.status);
  return (
    <>
      <DialogRoot open onOpenChange={onOpenChange}>
        <DialogContent className="max-w-lg">
          <DialogTitle className="text-xl font-semibold text-ink">{a.customerName}</DialogTitle>
          <p className="mt-1">
            <span
              data-testid="details-status"
              className={`inline-block rounded-full border px-2 py-0.5 text-xs font-medium ${style.block}`}
            >
              {style.label}
            </span>
            {a.virtual && (
              <span className="ml-2 text-xs text-gray-700">Online booking request</span>
            )}
          </p>
          <dl className="mt-4 grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-gray-600">Service</dt>
            <dd className="text-ink">{a.serviceName}</dd>
            <dt className="text-gray-600">When</dt>
            <dd className="text-ink" data-testid="details-when">
              {formatLagosSpan(new Date(a.appointmentDate), new Date(a.endTime))}
            </dd>
            <dt className="text-gray-600">Duration</dt>
            <dd className="text-ink">{a.duration} minutes</dd>
            <dt className="text-gray-600">Staff</dt>
            <dd className="text-ink">{a.staffName ?? "Unassigned"}</dd>
            {a.checkedInAt && (
              <>
                <dt className="text-gray-600">Checked in</dt>
                <dd className="text-ink" data-testid="details-checked-in">
                  {formatLagosWallTime(new Date(a.checkedInAt))}
                </dd>
              </>
            )}
            <dt className="text-gray-600">Email</dt>
            <dd className="break-all text-ink">{a.customerEmail}</dd>
            <dt className="text-gray-600">Phone</dt>
            <dd className="text-ink">{a.customerPhone}</dd>
            {a.groupSize > 1 && (
              <>
                <dt className="text-gray-600">Group size</dt>
                <dd className="text-ink">{a.groupSize}</dd>
              </>
            )}
            {a.isRecurring && a.recurrenceType && (
              <>
                <dt className="text-gray-600">Repeats</dt>
                <dd className="text-ink">
                  {a.recurrenceType} every {a.recurrenceInterval ?? 1}
                  {a.endDate ? ` until ${a.endDate}` : ""}
                </dd>
              </>
            )}
            {a.notes && (
              <>
                <dt className="text-gray-600">Notes</dt>
                <dd className="whitespace-pre-wrap text-ink">{a.notes}</dd>
              </>
            )}
          </dl>

          {!a.virtual && (
            <AppointmentFormsPanel
              key={`${a.id}-${a.checkedInAt ?? ""}`}
              appointmentId={a.id}
              clientId={a.clientId}
              canSend={can("appointment.checkIn", a.staffId)}
            />
          )}
          {rescheduling ? (
            <RescheduleForm
              appointment={a}
              busy={busy}
              onBack={() => setRescheduling(false)}
              save={(body) =>
                update.run(() => apiRequest("PATCH", url, body), {
                  key: "reschedule",
                })
              }
            />
          ) : (
            <div className="mt-5 flex flex-wrap gap-2">
              {canCheckIn(a) && can("appointment.checkIn", a.staffId) && (
                <button
                  type="button"
                  disabled={busy}
                  className={adminButton.outline}
                  onClick={() =>
                    void update
                      .run(
                        async () => {
                          // Offline (issue 35): kept and sent when the connection returns.
                          const sent = await sendOrQueue({
                            method: "POST",
                            url: `${url}/check-in`,
                            body: {},
                            label: `Check in: ${a.customerName}`,
                          });
                          return sent.queued
                            ? { ...a, checkedInAt: new Date().toISOString() }
                            : (sent.data as Appointment);
                        },
                        { key: "check-in", ...queuedOverrides() },
                      )
                      .then((outcome) => {
                        if (outcome.ok && outcome.data) onShow(outcome.data);
                      })
                  }
                >
                  Check in
                </button>
              )}
              {a.clientId !== null && (
                <button
                  type="button"
                  className={adminButton.outline}
                  onClick={() => setHealthOpen(true)}
                >
                  Health record
                </button>
              )}
              {!a.virtual && a.clientId !== null && can("records.read", a.staffId) && (
                <Link className={adminButton.outline} to={`/admin/records/${a.id}`}>
                  Treatment record
                </Link>
              )}
              {!a.virtual && can("appointment.edit", a.staffId) && (
                <button
                  type="button"
                  disabled={busy}
                  className={adminButton.outline}
                  onClick={() => onEdit(a)}
                >
                  Edit
                </button>
              )}
              {appointmentActions(a.status)
                // Only what the role may do to this appointment (a therapist: Mark Complete on
                // their own); the API refuses the rest with the same rule.
                .filter((action) => can(actionCapability(action), a.staffId))
                .map((action) => (
                  <button
                    key={action.id}
                    type="button"
                    disabled={busy}
                    className={
                      action.id === "delete"
                        ? adminButton.danger
                        : action.id === "confirm" || action.id === "complete"
                          ? adminButton.primary
                          : adminButton.outline
                    }
                    onClick={() => act(action)}
                  >
                    {action.label}
                  </button>
                ))}
              {!a.virtual &&
                CHECKOUT_STATUSES.includes(a.status) &&
                can("sale.take", a.staffId) && (
                  <Link
                    className={adminButton.outline}
                    to={`/admin/sales?tab=quick-sale&checkout=${a.id}`}
                  >
                    Start Checkout
                  </Link>
                )}
            </div>
          )}
          <ConsultationOverride state={consultation} className="mt-4" />
        </DialogContent>
      </DialogRoot>
      {a.clientId !== null && (
        <HealthRecordDialog
          clientId={a.clientId}
          clientName={a.customerName}
          open={healthOpen}
          onOpenChange={setHealthOpen}
        />
      )}
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete appointment?"
        description={`This removes ${a.customerName}'s ${a.serviceName} appointment. This cannot be undone.`}
        confirmLabel="Delete"
        confirmDisabled={remove.pending}
        onConfirm={() =>
          void remove.run(() => apiRequest("DELETE", url), {
            onSuccess: () => {
              setConfirmDelete(false);
              onOpenChange(false);
            },
          })
        }
      />
    </>
  );
}

type RescheduleValues = { date: string; time: string };

/** The new start as the PATCH sends it, checked by the server's `appointmentPatchSchema`. */
const rescheduleResolver: Resolver<RescheduleValues> = async (values) => {
  const result = appointmentPatchSchema.safeParse({
    appointmentDate: `${values.date} ${values.time}`,
  });
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<RescheduleValues> = {};
  errors.date = { type: "validation", message: result.error.issues[0]?.message };
  return { values: {}, errors };
};

/**
 * Reschedule: a date and a half-hour time (Lagos), from the appointment's own; the server's
 * message (a clash, a closed hour) shows under the fields, as a wrong date does.
 */
function RescheduleForm({
  appointment,
  busy,
  onBack,
  save,
}: {
  appointment: Appointment;
  busy: boolean;
  onBack: () => void;
  /** Sends the new start ('YYYY-MM-DD HH:MM', Lagos), with a manager's override if ticked. */
  save: (body: {
    appointmentDate: string;
    overrideWorkingHours?: true;
    overrideReason?: string;
  }) => Promise<MutationOutcome<unknown>>;
}) {
  const start = new Date(appointment.appointmentDate);
  const clock = lagosClock(start);
  const form = useForm<RescheduleValues>({
    resolver: rescheduleResolver,
    defaultValues: {
      date: lagosDate(start),
      time: CALENDAR_SLOTS.includes(clock) ? clock : "10:00",
    },
  });
  const { register, handleSubmit, setError, watch, formState } = form;
  const conflict = formState.errors.date?.message ?? formState.errors.root?.message;
  const override = useWorkingHoursOverride();
  async function reschedule(values: RescheduleValues) {
    if (!override.ready()) return;
    const outcome = await save({
      appointmentDate: `${values.date} ${values.time}`,
      ...override.payload(),
    });
    if (outcome.ok) onBack();
    else if (outcome.error instanceof ApiError) {
      override.noteRefusal(outcome.error);
      setError("root", { message: outcome.error.serverMessage ?? "Failed to update appointment" });
    }
  }
  return (
    <fieldset className="mt-5 rounded-md border border-gray-300 p-3">
      <legend className="px-1 text-sm font-semibold text-ink">Reschedule</legend>
      <div className="grid grid-cols-2 gap-2">
        <label className="text-sm font-medium text-gray-800">
          New date
          <input
            type="date"
            {...register("date")}
            className="mt-1 block w-full rounded-md border border-gray-400 px-2 py-1.5 text-sm"
          />
        </label>
        <label className="text-sm font-medium text-gray-800">
          New time
          <select
            {...register("time")}
            className="mt-1 block w-full rounded-md border border-gray-400 bg-white px-2 py-1.5 text-sm"
          >
            {CALENDAR_SLOTS.map((slot) => (
              <option key={slot} value={slot}>
                {slot}
              </option>
            ))}
          </select>
        </label>
      </div>
      {conflict && (
        <p role="alert" className="mt-2 rounded-md bg-red-50 p-2 text-sm text-red-800">
          {conflict}
        </p>
      )}
      <WorkingHoursOverride control={override} className="mt-2" />
      <div className="mt-3 flex justify-end gap-2">
        <button type="button" className={adminButton.outline} onClick={onBack}>
          Back
        </button>
        <button
          type="button"
          className={adminButton.primary}
          disabled={busy || !watch("date")}
          onClick={() => void handleSubmit(reschedule)()}
        >
          Save New Time
        </button>
      </div>
    </fieldset>
  );
}
