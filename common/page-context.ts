/**
 * The one door from page loaders to the server. The server builds a `PageServices` per request
 * (server/pages.ts) and puts it in React Router's load context; loaders and middleware read it
 * with `context.get(pageContext)`. Everything here is typed by common/ shapes, so app/ never
 * imports server/ (ARCHITECTURE.md "Back-office layout"; lint holds the rule).
 *
 * Adding an area: declare its `<Area>Pages` type in common/<area>.ts, add one line here and one
 * line in server/pages.ts (or server/modules/admin/pages.ts for admin-only reads).
 */
import { createContext } from "react-router";
import type { AccountPages } from "./account-security.ts";
import type { ApiReferencePages } from "./api-reference.ts";
import type { AuditPages } from "./audit.ts";
import type { AdminIdentity } from "./auth.ts";
import type { BookingsPages } from "./booking.ts";
import type { CalendarPages } from "./calendar.ts";
import type { CatalogPages } from "./catalog.ts";
import type { CatalogAdminPages } from "./catalog-forms.ts";
import type { ClientsPages } from "./clients.ts";
import type { ConsentPages } from "./consent.ts";
import type { DashboardPages } from "./dashboard.ts";
import type { FormsPages } from "./forms.ts";
import type { OperationsPages } from "./operations.ts";
import type { OrderStatusPages } from "./order-status.ts";
import type { OrdersPages } from "./orders.ts";
import type { OutboxPages } from "./outbox.ts";
import type { ReportsPages } from "./reports.ts";
import type { ReviewPages, ReviewsAdminPages } from "./reviews.ts";
import type { SalesPages } from "./sales.ts";
import type { StaffPages } from "./staff.ts";

/** Reads that need a signed-in admin; see `AdminPages` in app/lib/admin-gate.ts for access. */
export type AdminPages = {
  identity: AdminIdentity;
  /** The sidebar's Clients badge: distinct clients by email. */
  clientsCount(): Promise<number>;
  dashboard: DashboardPages;
  /** Analytics' reports over a range (issue 29). */
  reports: ReportsPages;
  catalog: CatalogAdminPages;
  bookings: BookingsPages;
  calendar: CalendarPages;
  clients: ClientsPages;
  orders: OrdersPages;
  reviews: ReviewsAdminPages;
  outbox: OutboxPages;
  audit: AuditPages;
  sales: SalesPages;
  staff: StaffPages;
  operations: OperationsPages;
  apiReference: ApiReferencePages;
  /** The signed-in account's own security settings (issue 14). */
  account: AccountPages;
  /**
   * A treatment record's screen (issue 31): the gate only. The record is fetched by the screen
   * through the audited API, never as page data. `open(id)` answers the id; 403 for a role
   * outside the area, 404 for an id that is not a positive integer.
   */
  records: { open(appointmentId: number): Promise<{ appointmentId: number }> };
  /** Intake and consent form templates (issue 31): managers edit and publish them. */
  forms: FormsPages;
};

export type PageServices = {
  /** CSP nonce of this response, for inline scripts. */
  nonce: string;
  /** Absolute site origin of this request, e.g. 'https://glowhaven.ng'. */
  origin: string;
  catalog: CatalogPages;
  reviews: ReviewPages;
  /** The unsubscribe page's link check and state (issue 17). */
  consent: ConsentPages;
  /** The client's order status page behind a signed link (issue 33). */
  orderStatus: OrderStatusPages;
  /**
   * Present only while an admin is signed in. Admin loaders do not read it directly: the admin
   * layout's middleware checks it once and hands it on (app/lib/admin-gate.ts).
   */
  admin: AdminPages | null;
};

export const pageContext = createContext<PageServices>();
