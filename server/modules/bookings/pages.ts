/** The bookings reads of the admin bookings screen (common/booking.ts `BookingsPages`). */
import type { BookingsPages } from "#common/booking.ts";
import type { Db } from "#server/db/client.ts";
import { listBookingsPage } from "./service.ts";

export function bookingsPages(db: Db): BookingsPages {
  return { page: (query) => listBookingsPage(db, query) };
}
