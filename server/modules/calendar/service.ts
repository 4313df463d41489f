/**
 * What other modules use of the calendar, each from the file that holds it: the point of sale
 * (sales/: the upcoming list, completing an appointment at checkout) and the clients module (a
 * client's appointments re-addressed or anonymised: client-records.ts). Within this module,
 * import the file itself:
 *
 * - queries.ts: appointments in a range (booking requests as virtual ones), upcoming, one.
 * - appointments.ts: book (one or a series), change, delete appointments.
 * - virtual-bookings.ts: the calendar's actions on a booking request ('booking-{id}').
 * - blocks.ts: blocked time.
 * - clash.ts: the locks and clash rules that every write taking a member's time shares.
 * - client-records.ts: a client's appointments on an email change or an erasure.
 * - resolve.ts: the staff, service and instants a write names; booking-requests.ts: booking
 *   rows read as virtual appointments; appointment-messages.ts: what the client is told.
 * - routes.ts, pages.ts, back-office.ts, feed.ts: the API, the screen's data, the dashboard's
 *   figures and members' iCalendar feeds.
 */
export { updateAppointment } from "./appointments.ts";
export { anonymiseClientAppointments, moveAppointmentsToEmail } from "./client-records.ts";
export { listUpcomingAppointments } from "./queries.ts";
