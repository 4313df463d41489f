/**
 * The Clients screen's lists and counts (admin spec §2 "Clients screen", "Client list row";
 * docs/decisions/0091-one-row-per-person-is-the-clients-table.md): the Customer Database one page
 * at a time, its stat
 * cards, Recent Bookings and the newsletter subscribers. The list reads the clients table and
 * derives visits, last activity and money spent from the linked rows; it never reads health
 * fields.
 */

import { and, asc, desc, eq, gte, inArray, isNull, like, or, type SQL, sql } from "drizzle-orm";
import {
  type ClientListQuery,
  type ClientRow,
  type ClientRowStatus,
  type ClientStats,
  clientDisplayName,
  phoneSearchDigits,
  RECENT_BOOKINGS_LIMIT,
  type RecentBooking,
} from "#common/clients.ts";
import { lagosMonth } from "#common/lagos-time.ts";
import type { Page } from "#common/paging.ts";
import { likePattern, pageWindow } from "#common/paging.ts";
import type { Db } from "#server/db/client.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { clients } from "#server/db/schema/clients.ts";
import { newsletterSubscribers } from "#server/db/schema/content.ts";
import { orders } from "#server/db/schema/orders.ts";
import { sales } from "#server/db/schema/sales.ts";
import { countPossibleDuplicates, POSSIBLE_DUPLICATE } from "./duplicates.ts";
import { type ClientScope, clientScopeCondition } from "./scope.ts";

/** A timestamp as the driver gives it (Date or text) → ISO 8601 UTC; null stays null. */
export const iso = (v: Date | string | null | undefined): string | null =>
  v === null || v === undefined ? null : new Date(v).toISOString();

/** Paid shop orders: money taken and not handed back. */
export const PAID_ORDER = sql`${orders.paidAt} is not null and ${orders.status} in ('processing','shipped','completed')`;

const SUBSCRIBED = sql`exists (select 1 from ${newsletterSubscribers} where ${newsletterSubscribers.email} = lower(${clients.email}))`;

/**
 * The Clients screen's status of a client (admin spec §3), from its own columns so that the
 * list, its filter and its order need no look-up in other tables: a managed customer (any
 * source but the website) shows its own status; a website client is a 'prospect' only while it
 * is known from the newsletter alone (`ensureClient` makes it active once it books, orders or
 * buys), shown as Subscriber; everyone else from the website is Active.
 */
const ROW_STATUS = sql<string>`case
  when ${clients.source} <> 'website' then initcap(${clients.status})
  when ${clients.status} = 'prospect' and ${SUBSCRIBED} then 'Subscriber'
  else 'Active' end`;

/**
 * Name, email, phone (any of 0803…, +234803…, 234803…) or address contains `q`, ignoring case:
 * one LIKE over the generated `search_text` (which holds the phone's national digits too).
 */
export function clientSearchCondition(q: string): SQL {
  if (!q) return sql`true`;
  const text = like(clients.searchText, likePattern(q.toLowerCase()));
  const digits = phoneSearchDigits(q);
  return digits ? (or(text, like(clients.searchText, `%${digits}%`)) as SQL) : text;
}

function statusCondition(status: ClientListQuery["status"]): SQL {
  if (status === "all") return sql`true`;
  const label = { active: "Active", subscriber: "Subscriber", inactive: "Inactive" }[status];
  return sql`(${ROW_STATUS}) = ${label}`;
}

/** The per-client figures of a list row; raw driver values (timestamps as Date or text). */
type Figures = {
  totalBookings: number;
  lastBooking: Date | string | null;
  lastService: string | null;
  lastActivity: Date | string | null;
  spentKobo: number;
};

const EMPTY_FIGURES: Figures = {
  totalBookings: 0,
  lastBooking: null,
  lastService: null,
  lastActivity: null,
  spentKobo: 0,
};

const time = (v: Date | string | null | undefined) => (v == null ? null : new Date(v).getTime());

/** The later of two timestamps (either may be null), as PostgreSQL's `greatest` picks it. */
function later<T extends Date | string | null | undefined>(a: T, b: T): T {
  const ta = time(a);
  const tb = time(b);
  if (tb === null) return a;
  if (ta === null) return b;
  return tb > ta ? b : a;
}

/**
 * Visits of the clients in `ids`, grouped per client: bookings, and appointments not made from
 * one, each with their count, latest visit, that visit's service and latest creation.
 */
function visitFigures(db: Db, ids: number[]) {
  return Promise.all([
    db
      .select({
        clientId: bookings.clientId,
        count: sql<number>`count(*)::int`,
        lastVisit: sql<Date | string | null>`max(${bookings.date})`,
        lastService: sql<
          string | null
        >`(array_agg(${bookings.serviceName} order by ${bookings.date} desc))[1]`,
        lastMade: sql<Date | string | null>`max(${bookings.createdAt})`,
      })
      .from(bookings)
      .where(inArray(bookings.clientId, ids))
      .groupBy(bookings.clientId),
    db
      .select({
        clientId: appointments.clientId,
        count: sql<number>`count(*)::int`,
        lastVisit: sql<Date | string | null>`max(${appointments.startsAt})`,
        lastService: sql<
          string | null
        >`(array_agg(${appointments.serviceName} order by ${appointments.startsAt} desc))[1]`,
        lastMade: sql<Date | string | null>`max(${appointments.createdAt})`,
      })
      .from(appointments)
      .where(and(inArray(appointments.clientId, ids), isNull(appointments.bookingId)))
      .groupBy(appointments.clientId),
  ]);
}

/** Latest sale or order and money spent (completed sales, paid orders; kobo) per client. */
function moneyFigures(db: Db, ids: number[]) {
  return Promise.all([
    db
      .select({
        clientId: sales.clientId,
        last: sql<Date | string | null>`max(${sales.soldAt})`,
        kobo: sql<
          number | string
        >`coalesce(sum(${sales.totalKobo}) filter (where ${sales.status} = 'completed'), 0)::bigint`,
      })
      .from(sales)
      .where(inArray(sales.clientId, ids))
      .groupBy(sales.clientId),
    db
      .select({
        clientId: orders.clientId,
        last: sql<Date | string | null>`max(${orders.createdAt})`,
        kobo: sql<
          number | string
        >`coalesce(sum(${orders.totalKobo}) filter (where ${PAID_ORDER}), 0)::bigint`,
      })
      .from(orders)
      .where(inArray(orders.clientId, ids))
      .groupBy(orders.clientId),
  ]);
}

/**
 * Per-client figures for the clients in `ids` (one page): visits (bookings plus appointments
 * not made from one), the latest visit and its service, the latest activity (visit made, sale
 * or order) and the money spent (completed sales and paid orders, kobo).
 */
async function pageFigures(db: Db, ids: number[]): Promise<Map<number, Figures>> {
  const [[bookingRows, appointmentRows], [saleRows, orderRows]] = await Promise.all([
    visitFigures(db, ids),
    moneyFigures(db, ids),
  ]);
  const figures = new Map<number, Figures>();
  const of = (clientId: number | null) => {
    const id = Number(clientId);
    const f = figures.get(id) ?? { ...EMPTY_FIGURES };
    figures.set(id, f);
    return f;
  };
  for (const v of [...bookingRows, ...appointmentRows]) {
    const f = of(v.clientId);
    f.totalBookings += Number(v.count);
    const latest = later(f.lastBooking, v.lastVisit);
    // The service of the latest visit; on equal instants the booking's (read first) stays.
    if (f.lastBooking === null || latest !== f.lastBooking) f.lastService = v.lastService;
    f.lastBooking = latest;
    f.lastActivity = later(f.lastActivity, v.lastMade);
  }
  for (const m of [...saleRows, ...orderRows]) {
    const f = of(m.clientId);
    f.spentKobo += Number(m.kobo);
    f.lastActivity = later(f.lastActivity, m.last);
  }
  return figures;
}

type PageRow = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  source: string;
  rowStatus: string;
  possibleDuplicate: boolean;
};

function toRow(r: PageRow, f: Figures): ClientRow {
  const managed = r.source !== "website";
  const status = r.rowStatus as ClientRowStatus;
  return {
    id: Number(r.id),
    email: r.email,
    name: clientDisplayName(r.firstName, r.lastName),
    phone: r.phone || "-",
    totalBookings: f.totalBookings,
    lastBooking: iso(f.lastBooking),
    lastService: f.lastService,
    lastActivity: iso(f.lastActivity),
    totalSpent: f.spentKobo / 100,
    status,
    isManaged: managed,
    sourceType: managed ? "customer" : status === "Subscriber" ? "subscriber" : "booking",
    possibleDuplicate: Boolean(r.possibleDuplicate),
  };
}

/** The list's order: newest client (default), name or status, in `query.dir`. */
function pageOrder(query: ClientListQuery): SQL[] {
  const dir = query.dir === "asc" ? asc : desc;
  if (query.sort === "name") {
    return [
      dir(sql`lower(${clients.firstName})`),
      dir(sql`lower(${clients.lastName})`),
      dir(clients.id),
    ];
  }
  if (query.sort === "status") return [dir(ROW_STATUS), desc(clients.id)];
  return [dir(clients.id)];
}

/**
 * One page of the Customer Database (admin spec §2): one row per client, no health fields.
 * `q` searches name, email, phone (local or +234 forms) and address, case-insensitively;
 * `status` keeps Active, Subscriber or Inactive rows; `sort` orders by newest client (default),
 * name or status; `view` 'duplicates' keeps the clients that share a phone (+234) or a name with
 * another (issue 28 item 7), each row saying whether it does; the per-client figures are computed
 * for the rows of the page only. `total` counts every client in `scope` (./scope.ts: everyone's,
 * or a therapist's own clients).
 */
export async function listClientsPage(
  db: Db,
  query: ClientListQuery,
  scope: ClientScope = null,
): Promise<Page<ClientRow>> {
  const dupes = query.view === "duplicates" ? POSSIBLE_DUPLICATE : sql`true`;
  const inScope = clientScopeCondition(scope);
  const where = sql`${clientSearchCondition(query.q)} and ${statusCondition(query.status)} and ${dupes} and ${inScope}`;
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      matching: sql<number>`(count(*) filter (where ${where}))::int`,
    })
    .from(clients)
    .where(inScope);
  const total = Number(counts?.total ?? 0);
  const matching = Number(counts?.matching ?? 0);
  const { page, offset } = pageWindow(query.page, query.pageSize, matching);
  const pageRows = await db
    .select({
      id: clients.id,
      email: clients.email,
      firstName: clients.firstName,
      lastName: clients.lastName,
      phone: clients.phone,
      source: clients.source,
      rowStatus: ROW_STATUS,
      possibleDuplicate: sql<boolean>`${POSSIBLE_DUPLICATE}`,
    })
    .from(clients)
    .where(where)
    .orderBy(...pageOrder(query))
    .limit(query.pageSize)
    .offset(offset);
  const ids = pageRows.map((r) => Number(r.id));
  const figures = ids.length > 0 ? await pageFigures(db, ids) : new Map<number, Figures>();
  const rows = pageRows.map((r) => toRow(r, figures.get(Number(r.id)) ?? EMPTY_FIGURES));
  return { rows, total, matching, page, pageSize: query.pageSize };
}

/**
 * Number of clients in `scope` (./scope.ts; default everyone's): the sidebar's Clients badge and
 * Total Customers.
 */
export async function countClients(db: Db, scope: ClientScope = null): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(clients)
    .where(clientScopeCondition(scope));
  return Number(row?.n ?? 0);
}

/**
 * A therapist's stat cards (issue 28 item 6): their clients, their appointments and those made
 * this Lagos month; newsletter subscribers are the clinic's list, not anyone's clients: 0; possible duplicates 0.
 */
export async function ownClientStats(
  db: Db,
  staffId: number,
  now: Date = new Date(),
): Promise<ClientStats> {
  const monthStart = lagosMonth(now).from;
  const mine = eq(appointments.staffId, staffId);
  const [customers, all, thisMonth] = await Promise.all([
    countClients(db, staffId),
    db.$count(appointments, mine),
    db.$count(appointments, and(mine, gte(appointments.createdAt, monthStart))),
  ]);
  // Finding duplicates is the front desk's work (issue 28 item 7), not a therapist's.
  return {
    totalCustomers: customers,
    totalBookings: all,
    thisMonth,
    newsletterSubs: 0,
    possibleDuplicates: 0,
  };
}

/**
 * The four stat cards (admin spec §2): clients, all bookings, bookings created this Lagos month
 * and newsletter subscribers; and the possible duplicates' count (issue 28 item 7).
 */
export async function clientStats(db: Db, now: Date = new Date()): Promise<ClientStats> {
  const monthStart = lagosMonth(now).from;
  const [customers, allBookings, thisMonth, subscribers, duplicates] = await Promise.all([
    db.$count(clients),
    db.$count(bookings),
    db.$count(bookings, gte(bookings.createdAt, monthStart)),
    db.$count(newsletterSubscribers),
    countPossibleDuplicates(db),
  ]);
  return {
    totalCustomers: customers,
    totalBookings: allBookings,
    thisMonth,
    newsletterSubs: subscribers,
    possibleDuplicates: duplicates,
  };
}

/** Recent Bookings (admin spec §2): up to 10 unprocessed booking requests, newest first. */
export async function listRecentBookings(db: Db): Promise<RecentBooking[]> {
  const rows = await db
    .select()
    .from(bookings)
    .where(eq(bookings.processed, false))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(RECENT_BOOKINGS_LIMIT);
  return rows.map((b) => ({
    id: b.id,
    name: b.name,
    email: b.email,
    phone: b.phone,
    serviceName: b.serviceName,
    date: b.date.toISOString(),
    message: b.message,
    createdAt: b.createdAt.toISOString(),
  }));
}

/** GET /api/subscribers (admin spec §7): newsletter subscribers, newest first. */
export async function listSubscribers(db: Db) {
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id));
  return rows.map((s) => ({
    id: s.id,
    email: s.email,
    consentAt: s.consentAt.toISOString(),
    createdAt: s.createdAt.toISOString(),
  }));
}
