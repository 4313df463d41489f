/**
 * A member's weekly schedule (admin spec §3 "Staff schedule"): each day Sunday to Saturday with
 * start, end and location (default 'Main'); managers edit it and save the whole week at once
 * (PUT /api/staff/{id}/schedules, Lagos wall-clock 'HH:MM'). The week sent is checked by the
 * API's own `weekScheduleSchema` first; its messages, like the server's, show on their day.
 */
import { type FieldErrors, type Resolver, set, useForm } from "react-hook-form";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { serverMessageOr, useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { apiRequest } from "#app/lib/api.ts";
import {
  DAY_NAMES,
  DEFAULT_SCHEDULE_LOCATION,
  type StaffSchedule,
  weekScheduleSchema,
} from "#common/staff.ts";

type Day = { works: boolean; startTime: string; endTime: string; location: string };
/** All seven days, Sunday first (index = dayOfWeek), worked or not. */
type FormValues = { days: Day[] };
type DayField = "startTime" | "endTime" | "location";
const DAY_FIELDS: readonly DayField[] = ["startTime", "endTime", "location"];

function daysOf(schedules: StaffSchedule[]): Day[] {
  return DAY_NAMES.map((_, day) => {
    const s = schedules.find((x) => x.dayOfWeek === day);
    return s
      ? { works: true, startTime: s.startTime, endTime: s.endTime, location: s.location }
      : { works: false, startTime: "09:00", endTime: "17:00", location: DEFAULT_SCHEDULE_LOCATION };
  });
}

/** The worked days, each with its dayOfWeek, in the order the body lists them. */
const workedDays = (days: Day[]) =>
  days.map((d, dayOfWeek) => ({ ...d, dayOfWeek })).filter((d) => d.works);

/** The PUT body: the worked days only (days left out are not worked). */
const toBody = (values: FormValues) => ({
  days: workedDays(values.days).map(({ dayOfWeek, startTime, endTime, location }) => ({
    dayOfWeek,
    startTime,
    endTime,
    location,
  })),
});

/**
 * The form's field for a message on the body's `days.{index}.{field}`: the body numbers the
 * worked days only, the form all seven.
 */
function fieldOf(days: Day[], path: readonly PropertyKey[]) {
  const [list, index, field] = path;
  const day = list === "days" && typeof index === "number" ? workedDays(days)[index] : undefined;
  if (!day) return null;
  const name = DAY_FIELDS.find((f) => f === field) ?? "endTime";
  return `days.${day.dayOfWeek}.${name}` as const;
}

/** The week checked as the body it becomes, by the server's `weekScheduleSchema`. */
const resolver: Resolver<FormValues> = async (values) => {
  const result = weekScheduleSchema.safeParse(toBody(values));
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<FormValues> = {};
  for (const issue of result.error.issues) {
    const field = fieldOf(values.days, issue.path) ?? "root";
    set(errors, field, { type: "validation", message: issue.message });
  }
  return { values: {}, errors };
};

export function ScheduleEditor({
  staffId,
  schedules,
  canEdit,
}: {
  staffId: number;
  schedules: StaffSchedule[];
  canEdit: boolean;
}) {
  return canEdit ? (
    <WeekForm staffId={staffId} schedules={schedules} />
  ) : (
    <WeekList schedules={schedules} />
  );
}

/** The week as text, for those who may not edit it. */
function WeekList({ schedules }: { schedules: StaffSchedule[] }) {
  const worked = workedDays(daysOf(schedules));
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

/** The manager's form: a row per day, saved as one week. */
function WeekForm({ staffId, schedules }: { staffId: number; schedules: StaffSchedule[] }) {
  const form = useForm<FormValues>({ resolver, defaultValues: { days: daysOf(schedules) } });
  const { register, handleSubmit, watch, getValues, formState } = form;
  const save = useAdminMutation<unknown, FormValues>({
    success: { title: "Schedule saved" },
    failure: serverMessageOr("Failed to save schedule"),
    form,
    fieldFor: (field) => fieldOf(getValues("days"), field.split(".").map(indexOrName)),
  });
  const days = watch("days");
  const errorFor = (i: number) => {
    const e = formState.errors.days?.[i];
    return e?.endTime?.message ?? e?.startTime?.message ?? e?.location?.message;
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) =>
        save.run(() => apiRequest("PUT", `/api/staff/${staffId}/schedules`, toBody(values))),
      )}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm text-gray-700">Working days and hours (Lagos time)</legend>
        {DAY_NAMES.map((name, i) => {
          const off = !days[i]?.works;
          const error = errorFor(i);
          return (
            <div
              key={name}
              className="grid items-center gap-2 rounded border border-gray-100 px-3 py-2 sm:grid-cols-[9rem_1fr_1fr_1.5fr]"
            >
              <label className="flex items-center gap-2 text-sm font-medium">
                <input type="checkbox" {...register(`days.${i}.works`)} />
                {name}
              </label>
              <input
                type="time"
                aria-label={`${name} start`}
                {...register(`days.${i}.startTime`)}
                disabled={off}
                className="rounded-md border border-gray-400 px-2 py-1 text-sm disabled:opacity-50"
              />
              <input
                type="time"
                aria-label={`${name} end`}
                {...register(`days.${i}.endTime`)}
                disabled={off}
                aria-invalid={error ? true : undefined}
                className="rounded-md border border-gray-400 px-2 py-1 text-sm disabled:opacity-50 aria-[invalid=true]:border-red-700"
              />
              <input
                type="text"
                aria-label={`${name} location`}
                {...register(`days.${i}.location`)}
                maxLength={100}
                disabled={off}
                className="rounded-md border border-gray-400 px-2 py-1 text-sm disabled:opacity-50"
              />
              {error && <p className="text-sm text-red-700 sm:col-span-4">{error}</p>}
            </div>
          );
        })}
      </fieldset>
      {formState.errors.root && (
        <p className="mt-2 text-sm text-red-700">{formState.errors.root.message}</p>
      )}
      <div className="mt-3 flex justify-end">
        <button type="submit" className={adminButton.primary} disabled={save.pending}>
          {save.pending ? "Saving..." : "Save Schedule"}
        </button>
      </div>
    </form>
  );
}

/** A server field path's part: list indexes as numbers ('days.0.endTime' → days, 0, endTime). */
const indexOrName = (part: string): string | number => (/^\d+$/.test(part) ? Number(part) : part);
