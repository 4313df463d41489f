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
/** Clinical roles: treatment records and photos (issue 31). */
export const CLINICAL_ROLES: readonly AccessRole[] = ["manager", "therapist"];
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
  /** Treatment records and photos (issue 31): clinical roles only. */
  records: CLINICAL_ROLES,
  /** Intake and consent form templates (issue 31): the manager edits and publishes them. */
  forms: MANAGER_ONLY,
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
    records: "records",
    forms: "forms",
  };
  return map[segment] ?? null;
}

/** The 403 message of the API and the pages. */
export const FORBIDDEN_MESSAGE = "Your role does not allow this. Ask a manager for access.";

/**
 * The prefix of every role refusal: the area gates' FORBIDDEN_MESSAGE and the capabilities'
 * messages (`refusalOf`), so a client or test can tell a refusal from any other 403.
 */
export const REFUSAL_PREFIX = "Your role does not allow this";

/**
 * What each role may do inside the areas it opens (issue 28 item 6), as data read by the API
 * (`requireCapability`, `authorize` in server/modules/auth/roles.ts) and by the admin screens
 * (the layout loader's `capabilities`), so that the buttons a role is shown are the calls the
 * server lets through. `all`: roles allowed on any record; `own`: roles allowed only on their
 * own (a therapist's appointments, blocked time and clients: those with an appointment with
 * them). `rule` is the sentence the 403 gives and the screen shows.
 */
export const CAPABILITIES = {
  /** New Booking, Duplicate (POST /api/appointments). */
  "appointment.book": {
    all: DESK_ROLES,
    own: [],
    rule: "only the front desk or a manager books appointments",
  },
  /** Reschedule, change therapist/service/duration, Confirm, Cancel, No Show (PATCH). */
  "appointment.edit": {
    all: DESK_ROLES,
    own: [],
    rule: "only the front desk or a manager confirms, reschedules or cancels appointments",
  },
  /** Change the notes of one's own appointment (PATCH with notes only). */
  "appointment.editOwn": {
    all: DESK_ROLES,
    own: ["therapist"],
    rule: "a therapist changes only their own appointments",
  },
  /** Check-in: arrival recorded (appointments.checked_in_at; decision 0187). */
  "appointment.checkIn": {
    all: DESK_ROLES,
    own: ["therapist"],
    rule: "a therapist checks in only their own appointments",
  },
  /** Mark Complete (PATCH status 'completed'). */
  "appointment.complete": {
    all: DESK_ROLES,
    own: ["therapist"],
    rule: "a therapist completes only their own appointments",
  },
  /** Delete an appointment or a booking request from the calendar; others cancel. */
  "appointment.delete": {
    all: MANAGER_ONLY,
    own: [],
    rule: "only a manager deletes appointments; the front desk cancels them",
  },
  /** Book outside opening hours or a member's schedule, recorded in the audit log. */
  "workingHours.override": {
    all: MANAGER_ONLY,
    own: [],
    rule: "only a manager books outside working hours",
  },
  /**
   * Book, schedule or sell a consultation-first service without a consultation on record, with
   * a reason, audited (issue 30; decision 0225): a clinician's call, not the front desk's.
   */
  "consultation.override": {
    all: ["manager", "therapist"],
    own: [],
    rule: "only a therapist or a manager overrides the consultation requirement",
  },
  /** The clinic's settings (GET/PATCH /api/admin/settings), e.g. the review request on completion. */
  "settings.manage": {
    all: MANAGER_ONLY,
    own: [],
    rule: "only a manager changes the clinic's settings",
  },
  /** Block Time, and change or delete a block (own: a block of one's own staff record). */
  "blockedTime.manage": {
    all: DESK_ROLES,
    own: ["therapist"],
    rule: "a therapist blocks only their own time",
  },
  /** The whole calendar and the staff filter's All Staff (own: one's own column). */
  "calendar.viewAll": {
    all: DESK_ROLES,
    own: ["therapist"],
    rule: "a therapist sees only their own calendar",
  },
  /** Every client's record (own: clients with an appointment with the therapist). */
  "client.view": {
    all: DESK_ROLES,
    own: ["therapist"],
    rule: "a therapist sees only the records of their own clients",
  },
  /** Add and edit clients, Schedule Appointment. */
  "client.edit": {
    all: DESK_ROLES,
    own: [],
    rule: "only the front desk or a manager adds or changes clients",
  },
  /** Delete a client (DELETE /api/customers/{id}). */
  "client.delete": {
    all: MANAGER_ONLY,
    own: [],
    rule: "only a manager deletes or erases clients",
  },
  /**
   * Export Data: the client's whole record as JSON or a zip (GET /api/customers/{id}/export and
   * export.zip), their answer to an NDPA access request. It holds health data, signed forms,
   * treatment records and photos, so it goes with the other data-protection acts (decision 0319).
   */
  "client.export": {
    all: MANAGER_ONLY,
    own: [],
    rule: "only a manager exports a client's data",
  },
  /** Erase a client's personal data (POST /api/customers/{id}/erase). */
  "client.erase": {
    all: MANAGER_ONLY,
    own: [],
    rule: "only a manager deletes or erases clients",
  },
  /** Merge two client records, and undo a merge (issue 28 item 7): a merge deletes a row. */
  "client.merge": {
    all: MANAGER_ONLY,
    own: [],
    rule: "only a manager merges clients",
  },
  /** Take payment at the till (sales). */
  "sale.take": {
    all: DESK_ROLES,
    own: [],
    rule: "only the front desk or a manager takes payment",
  },
  /** Close a Lagos day at the till: count the drawer, match the tenders (issue 29). */
  "day.close": {
    all: DESK_ROLES,
    own: [],
    rule: "only the front desk or a manager closes the day",
  },
  /** Reopen a closed day so it can take a sale, refund or void again; audited (decision 0230). */
  "day.reopen": {
    all: MANAGER_ONLY,
    own: [],
    rule: "only a manager reopens a closed day",
  },
  /** Mark an offline sale's oversell settled once the stock is counted (issue 35; 0314). */
  "oversell.settle": {
    all: MANAGER_ONLY,
    own: [],
    rule: "only a manager settles an oversell, after counting the shelf",
  },
  /** Clinic revenue: the dashboard's sales figures, values and team revenue; reports. */
  "revenue.view": {
    all: MANAGER_ONLY,
    own: [],
    rule: "only a manager sees revenue",
  },
  /**
   * CSV exports (issue 29; decision 0236). Revenue and pay are a manager's (orders, pay runs,
   * the sales reports under 'revenue.view'); so are whole-base copies of personal data
   * (clients, newsletter subscribers); the booking requests the desk works every day are the
   * desk's.
   */
  "export.orders": {
    all: MANAGER_ONLY,
    own: [],
    rule: "only a manager exports orders",
  },
  "export.clients": {
    all: MANAGER_ONLY,
    own: [],
    rule: "only a manager exports the client list",
  },
  "export.bookings": {
    all: DESK_ROLES,
    own: [],
    rule: "only the front desk or a manager exports bookings",
  },
  "export.subscribers": {
    all: MANAGER_ONLY,
    own: [],
    rule: "only a manager exports newsletter subscribers",
  },
  "export.payRuns": {
    all: MANAGER_ONLY,
    own: [],
    rule: "only a manager exports pay runs",
  },
  /** Pay: rates, commission, pay runs (AREA_ROLES.pay). */
  "pay.view": {
    all: MANAGER_ONLY,
    own: [],
    rule: "only a manager sees pay",
  },
  /**
   * A client's health record in detail (issue 30): allergies, conditions, medications… Everyone
   * who sees the client sees that they have alerts and their short labels; the details are
   * need-to-know, and every read of them is audited.
   */
  "health.read": {
    all: MANAGER_ONLY,
    own: ["therapist"],
    rule: "only a therapist (for their own clients) or a manager sees health details",
  },
  /** Record and remove health entries (issue 30). */
  "health.edit": {
    all: MANAGER_ONLY,
    own: ["therapist"],
    rule: "only a therapist (for their own clients) or a manager records health details",
  },
  /** Edit and publish intake and consent form templates (issue 31). */
  "forms.manage": {
    all: MANAGER_ONLY,
    own: [],
    rule: "only a manager edits and publishes forms",
  },
  /**
   * Start, complete or charge a treatment without a current signed consent for its category,
   * with a reason, audited (issue 31): a clinician's call.
   */
  "consent.override": {
    all: ["manager", "therapist"],
    own: [],
    rule: "only a therapist or a manager goes ahead without a signed consent",
  },
  /** Go ahead past a contraindication block with a reason, audited (issue 30). */
  "health.override": {
    all: ["manager", "therapist"],
    own: [],
    rule: "only a therapist or a manager overrides a health block",
  },
  /**
   * Treatment records and before/after photos (issue 31): clinical roles only. Own: a therapist
   * reads the records of their own clients; every read is audited.
   */
  "records.read": {
    all: MANAGER_ONLY,
    own: ["therapist"],
    rule: "only a therapist (for their own clients) or a manager sees treatment records and photos",
  },
  /** Write, sign off and amend a record, take photos (own: the appointment's therapist). */
  "records.write": {
    all: MANAGER_ONLY,
    own: ["therapist"],
    rule: "only the treating therapist or a manager writes treatment records and takes photos",
  },
  /** Aftercare templates per treatment (issue 31). */
  "aftercare.manage": {
    all: MANAGER_ONLY,
    own: [],
    rule: "only a manager changes aftercare templates",
  },
} as const satisfies Record<
  string,
  { all: readonly AccessRole[]; own: readonly AccessRole[]; rule: string }
>;
export type Capability = keyof typeof CAPABILITIES;

/** How far a role holds a capability: on every record, on its own only, or not at all. */
export type Reach = "all" | "own" | "none";

/** `role`'s reach for `capability`; an unknown or missing role has none. */
export function reachOf(role: AccessRole | null | undefined, capability: Capability): Reach {
  if (!role) return "none";
  const c: { all: readonly AccessRole[]; own: readonly AccessRole[] } = CAPABILITIES[capability];
  if (c.all.includes(role)) return "all";
  return c.own.includes(role) ? "own" : "none";
}

/** Every capability's reach for `role`: what the admin layout loader hands the screens. */
export type Capabilities = Record<Capability, Reach>;

export function capabilitiesOf(role: AccessRole | null | undefined): Capabilities {
  const out = {} as Capabilities;
  for (const key of Object.keys(CAPABILITIES) as Capability[]) out[key] = reachOf(role, key);
  return out;
}

/**
 * Whether a holder of `caps` may use `capability` on a record owned by `ownerStaffId` (the
 * staff id of the appointment, block or client's therapist; undefined = no record yet, e.g. a
 * button that opens a form for one's own column).
 */
export function mayOn(
  caps: Capabilities,
  capability: Capability,
  viewerStaffId: number | null | undefined,
  ownerStaffId?: number | null,
): boolean {
  const reach = caps[capability];
  if (reach === "all") return true;
  if (reach === "none" || viewerStaffId === null || viewerStaffId === undefined) return false;
  return ownerStaffId === undefined || ownerStaffId === viewerStaffId;
}

/** The 403 message of a refused capability, naming its rule. */
export function refusalOf(capability: Capability): string {
  return `${REFUSAL_PREFIX}: ${CAPABILITIES[capability].rule}.`;
}
