/**
 * The admin pages' reads for one signed-in admin (common/page-context.ts `AdminPages`): one line
 * per area, each from its own module, behind the area's roles (common/roles.ts AREA_ROLES): an
 * area the account's role may not open answers 403 to any read, so every admin loader is held
 * by the same table as the sidebar.
 */
import { data } from "react-router";
import type { AdminIdentity } from "#common/auth.ts";
import type { AdminPages } from "#common/page-context.ts";
import { type AdminArea, canOpen, FORBIDDEN_MESSAGE } from "#common/roles.ts";
import type { Db } from "#server/db/client.ts";
import { auditPages } from "#server/modules/audit/pages.ts";
import { accountSecurity } from "#server/modules/auth/totp.ts";
import { bookingsPages } from "#server/modules/bookings/pages.ts";
import { calendarPagesFor } from "#server/modules/calendar/pages.ts";
import { catalogAdminPages } from "#server/modules/catalog/pages.ts";
import { countClients } from "#server/modules/clients/back-office.ts";
import { clientsPagesFor } from "#server/modules/clients/pages.ts";
import { clientScopeOf } from "#server/modules/clients/scope.ts";
import { formsPages } from "#server/modules/forms/pages.ts";
import { operationsPages } from "#server/modules/operations/pages.ts";
import type { DefinedJob } from "#server/modules/operations/service.ts";
import { ordersPages } from "#server/modules/orders/pages.ts";
import { outboxPages } from "#server/modules/outbox/pages.ts";
import { reportsPages } from "#server/modules/reports/pages.ts";
import { reviewsAdminPages } from "#server/modules/reviews/pages.ts";
import { salesPages } from "#server/modules/sales/pages.ts";
import { staffPages } from "#server/modules/staff/pages.ts";
import { apiReferencePages } from "#server/openapi/reference.ts";
import { dashboardFor } from "./dashboard-view.ts";

/**
 * `pages` when `identity`'s role may open `area`; otherwise the same shape whose every read
 * throws a 403 (rendered by the admin layout's error boundary).
 */
function forArea<T extends object>(identity: AdminIdentity, area: AdminArea, pages: T): T {
  if (canOpen(identity.role, area)) return pages;
  return new Proxy(pages, {
    get: () => () => {
      throw data({ message: FORBIDDEN_MESSAGE }, { status: 403 });
    },
  });
}

/** The record screen's id check: a positive integer, else the 404 the layout shows. */
async function openRecordPage(appointmentId: number): Promise<{ appointmentId: number }> {
  if (!Number.isInteger(appointmentId) || appointmentId <= 0) {
    throw data({ message: "Not found" }, { status: 404 });
  }
  return { appointmentId };
}

/** What the Operations and API reference pages read besides the db (issue 16). */
export type AdminOps = {
  /** The scheduled jobs of this process (server/scheduler/). */
  jobs?: readonly DefinedJob[];
  /** The API's OpenAPI document (server/openapi/). */
  apiDocument?: () => unknown;
};

export function adminPages(db: Db, identity: AdminIdentity, ops: AdminOps = {}): AdminPages {
  const area = <T extends object>(name: AdminArea, pages: T) => forArea(identity, name, pages);
  return {
    identity,
    clientsCount: () => countClients(db, clientScopeOf(identity)),
    dashboard: area("dashboard", { get: () => dashboardFor(db, identity) }),
    reports: area("dashboard", reportsPages(db, identity)),
    catalog: area("products", catalogAdminPages(db)),
    bookings: area("bookings", bookingsPages(db, identity)),
    calendar: area("calendar", calendarPagesFor(db, identity)),
    clients: area("clients", clientsPagesFor(db, identity)),
    orders: area("orders", ordersPages(db)),
    reviews: area("reviews", reviewsAdminPages(db, identity)),
    outbox: area("outbox", outboxPages(db)),
    audit: area("audit", auditPages(db)),
    sales: area("sales", salesPages(db)),
    staff: area("staff", staffPages(db, identity)),
    operations: area("operations", operationsPages(db, ops.jobs ?? [])),
    apiReference: area("api", apiReferencePages(ops.apiDocument ?? (() => ({})))),
    account: area("account", { security: () => accountSecurity(db, identity.id) }),
    records: area("records", { open: openRecordPage }),
    forms: area("forms", formsPages(db)),
  };
}
