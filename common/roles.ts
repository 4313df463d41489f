/**
 * Sign-in roles of the back office (issue 13, admin spec §6 made real). A role decides what an
 * account may do; the staff member's job role (common/staff.ts STAFF_ROLES) stays a label.
 * One table, `AREA_ROLES`, says who may open each admin area; the sidebar hides what a role
 * cannot open, page loaders refuse it, and every /api route declares its roles with
 * `requireRole(...)` (server/modules/auth/roles.ts), usually from the same lists.
 */

export const ACCESS_ROLES = ["manager", "front_desk", "therapist"] as const;
export type AccessRole = (typeof ACCESS_ROLES)[number];

export const ACCESS_ROLE_LABELS: Record<AccessRole, string> = {
  manager: "Manager",
  front_desk: "Front desk",
  therapist: "Therapist",
};

/** Everyone who can sign in. */
export const ANY_ROLE: readonly AccessRole[] = ACCESS_ROLES;
/** Managers and the front desk: sales, bookings, the calendar, clients, orders. */
export const DESK_ROLES: readonly AccessRole[] = ["manager", "front_desk"];
/** Managers only: pay, pay runs, managing staff and accounts, the catalogue, Clear Admin Data. */
export const MANAGER_ONLY: readonly AccessRole[] = ["manager"];

/** The admin areas a role may open (sidebar entries, page loaders). */
export const AREA_ROLES = {
  dashboard: ANY_ROLE,
  bookings: DESK_ROLES,
  sales: DESK_ROLES,
  /** Everyone: the team list and the time clock; pay tabs are manager-only inside. */
  staff: ANY_ROLE,
  orders: DESK_ROLES,
  /** The front desk sees the catalogue (prices, stock); only managers change it (API). */
  products: DESK_ROLES,
  services: DESK_ROLES,
  /** Therapists see their clients' notes. */
  clients: ANY_ROLE,
  /** Therapists see their own calendar. */
  calendar: ANY_ROLE,
  profile: ANY_ROLE,
  outbox: MANAGER_ONLY,
  reviews: DESK_ROLES,
  audit: MANAGER_ONLY,
  /** Pay & Commissions, Analytics, pay figures on a member. */
  pay: MANAGER_ONLY,
  /** Add, edit, remove members; grant access. */
  manageStaff: MANAGER_ONLY,
  clearData: MANAGER_ONLY,
  /** Download backup (GET /api/admin/backup): the whole database, health notes included. */
  backup: MANAGER_ONLY,
  /** Scheduled jobs and their last runs (issue 16). */
  operations: MANAGER_ONLY,
  /** The API reference (issue 16): every signed-in staff member. */
  api: ANY_ROLE,
  /** Account security (issue 14): everyone's own two-step sign-in. */
  account: ANY_ROLE,
} as const satisfies Record<string, readonly AccessRole[]>;
export type AdminArea = keyof typeof AREA_ROLES;

/** Whether `role` may open `area`; an unknown or missing role may open nothing. */
export function canOpen(role: AccessRole | null | undefined, area: AdminArea): boolean {
  return role !== null && role !== undefined && AREA_ROLES[area].includes(role);
}

/** The area an admin URL path belongs to, e.g. '/admin/tasks' → 'bookings'; null if none. */
export function areaOfPath(pathname: string): AdminArea | null {
  const segment = pathname.replace(/^\/admin\/?/, "").split("/")[0] ?? "";
  const map: Record<string, AdminArea> = {
    "": "dashboard",
    analytics: "dashboard",
    bookings: "bookings",
    tasks: "bookings",
    sales: "sales",
    staff: "staff",
    orders: "orders",
    products: "products",
    services: "services",
    clients: "clients",
    profile: "profile",
    calendar: "calendar",
    outbox: "outbox",
    reviews: "reviews",
    audit: "audit",
    operations: "operations",
    api: "api",
    account: "account",
  };
  return map[segment] ?? null;
}

/** The 403 message of the API and the pages. */
export const FORBIDDEN_MESSAGE = "Your role does not allow this. Ask a manager for access.";
