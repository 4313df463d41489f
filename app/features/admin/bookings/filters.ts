/**
 * Bookings list filters (admin spec §2 "Bookings management"): text search and the time filter
 * on the creation date, in Lagos days; weeks start on Monday as in the calendar.
 */
import { TZDate } from "@date-fns/tz";
import { startOfDay, startOfMonth, startOfWeek } from "date-fns";
import type { BookingTimeFilter } from "#common/booking.ts";
import { BUSINESS_TIME_ZONE } from "#common/business.ts";

type Filterable = {
  name: string;
  email: string;
  phone: string;
  serviceName: string;
  message: string | null;
  createdAt: string;
};

/** Whether a booking matches the search text (name, email, phone, service, message). */
export function matchesSearch(b: Filterable, q: string): boolean {
  const text = q.trim().toLowerCase();
  if (!text) return true;
  return [b.name, b.email, b.phone, b.serviceName, b.message ?? ""].some((v) =>
    v.toLowerCase().includes(text),
  );
}

/** Whether a booking was created within the filter's period at `now` (Lagos time). */
export function matchesTime(b: Filterable, filter: BookingTimeFilter, now: Date): boolean {
  if (filter === "all") return true;
  const lagosNow = new TZDate(now, BUSINESS_TIME_ZONE);
  const start =
    filter === "today"
      ? startOfDay(lagosNow)
      : filter === "week"
        ? startOfWeek(lagosNow, { weekStartsOn: 1 })
        : startOfMonth(lagosNow);
  const created = new Date(b.createdAt).getTime();
  return created >= start.getTime() && created <= now.getTime() + 60_000;
}
