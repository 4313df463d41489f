/**
 * The admin pages' reads for one signed-in admin (common/page-context.ts `AdminPages`): one line
 * per area, each from its own module.
 */
import type { AdminIdentity } from "#common/auth.ts";
import type { AdminPages } from "#common/page-context.ts";
import type { Db } from "#server/db/client.ts";
import { auditPages } from "#server/modules/audit/pages.ts";
import { bookingsPages } from "#server/modules/bookings/pages.ts";
import { calendarPages } from "#server/modules/calendar/pages.ts";
import { catalogAdminPages } from "#server/modules/catalog/pages.ts";
import { countClients } from "#server/modules/clients/back-office.ts";
import { clientsPages } from "#server/modules/clients/pages.ts";
import { ordersPages } from "#server/modules/orders/pages.ts";
import { outboxPages } from "#server/modules/outbox/pages.ts";
import { reviewsAdminPages } from "#server/modules/reviews/pages.ts";
import { dashboard } from "./dashboard.ts";

export function adminPages(db: Db, identity: AdminIdentity): AdminPages {
  return {
    identity,
    clientsCount: () => countClients(db),
    dashboard: { get: () => dashboard(db) },
    catalog: catalogAdminPages(db),
    bookings: bookingsPages(db),
    calendar: calendarPages(db),
    clients: clientsPages(db),
    orders: ordersPages(db),
    reviews: reviewsAdminPages(db),
    outbox: outboxPages(db),
    audit: auditPages(db),
  };
}
