/**
 * The calendar's part of the back office (server/back-office.ts). For now only Clear Admin Data:
 * the calendar area (issue 10) adds its search, dashboard source and screens here.
 */
import type { ClearableTable } from "#server/back-office.ts";
import { appointments, blockedTimes } from "#server/db/schema/calendar.ts";

export const calendarClearable: ClearableTable[] = [
  { name: "appointments", table: appointments },
  { name: "blocked_times", table: blockedTimes },
];
