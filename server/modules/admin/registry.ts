/**
 * What the back office's shared screens are made of: each module's parts, listed in one place
 * (ARCHITECTURE.md "Back-office layout"). Adding an area adds one line to each list it takes
 * part in; the parts themselves live in `server/modules/<module>/back-office.ts`.
 */
import type { ClearableTable, DashboardSource, SearchSource } from "#server/back-office.ts";
import { advisorClearable } from "#server/modules/advisor/back-office.ts";
import {
  bookingsClearable,
  bookingsDashboard,
  bookingsSearch,
} from "#server/modules/bookings/back-office.ts";
import {
  appointmentsSearch,
  calendarClearable,
  calendarDashboard,
} from "#server/modules/calendar/back-office.ts";
import { clientsClearable, clientsSearch } from "#server/modules/clients/back-office.ts";
import { newsletterClearable } from "#server/modules/newsletter/back-office.ts";
import {
  ordersClearable,
  ordersDashboard,
  ordersSearch,
} from "#server/modules/orders/back-office.ts";
import { outboxClearable } from "#server/modules/outbox/back-office.ts";
import { reviewsClearable } from "#server/modules/reviews/back-office.ts";
import { salesClearable, salesDashboard } from "#server/modules/sales/back-office.ts";
import { staffClearable, staffDashboard, staffSearch } from "#server/modules/staff/back-office.ts";

/** The top-bar search's sources, in display order. */
export const SEARCH_SOURCES: SearchSource[] = [
  clientsSearch,
  bookingsSearch,
  appointmentsSearch,
  ordersSearch,
  staffSearch,
];

/**
 * The tables Clear Admin Data exports and empties, in deletion order: a table before any table
 * it references (reviews before bookings). Services, products, staff members with their
 * accounts, sessions, schedules, time entries and pay runs, and the audit log are kept (admin spec
 * §5 "Confirmations"; issue 28 item 9, docs/decisions/0199).
 */
export const CLEARABLE_TABLES: ClearableTable[] = [
  ...salesClearable,
  ...calendarClearable,
  ...staffClearable,
  ...reviewsClearable,
  ...ordersClearable,
  ...advisorClearable,
  ...bookingsClearable,
  ...newsletterClearable,
  ...outboxClearable,
  ...clientsClearable,
];

/** Everything that feeds the dashboard. */
export const DASHBOARD_SOURCES: DashboardSource[] = [
  bookingsDashboard,
  calendarDashboard,
  ordersDashboard,
  salesDashboard,
  staffDashboard,
];
