/**
 * The calendar module's public functions for other modules (the point of sale: sales/), each
 * from the file that holds it. Within this module, import the file itself.
 *
 * - queries.ts: reading appointments (with booking requests as virtual ones), upcoming, one.
 * - appointments.ts: book, change, delete appointments.
 * - virtual-bookings.ts: the calendar's actions on a booking request ('booking-{id}').
 * - blocks.ts: blocked time.
 * - clash.ts: the locks and clash rules every write that takes a member's time shares.
 * - resolve.ts: staff, service and instants a write names; booking-requests.ts: booking rows
 *   as virtual appointments; appointment-messages.ts: what the client is told.
 */
export { createAppointments, deleteAppointment, updateAppointment } from "./appointments.ts";
export {
  createBlockedTime,
  deleteBlockedTime,
  listBlockedTimes,
  updateBlockedTime,
} from "./blocks.ts";
export {
  cachedAppointments,
  getAppointment,
  listAppointments,
  listUpcomingAppointments,
} from "./queries.ts";
