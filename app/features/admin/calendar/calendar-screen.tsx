/**
 * The calendar (admin spec §2 "Calendar"; issue 10): week or day view, Previous / Today / Next,
 * the staff filter (state in the URL), New Booking and Block Time dialogs, and the details
 * dialog of an appointment with its Edit dialog; drag on the grid to move or resize (issue 28
 * items 2, 4, 10). At narrow widths (below 1024 px) the day view is the default when the URL names
 * no view.
 */
import { CalendarPlus, ChevronLeft, ChevronRight, Lock, Smartphone } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useNavigation, useSearchParams } from "react-router";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { ConfirmDialog } from "#app/features/admin/kit/confirm-dialog.tsx";
import { PageHeader } from "#app/features/admin/kit/page-header.tsx";
import { serverMessageOr, useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { useCapabilities } from "#app/features/admin/kit/use-capabilities.ts";
import { apiFieldErrors, apiRequest } from "#app/lib/api.ts";
import {
  type Appointment,
  type AppointmentInput,
  type BlockedTime,
  type CalendarService,
  type CalendarStaff,
  workingTimeRefusalOf,
} from "#common/calendar.ts";
import { AppointmentDialog } from "./appointment-dialog.tsx";
import { BlockDetailsDialog } from "./block-details-dialog.tsx";
import { BlockTimeDialog } from "./block-time-dialog.tsx";
import { CalendarFeedDialog } from "./calendar-feed-dialog.tsx";
import { CalendarGrid } from "./calendar-grid.tsx";
import {
  type CalendarParams,
  type CalendarView,
  dayBounds,
  rangeTitle,
  shiftDate,
  weekDays,
} from "./calendar-view.ts";
import { DetailsDialog } from "./details-dialog.tsx";
import { EditAppointmentDialog } from "./edit-appointment-dialog.tsx";
import type { DropPatch } from "./lanes.ts";
import { useWorkingHoursOverride, WorkingHoursOverride } from "./working-hours-override.tsx";

/** Below this width the day view is the default (the week's seven columns are too narrow). */
const NARROW_QUERY = "(max-width: 1023px)";

export function CalendarScreen({
  params,
  today,
  appointments,
  blockedTimes,
  staff,
  services,
}: {
  params: CalendarParams;
  today: string;
  appointments: Appointment[];
  blockedTimes: BlockedTime[];
  staff: CalendarStaff[];
  services: CalendarService[];
}) {
  const [, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  // A therapist's calendar is their own column: no All Staff, their blocks by default, no New
  // Booking (common/roles.ts CAPABILITIES).
  const can = useCapabilities();
  const mayBook = can("appointment.book");
  // Moving or resizing on the grid is an edit of time, therapist and duration: the front desk's.
  const mayEdit = can("appointment.edit");
  const seesAll = can.reach("calendar.viewAll") === "all";
  const staffId = seesAll ? params.staffId : (can.staffId ?? params.staffId);
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const media = window.matchMedia(NARROW_QUERY);
    setNarrow(media.matches);
    const change = () => setNarrow(media.matches);
    media.addEventListener("change", change);
    return () => media.removeEventListener("change", change);
  }, []);
  const view: CalendarView = params.view ?? (narrow ? "day" : "week");
  const days = useMemo(
    () => (view === "day" ? [params.date] : weekDays(params.date)),
    [view, params.date],
  );

  const [newOpen, setNewOpen] = useState(false);
  const [blockOpen, setBlockOpen] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [openBlockId, setOpenBlockId] = useState<number | null>(null);
  const openBlock = openBlockId ? (blockedTimes.find((b) => b.id === openBlockId) ?? null) : null;
  const open = openId ? (appointments.find((a) => a.id === openId) ?? null) : null;

  function go(next: Partial<{ view: CalendarView; date: string; staff: number | null }>) {
    const staffId = next.staff === undefined ? params.staffId : next.staff;
    const search = new URLSearchParams();
    search.set("view", next.view ?? view);
    search.set("date", next.date ?? params.date);
    if (staffId) search.set("staff", String(staffId));
    setSearchParams(search, { preventScrollReset: true });
  }

  const step = view === "day" ? 1 : 7;
  const loading = navigation.state === "loading";
  const noneShown = useMemo(() => {
    const from = dayBounds(days[0] as string).start;
    const to = dayBounds(days[days.length - 1] as string).end;
    return !appointments.some((a) => {
      const start = Date.parse(a.appointmentDate);
      return start >= from && start < to;
    });
  }, [days, appointments]);
  const openAppointment = useCallback((a: Appointment) => setOpenId(a.id), []);
  const [slot, setSlot] = useState<{
    date: string;
    time: string;
    staffId: number | null | undefined;
  } | null>(null);
  const bookSlot = useCallback((date: string, time: string, staffId: number | null | undefined) => {
    setSlot({ date, time, staffId });
    setNewOpen(true);
  }, []);
  const noBooking = useCallback(() => {}, []);
  const [copy, setCopy] = useState<AppointmentInput | null>(null);
  const [editId, setEditId] = useState<string | null>(null);
  const editing = editId ? (appointments.find((a) => a.id === editId) ?? null) : null;
  const { onDrop, overrideDialog } = useDropSave();
  const [feedOpen, setFeedOpen] = useState(false);
  const filteredMember = staff.find((s) => s.id === staffId) ?? null;
  const [editBlockId, setEditBlockId] = useState<number | null>(null);
  const editBlock = editBlockId ? (blockedTimes.find((b) => b.id === editBlockId) ?? null) : null;
  const openBlockedTime = useCallback((b: BlockedTime) => setOpenBlockId(b.id), []);

  return (
    <div>
      <PageHeader title="Calendar">
        {can("blockedTime.manage") && (
          <button type="button" className={adminButton.outline} onClick={() => setBlockOpen(true)}>
            <Lock className="h-4 w-4" aria-hidden />
            Block Time
          </button>
        )}
        {mayBook && (
          <button type="button" className={adminButton.primary} onClick={() => setNewOpen(true)}>
            <CalendarPlus className="h-4 w-4" aria-hidden />
            New Booking
          </button>
        )}
      </PageHeader>

      <div className="mb-4 flex flex-wrap items-center gap-2">
        <div className="flex items-center gap-1">
          <button
            type="button"
            className={adminButton.outline}
            aria-label="Previous"
            onClick={() => go({ date: shiftDate(params.date, -step) })}
          >
            <ChevronLeft className="h-4 w-4" aria-hidden />
          </button>
          <button type="button" className={adminButton.outline} onClick={() => go({ date: today })}>
            Today
          </button>
          <button
            type="button"
            className={adminButton.outline}
            aria-label="Next"
            onClick={() => go({ date: shiftDate(params.date, step) })}
          >
            <ChevronRight className="h-4 w-4" aria-hidden />
          </button>
        </div>
        <h2 className="text-lg font-semibold text-ink" aria-live="polite">
          {rangeTitle(view, params.date)}
        </h2>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-2 text-sm text-gray-800">
            <span>Staff</span>
            <select
              aria-label="Staff filter"
              className="rounded-md border border-gray-400 bg-white px-2 py-1.5 text-sm"
              value={staffId ?? ""}
              onChange={(e) => go({ staff: e.target.value ? Number(e.target.value) : null })}
            >
              {seesAll && <option value="">All Staff</option>}
              {staff.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          {filteredMember && (
            <button type="button" className={adminButton.outline} onClick={() => setFeedOpen(true)}>
              <Smartphone className="h-4 w-4" aria-hidden />
              Phone calendar
            </button>
          )}
          <button
            type="button"
            className={adminButton.outline}
            aria-label={view === "week" ? "Switch to day view" : "Switch to week view"}
            onClick={() => go({ view: view === "week" ? "day" : "week" })}
          >
            {view === "week" ? "Day View" : "Week View"}
          </button>
        </div>
      </div>

      <div aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : undefined}>
        {loading && (
          <p role="status" className="sr-only">
            Loading calendar…
          </p>
        )}
        {noneShown && (
          <p className="mb-2 text-sm text-gray-700" data-testid="calendar-empty">
            No appointments {view === "day" ? "on this day" : "this week"}.
          </p>
        )}
        <CalendarGrid
          days={days}
          today={today}
          appointments={appointments}
          blockedTimes={blockedTimes}
          staff={staff}
          staffFilter={staffId}
          onOpen={openAppointment}
          onOpenBlock={openBlockedTime}
          onBookSlot={mayBook ? bookSlot : noBooking}
          onDrop={mayEdit ? onDrop : undefined}
        />
      </div>

      <AppointmentDialog
        open={newOpen}
        onOpenChange={(o) => {
          setNewOpen(o);
          if (!o) {
            setSlot(null);
            setCopy(null);
          }
        }}
        services={services}
        staff={staff}
        defaultDate={slot?.date ?? params.date}
        defaultTime={slot?.time}
        defaultStaffId={slot?.staffId ?? params.staffId}
        copyOf={copy}
      />
      <EditAppointmentDialog
        appointment={editing}
        onOpenChange={(o) => {
          if (!o) setEditId(null);
        }}
        services={services}
        staff={staff}
      />
      <CalendarFeedDialog
        member={feedOpen ? filteredMember : null}
        onOpenChange={(o) => {
          if (!o) setFeedOpen(false);
        }}
      />
      <BlockTimeDialog
        open={blockOpen || editBlock !== null}
        onOpenChange={(o) => {
          if (!o) {
            setBlockOpen(false);
            setEditBlockId(null);
          }
        }}
        staff={staff}
        defaultDate={params.date}
        defaultStaffId={staffId}
        block={editBlock}
      />
      <BlockDetailsDialog
        onEdit={(b) => {
          setOpenBlockId(null);
          setEditBlockId(b.id);
        }}
        block={openBlock}
        onOpenChange={(o) => {
          if (!o) setOpenBlockId(null);
        }}
      />
      {overrideDialog}
      <DetailsDialog
        appointment={open}
        onOpenChange={(o) => {
          if (!o) setOpenId(null);
        }}
        onShow={(a) => setOpenId(a.id)}
        onEdit={(a) => {
          setOpenId(null);
          setEditId(a.id);
        }}
        onDuplicate={(c) => {
          setOpenId(null);
          setCopy(c);
          setNewOpen(true);
        }}
      />
    </div>
  );
}

/**
 * Saves a drag on the grid (PATCH /api/appointments/{id}) with the details dialog's toasts: the
 * spec's 'Appointment updated successfully!', or the server's message (a clash) under 'Failed to
 * update appointment'. `onDrop` resolves true when saved. When the move is refused for working
 * time and the role may override (a manager), `overrideDialog` asks for "Book outside working
 * hours" and a reason and sends the same move again (decision 0240); the block has snapped back
 * meanwhile and lands where it was dropped once that save succeeds.
 */
function useDropSave() {
  const save = useAdminMutation({
    success: { title: "Appointment updated successfully!" },
    failure: serverMessageOr("Failed to update appointment"),
    failureTitle: "Failed to update appointment",
  });
  const override = useWorkingHoursOverride();
  const { noteRefusal, reset } = override;
  const [refused, setRefused] = useState<{
    appointment: Appointment;
    patch: DropPatch;
    message: string;
  } | null>(null);
  const run = save.run;
  const send = useCallback(
    (appointment: Appointment, body: Record<string, unknown>) =>
      run(() =>
        apiRequest("PATCH", `/api/appointments/${encodeURIComponent(appointment.id)}`, body),
      ),
    [run],
  );
  const onDrop = useCallback(
    async (appointment: Appointment, patch: DropPatch) => {
      const outcome = await send(appointment, patch);
      if (outcome.ok) return true;
      const message = workingTimeRefusalOf(apiFieldErrors(outcome.error));
      if (message) {
        reset();
        noteRefusal(outcome.error);
        setRefused({ appointment, patch, message });
      }
      return false;
    },
    [send, noteRefusal, reset],
  );
  const overrideDialog = (
    <ConfirmDialog
      open={refused !== null && override.offered}
      onOpenChange={(o) => {
        if (!o) setRefused(null);
      }}
      title="Move outside working hours?"
      description={refused?.message ?? ""}
      confirmLabel="Save New Time"
      confirmDisabled={save.pending || !override.checked}
      onConfirm={() => {
        if (!refused || !override.ready()) return;
        void send(refused.appointment, { ...refused.patch, ...override.payload() }).then(
          (outcome) => {
            if (outcome.ok) setRefused(null);
            else noteRefusal(outcome.error);
          },
        );
      }}
    >
      <WorkingHoursOverride control={override} className="mt-3" />
    </ConfirmDialog>
  );
  return { onDrop, overrideDialog };
}
