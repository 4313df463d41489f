import { CalendarScreen } from "#app/features/admin/calendar/calendar-screen.tsx";
import { parseCalendarParams, weekDays } from "#app/features/admin/calendar/calendar-view.ts";
import { adminPagesOf } from "#app/lib/admin-gate.ts";
import { lagosDate } from "#common/lagos-time.ts";
import type { Route } from "./+types/calendar";

export async function loader({ request, context }: Route.LoaderArgs) {
  const pages = adminPagesOf(context);
  const params = parseCalendarParams(new URL(request.url).searchParams);
  // Day view asks for that day only; week view (and no view yet: the client may pick day on a
  // narrow screen, which is inside the week) for the Monday-first week.
  const days = params.view === "day" ? [params.date] : weekDays(params.date);
  const range = {
    from: days[0] as string,
    to: days[days.length - 1] as string,
    ...(params.staffId ? { staffId: params.staffId } : {}),
  };
  const [appointments, blockedTimes, staff, services] = await Promise.all([
    pages.calendar.appointments(range),
    pages.calendar.blockedTimes(range),
    pages.calendar.staff(),
    pages.calendar.services(),
  ]);
  return {
    params,
    today: lagosDate(new Date()),
    appointments,
    blockedTimes,
    staff,
    services,
  };
}

/** /admin/calendar: appointments and blocked times by week or day (admin spec §2 "Calendar"). */
export default function AdminCalendar({ loaderData }: Route.ComponentProps) {
  return <CalendarScreen {...loaderData} />;
}
