/**
 * A member's weekly schedule (admin spec §3 "Staff schedule"): each day Sunday to Saturday with
 * start, end and location (default 'Main'); managers edit it and save the whole week at once.
 */
import { useState } from "react";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { serverMessageOr, useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { apiFieldErrors, apiRequest } from "#app/lib/api.ts";
import { DAY_NAMES, DEFAULT_SCHEDULE_LOCATION, type StaffSchedule } from "#common/staff.ts";

type Day = { works: boolean; startTime: string; endTime: string; location: string };

function daysOf(schedules: StaffSchedule[]): Day[] {
  return DAY_NAMES.map((_, day) => {
    const s = schedules.find((x) => x.dayOfWeek === day);
    return s
      ? { works: true, startTime: s.startTime, endTime: s.endTime, location: s.location }
      : { works: false, startTime: "09:00", endTime: "17:00", location: DEFAULT_SCHEDULE_LOCATION };
  });
}

export function ScheduleEditor({
  staffId,
  schedules,
  canEdit,
}: {
  staffId: number;
  schedules: StaffSchedule[];
  canEdit: boolean;
}) {
  const [days, setDays] = useState<Day[]>(() => daysOf(schedules));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useAdminMutation({
    success: { title: "Schedule saved" },
    failure: serverMessageOr("Failed to save schedule"),
    onError: (e) => setErrors(apiFieldErrors(e)),
    onSuccess: () => setErrors({}),
  });
  const worked = days.map((d, i) => ({ ...d, dayOfWeek: i })).filter((d) => d.works);

  if (!canEdit) {
    return worked.length === 0 ? (
      <p className="text-sm text-gray-700">No weekly schedule set.</p>
    ) : (
      <ul className="grid gap-1 text-sm">
        {worked.map((d) => (
          <li
            key={d.dayOfWeek}
            className="flex justify-between gap-2 rounded border border-gray-100 px-3 py-2"
          >
            <span className="font-medium">{DAY_NAMES[d.dayOfWeek]}</span>
            <span>
              {d.startTime}–{d.endTime} · {d.location}
            </span>
          </li>
        ))}
      </ul>
    );
  }

  const update = (i: number, change: Partial<Day>) =>
    setDays((all) => all.map((d, j) => (j === i ? { ...d, ...change } : d)));

  // The server numbers errors by position in the list of worked days.
  const errorFor = (i: number) => {
    const index = worked.findIndex((d) => d.dayOfWeek === i);
    if (index < 0) return undefined;
    return (
      errors[`days.${index}.endTime`] ??
      errors[`days.${index}.startTime`] ??
      errors[`days.${index}.location`]
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save.run(() =>
          apiRequest("PUT", `/api/staff/${staffId}/schedules`, {
            days: worked.map(({ dayOfWeek, startTime, endTime, location }) => ({
              dayOfWeek,
              startTime,
              endTime,
              location,
            })),
          }),
        );
      }}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm text-gray-700">Working days and hours (Lagos time)</legend>
        {days.map((d, i) => {
          const name = DAY_NAMES[i] as string;
          const error = errorFor(i);
          return (
            <div
              key={name}
              className="grid items-center gap-2 rounded border border-gray-100 px-3 py-2 sm:grid-cols-[9rem_1fr_1fr_1.5fr]"
            >
              <label className="flex items-center gap-2 text-sm font-medium">
                <input
                  type="checkbox"
                  checked={d.works}
                  onChange={(e) => update(i, { works: e.target.checked })}
                />
                {name}
              </label>
              <input
                type="time"
                aria-label={`${name} start`}
                value={d.startTime}
                disabled={!d.works}
                onChange={(e) => update(i, { startTime: e.target.value })}
                className="rounded-md border border-gray-400 px-2 py-1 text-sm disabled:opacity-50"
              />
              <input
                type="time"
                aria-label={`${name} end`}
                value={d.endTime}
                disabled={!d.works}
                aria-invalid={error ? true : undefined}
                onChange={(e) => update(i, { endTime: e.target.value })}
                className="rounded-md border border-gray-400 px-2 py-1 text-sm disabled:opacity-50 aria-[invalid=true]:border-red-700"
              />
              <input
                type="text"
                aria-label={`${name} location`}
                value={d.location}
                maxLength={100}
                disabled={!d.works}
                onChange={(e) => update(i, { location: e.target.value })}
                className="rounded-md border border-gray-400 px-2 py-1 text-sm disabled:opacity-50"
              />
              {error && <p className="text-sm text-red-700 sm:col-span-4">{error}</p>}
            </div>
          );
        })}
      </fieldset>
      <div className="mt-3 flex justify-end">
        <button type="submit" className={adminButton.primary} disabled={save.pending}>
          {save.pending ? "Saving..." : "Save Schedule"}
        </button>
      </div>
    </form>
  );
}
