/** The bookings reads of the admin bookings screen (common/booking.ts `BookingsPages`). */
import type { AdminIdentity } from "#common/auth.ts";
import type { BookingsPages } from "#common/booking.ts";
import { type MessageSummary, shownStatus } from "#common/outbox.ts";
import { reachOf } from "#common/roles.ts";
import type { Db } from "#server/db/client.ts";
import { listMessagesFor } from "#server/modules/messages/service.ts";
import { readClinicSettings } from "#server/modules/settings/service.ts";
import { listBookingsPage } from "./service.ts";

/** The latest messages a booking card lists (issue 17). */
const CARD_MESSAGES_LIMIT = 10;

/** The bookings screen's reads for `identity` (the settings only for a manager). */
export function bookingsPages(db: Db, identity: AdminIdentity): BookingsPages {
  return {
    settings: async () =>
      reachOf(identity.role, "settings.manage") === "all" ? readClinicSettings(db) : null,
    page: (query) => listBookingsPage(db, query),
    async messages(bookings) {
      const lists = await Promise.all(
        bookings.map((b) =>
          listMessagesFor(
            db,
            { clientEmail: b.email, phone: b.phone, bookingId: b.id },
            CARD_MESSAGES_LIMIT,
          ),
        ),
      );
      const byBooking: Record<number, MessageSummary[]> = {};
      bookings.forEach((b, i) => {
        byBooking[b.id] = (lists[i] ?? []).map((m) => ({
          id: m.id,
          channel: m.channel,
          template: m.template ?? m.kind,
          subject: m.subject,
          toAddress: m.toAddress,
          status: shownStatus(m),
          at: m.sentAt ?? m.createdAt,
        }));
      });
      return byBooking;
    },
  };
}
