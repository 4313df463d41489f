/**
 * Clients: one row per person across managed customers, booking requests, appointments, shop
 * orders, POS sales and newsletter sign-ups (admin spec §2 "Clients screen", §3 "Customer",
 * "Client list row"; docs/decisions.md "Clients (issue 12)"). Every record that names a person
 * links to `clients` through `ensureClient` in its own transaction; the list reads the clients
 * table and derives counts, last activity and totals from the linked rows. Health fields are
 * read only by `getClientRecord` and `exportClient` (NDPA 2023).
 */

import { TZDate } from "@date-fns/tz";
import { startOfMonth } from "date-fns";
import { and, desc, eq, sql } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import { BUSINESS_TIME_ZONE } from "#common/business.ts";
import {
  CLIENT_MESSAGES,
  type ClientDetail,
  type ClientListQuery,
  type ClientRecord,
  type ClientRow,
  type ClientRowStatus,
  type ClientSource,
  type ClientStats,
  type ClientStatus,
  type ClientVisit,
  type ConsentSource,
  type CustomerInput,
  type CustomerNote,
  type CustomerPatch,
  clientDisplayName,
  phoneSearchDigits,
  RECENT_ACTIVITY_LIMIT,
  RECENT_BOOKINGS_LIMIT,
  type RecentBooking,
  type SalesSummary,
  type SkinType,
  type TimelineItem,
} from "#common/clients.ts";
import { formatNaira, koboToNaira, koboToNairaText } from "#common/money.ts";
import { shownStatus } from "#common/outbox.ts";
import { likePattern, type Page, pageWindow } from "#common/paging.ts";
import type { ReviewRecord } from "#common/reviews.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { bookings, reviews } from "#server/db/schema/bookings.ts";
import { clientHealth, clients, customerNotes } from "#server/db/schema/clients.ts";
import { newsletterSubscribers } from "#server/db/schema/content.ts";
import { SQL_STATE, sqlState } from "#server/db/sql-state.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import { optOutsOf } from "#server/modules/consent/service.ts";
import { listMessagesFor } from "#server/modules/messages/service.ts";
import { listClientSales } from "./sales.ts";

/** The rows of a raw `db.execute` answer (both drivers, PGlite and node-postgres, give `rows`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const iso = (v: Date | string | null | undefined): string | null =>
  v === null || v === undefined ? null : new Date(v).toISOString();

/**
 * The id of the client with `email` (compared lower-cased), creating one when there is none:
 * `INSERT … ON CONFLICT (lower(email))`, so concurrent calls for one email make one row. A new
 * client gets the email lower-cased, the name split at the first space, the phone, `source`
 * (default 'manual'; website bookings, orders and sign-ups pass 'website') and `status` (default
 * 'active'; a newsletter-only person is a 'prospect'). An existing client keeps its name (filled
 * in only when it had none); its phone is filled in only when it had none; a prospect becomes
 * active once it books or buys. `consent` records marketing consent with its date and source
 * (NDPA 2023) unless consent is already on file. Call it inside the transaction of the record
 * that names the client.
 */
export async function ensureClient(
  tx: Db | Tx,
  person: { email: string; name?: string | null; phone?: string | null },
  options: { source?: ClientSource; status?: ClientStatus; consent?: ConsentSource } = {},
): Promise<number> {
  const email = person.email.trim().toLowerCase();
  const name = (person.name ?? "").trim();
  const space = name.indexOf(" ");
  const firstName = space < 0 ? name : name.slice(0, space);
  const lastName = space < 0 ? "" : name.slice(space + 1).trim();
  const phone = person.phone?.trim() || null;
  const source = options.source ?? "manual";
  const status = options.status ?? "active";
  const consent = options.consent ?? null;
  const result = await tx.execute<{ id: number }>(sql`
    insert into clients (email, first_name, last_name, phone, source, status,
      marketing_consent, marketing_consent_at, marketing_consent_source)
    values (${email}, ${firstName}, ${lastName}, ${phone}, ${source}, ${status},
      ${consent !== null}, ${consent !== null ? sql`now()` : null}, ${consent})
    on conflict ((lower(email))) do update set
      phone = coalesce(clients.phone, excluded.phone),
      first_name = case when clients.first_name = '' and clients.last_name = ''
        then excluded.first_name else clients.first_name end,
      last_name = case when clients.first_name = '' and clients.last_name = ''
        then excluded.last_name else clients.last_name end,
      status = case when clients.status = 'prospect' and excluded.status = 'active'
        then 'active' else clients.status end,
      marketing_consent = clients.marketing_consent or excluded.marketing_consent,
      marketing_consent_at = case when clients.marketing_consent
        then clients.marketing_consent_at else excluded.marketing_consent_at end,
      marketing_consent_source = case when clients.marketing_consent
        then clients.marketing_consent_source else excluded.marketing_consent_source end,
      updated_at = now()
    returning id`);
  const id = rowsOf<{ id: number }>(result)[0]?.id;
  if (id === undefined) throw new Error("ensureClient returned no row");
  return Number(id);
}

// ---------------------------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------------------------

/** Paid shop orders: money taken and not handed back. */
const PAID_ORDER = sql.raw(
  `o.paid_at is not null and o.status in ('processing','shipped','completed')`,
);

const SUBSCRIBED = sql.raw(
  `exists (select 1 from newsletter_subscribers ns where ns.email = lower(c.email))`,
);

/**
 * The Clients screen's status of client `c` (admin spec §3), from its own columns so that the
 * list, its filter and its order need no look-up in other tables: a managed customer (any
 * source but the website) shows its own status; a website client is a 'prospect' only while it
 * is known from the newsletter alone (`ensureClient` makes it active once it books, orders or
 * buys), shown as Subscriber; everyone else from the website is Active.
 */
const ROW_STATUS = sql`case
  when c.source <> 'website' then initcap(c.status)
  when c.status = 'prospect' and ${SUBSCRIBED} then 'Subscriber'
  else 'Active' end`;

/**
 * Name, email, phone (any of 0803…, +234803…, 234803…) or address contains `q`, ignoring case:
 * one LIKE over the generated `search_text` (which holds the phone's national digits too).
 */
export function clientSearchCondition(q: string) {
  if (!q) return sql`true`;
  const text = sql`c.search_text like ${likePattern(q.toLowerCase())}`;
  const digits = phoneSearchDigits(q);
  return digits ? sql`(${text} or c.search_text like ${`%${digits}%`})` : text;
}

function statusCondition(status: ClientListQuery["status"]) {
  if (status === "all") return sql`true`;
  const label = { active: "Active", subscriber: "Subscriber", inactive: "Inactive" }[status];
  return sql`(${ROW_STATUS}) = ${label}`;
}

type RowData = {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  source: string;
  row_status: string;
  total_bookings: number | string;
  last_booking: Date | string | null;
  last_service: string | null;
  last_activity: Date | string | null;
  spent_kobo: number | string;
};

/**
 * Per-client figures for the clients in `ids` (one page): visits (bookings plus appointments not made from one), the latest visit and its
 * service, the latest activity (visit, sale or paid order) and the money spent (completed sales
 * and paid orders, kobo).
 */
function figures(ids: number[]) {
  const only = (col: string) =>
    sql`${sql.raw(col)} in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`;
  return sql`
    visits as (
      select b.client_id, b.created_at as at, b.date as visit_at, b.service_name
        from bookings b where ${only("b.client_id")}
      union all
      select a.client_id, a.created_at, a.starts_at, a.service_name
        from appointments a where ${only("a.client_id")} and a.booking_id is null
    ),
    visit_figures as (
      select client_id, count(*)::int as total_bookings, max(visit_at) as last_booking,
        (array_agg(service_name order by visit_at desc))[1] as last_service, max(at) as last_visit_made
      from visits group by client_id
    ),
    sale_figures as (
      select s.client_id, max(s.sold_at) as last_sale,
        coalesce(sum(s.total_kobo) filter (where s.status = 'completed'), 0)::bigint as kobo
      from sales s where ${only("s.client_id")} group by s.client_id
    ),
    order_figures as (
      select o.client_id, max(o.created_at) as last_order,
        coalesce(sum(o.total_kobo) filter (where ${PAID_ORDER}), 0)::bigint as kobo
      from orders o where ${only("o.client_id")} group by o.client_id
    )`;
}

const FIGURE_COLUMNS = sql`coalesce(vf.total_bookings, 0) as total_bookings,
  vf.last_booking, vf.last_service,
  greatest(vf.last_visit_made, sf.last_sale, ofg.last_order) as last_activity,
  (coalesce(sf.kobo, 0) + coalesce(ofg.kobo, 0)) as spent_kobo`;

const FIGURE_JOINS = sql`left join visit_figures vf on vf.client_id = c.id
  left join sale_figures sf on sf.client_id = c.id
  left join order_figures ofg on ofg.client_id = c.id`;

function toRow(r: RowData): ClientRow {
  const managed = r.source !== "website";
  const status = r.row_status as ClientRowStatus;
  return {
    id: Number(r.id),
    email: r.email,
    name: clientDisplayName(r.first_name, r.last_name),
    phone: r.phone || "-",
    totalBookings: Number(r.total_bookings),
    lastBooking: iso(r.last_booking),
    lastService: r.last_service,
    lastActivity: iso(r.last_activity),
    totalSpent: Number(r.spent_kobo) / 100,
    status,
    isManaged: managed,
    sourceType: managed ? "customer" : status === "Subscriber" ? "subscriber" : "booking",
  };
}

/**
 * One page of the Customer Database (admin spec §2): one row per client, no health fields.
 * `q` searches name, email, phone (local or +234 forms) and address, case-insensitively;
 * `status` keeps Active, Subscriber or Inactive rows; `sort` orders by newest client (default),
 * name or status; the per-client figures are computed for the rows of the page only. `total` counts every client.
 */
export async function listClientsPage(db: Db, query: ClientListQuery): Promise<Page<ClientRow>> {
  const where = sql`${clientSearchCondition(query.q)} and ${statusCondition(query.status)}`;
  const [counts] = rowsOf<{ total: number | string; matching: number | string }>(
    await db.execute(sql`select
      (select count(*) from clients)::int as total,
      (select count(*) from clients c where ${where})::int as matching`),
  );
  const total = Number(counts?.total ?? 0);
  const matching = Number(counts?.matching ?? 0);
  const { page, offset } = pageWindow(query.page, query.pageSize, matching);
  const dir = sql.raw(query.dir === "asc" ? "asc" : "desc");

  const order =
    query.sort === "name"
      ? sql`lower(c.first_name) ${dir}, lower(c.last_name) ${dir}, c.id ${dir}`
      : query.sort === "status"
        ? sql`row_status ${dir}, c.id desc`
        : sql`c.id ${dir}`;
  const pageRows = rowsOf<Omit<RowData, keyof typeof EMPTY_FIGURES>>(
    await db.execute(sql`select c.id, c.email, c.first_name, c.last_name, c.phone, c.source,
        ${ROW_STATUS} as row_status
      from clients c where ${where}
      order by ${order}
      limit ${query.pageSize} offset ${offset}`),
  );
  // The per-client figures, for the rows of this page only.
  const ids = pageRows.map((r) => Number(r.id));
  const extra = new Map<number, typeof EMPTY_FIGURES>();
  if (ids.length > 0) {
    const figureRows = rowsOf<typeof EMPTY_FIGURES & { id: number }>(
      await db.execute(sql`with ${figures(ids)}
        select c.id, ${FIGURE_COLUMNS} from clients c ${FIGURE_JOINS}
        where c.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`),
    );
    for (const f of figureRows) extra.set(Number(f.id), f);
  }
  const rows = pageRows.map((r) => ({ ...r, ...(extra.get(Number(r.id)) ?? EMPTY_FIGURES) }));
  return { rows: rows.map(toRow), total, matching, page, pageSize: query.pageSize };
}

const EMPTY_FIGURES = {
  total_bookings: 0 as number | string,
  last_booking: null as Date | string | null,
  last_service: null as string | null,
  last_activity: null as Date | string | null,
  spent_kobo: 0 as number | string,
};

/** Number of clients: the sidebar's Clients badge and Total Customers. */
export async function countClients(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(clients);
  return Number(row?.n ?? 0);
}

/**
 * The four stat cards (admin spec §2): clients, all bookings, bookings created this Lagos month
 * and newsletter subscribers.
 */
export async function clientStats(db: Db, now: Date = new Date()): Promise<ClientStats> {
  const monthStart = new Date(startOfMonth(new TZDate(now, BUSINESS_TIME_ZONE)).getTime());
  const [row] = rowsOf<Record<string, number | string>>(
    await db.execute(sql`select
      (select count(*) from clients)::int as customers,
      (select count(*) from bookings)::int as bookings,
      (select count(*) from bookings where created_at >= ${monthStart.toISOString()}::timestamptz)::int as month,
      (select count(*) from newsletter_subscribers)::int as subs`),
  );
  return {
    totalCustomers: Number(row?.customers ?? 0),
    totalBookings: Number(row?.bookings ?? 0),
    thisMonth: Number(row?.month ?? 0),
    newsletterSubs: Number(row?.subs ?? 0),
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

// ---------------------------------------------------------------------------------------------
// One client
// ---------------------------------------------------------------------------------------------

/** The client whose email is `email` (case-insensitive), or null. */
export async function findClientByEmail(db: Db | Tx, email: string) {
  const [row] = await db
    .select()
    .from(clients)
    .where(sql`lower(${clients.email}) = ${email.trim().toLowerCase()}`);
  return row ?? null;
}

async function moneyAndVisit(db: Db | Tx, id: number) {
  const [row] = rowsOf<{ kobo: number | string; last_visit: Date | string | null }>(
    await db.execute(sql`select
      (coalesce((select sum(total_kobo) from sales where client_id = ${id} and status = 'completed'), 0)
       + coalesce((select sum(o.total_kobo) from orders o where o.client_id = ${id} and ${PAID_ORDER}), 0))::bigint as kobo,
      greatest(
        (select max(starts_at) from appointments where client_id = ${id} and status = 'completed'),
        (select max(date) from bookings where client_id = ${id} and (status = 'completed' or (processed and status not in ('cancelled', 'no-show'))) and date <= now())
      ) as last_visit`),
  );
  return { kobo: Number(row?.kobo ?? 0), lastVisit: iso(row?.last_visit) };
}

/**
 * A client's own record (admin spec §3 "Customer"), health fields included: only the dialog
 * and the client's export read it. Null for an unknown id.
 */
export async function getClientRecord(db: Db | Tx, id: number): Promise<ClientRecord | null> {
  const [row] = await db
    .select({ c: clients, h: clientHealth })
    .from(clients)
    .leftJoin(clientHealth, eq(clientHealth.clientId, clients.id))
    .where(eq(clients.id, id));
  if (!row) return null;
  const { c, h } = row;
  const [sub] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, c.email.toLowerCase()));
  const { kobo, lastVisit } = await moneyAndVisit(db, id);
  return {
    id: c.id,
    email: c.email,
    firstName: c.firstName,
    lastName: c.lastName,
    name: clientDisplayName(c.firstName, c.lastName),
    phone: c.phone,
    address: c.address,
    city: c.city,
    state: c.state,
    zipCode: c.zipCode,
    dateOfBirth: c.dateOfBirth,
    status: c.status as ClientStatus,
    marketingConsent: c.marketingConsent,
    marketingConsentAt: iso(c.marketingConsentAt),
    marketingConsentSource: (c.marketingConsentSource as ConsentSource | null) ?? null,
    source: c.source as ClientSource,
    referredBy: c.referredBy,
    preferredServices: c.preferredServices,
    lastVisit,
    totalSpent: koboToNairaText(kobo),
    subscribed: sub !== undefined,
    createdAt: c.createdAt.toISOString(),
    emergencyContact: h?.emergencyContact ?? null,
    emergencyPhone: h?.emergencyPhone ?? null,
    medicalConditions: h?.medicalConditions ?? null,
    allergies: h?.allergies ?? null,
    skinType: (h?.skinType as SkinType | null) ?? null,
  };
}

type VisitRow = {
  key: string;
  service_name: string;
  visit_at: Date | string;
  status: string;
  processed: boolean;
};

function visitLabel(status: string, processed: boolean): ClientVisit["label"] {
  if (status === "cancelled") return "Cancelled";
  if (status === "no-show") return "No Show";
  return status === "completed" || processed ? "Completed" : "Pending";
}

/** Every visit of client `id` (bookings, and appointments not made from one), newest first. */
async function clientVisits(db: Db | Tx, id: number): Promise<ClientVisit[]> {
  const rows = rowsOf<VisitRow>(
    await db.execute(sql`
      select 'booking-' || b.id as key, b.service_name, b.date as visit_at, b.status, b.processed
        from bookings b where b.client_id = ${id}
      union all
      select 'appointment-' || a.id, a.service_name, a.starts_at, a.status, false
        from appointments a where a.client_id = ${id} and a.booking_id is null
      order by visit_at desc, key desc`),
  );
  return rows.map((r) => ({
    key: r.key,
    serviceName: r.service_name,
    date: new Date(r.visit_at).toISOString(),
    status: r.status,
    label: visitLabel(r.status, r.processed),
  }));
}

/** Reviews left under the client's email (admin spec §2 "Reviews": matched by email). */
async function clientReviews(db: Db | Tx, email: string): Promise<ReviewRecord[]> {
  const rows = await db
    .select()
    .from(reviews)
    .where(sql`lower(${reviews.customerEmail}) = ${email.toLowerCase()}`)
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map((r) => ({
    id: r.id,
    bookingId: r.bookingId,
    customerName: r.customerName,
    customerEmail: r.customerEmail,
    rating: r.rating,
    reviewText: r.reviewText,
    serviceName: r.serviceName,
    createdAt: r.createdAt.toISOString(),
  }));
}

async function clientOrders(db: Db | Tx, id: number) {
  return rowsOf<{ id: number; status: string; total_kobo: number; created_at: Date | string }>(
    await db.execute(sql`select id, status, total_kobo, created_at from orders
      where client_id = ${id} order by created_at desc, id desc`),
  );
}

async function notesOf(db: Db | Tx, id: number): Promise<CustomerNote> {
  const [row] = await db.select().from(customerNotes).where(eq(customerNotes.clientId, id));
  return { notes: row?.notes ?? "", updatedAt: iso(row?.updatedAt) };
}

/** Kobo → '₦12,500': whole naira outside the point of sale (admin spec "Currency"). */
const nairaText = (kobo: number) => formatNaira(koboToNaira(kobo));

/** The latest messages a client's timeline shows (issue 17). */
const CLIENT_MESSAGES_LIMIT = 50;

/**
 * Everything the customer detail dialog shows (admin spec §2): the record, the summary and
 * Recent Activity from visits, the sales with their summary (completed only), reviews by email,
 * notes, a timeline of visits, sales, orders, reviews, the note and the messages sent to them
 * (issue 17; the latest 50), newest first, and their opt-outs of reminders and marketing.
 */
export async function getClientDetail(db: Db, id: number): Promise<ClientDetail | null> {
  const client = await getClientRecord(db, id);
  if (!client) return null;
  const [visits, sales, clientReviewList, orders, notes, messages, optOuts] = await Promise.all([
    clientVisits(db, id),
    listClientSales(db, { clientId: id, email: client.email }),
    clientReviews(db, client.email),
    clientOrders(db, id),
    notesOf(db, id),
    listMessagesFor(db, { clientEmail: client.email, phone: client.phone }, CLIENT_MESSAGES_LIMIT),
    optOutsOf(db, { email: client.email, phone: client.phone }),
  ]);
  const completed = sales.filter((s) => s.status === "completed");
  const spent = completed.reduce((sum, s) => sum + Math.round(Number(s.totalAmount) * 100), 0);
  const salesSummary: SalesSummary = {
    totalSpent: spent / 100,
    totalOrders: completed.length,
    averageOrder: completed.length ? Math.round(spent / completed.length) / 100 : 0,
  };
  const timeline: TimelineItem[] = [
    ...visits.map((v) => ({
      key: v.key,
      kind: "visit" as const,
      at: v.date,
      title: v.serviceName,
      detail: v.label,
    })),
    ...sales.map((s) => ({
      key: `sale-${s.id}`,
      kind: "sale" as const,
      at: s.saleDate,
      title: `Sale #${s.saleNumber}: ${s.itemName}`,
      detail: `${nairaText(Math.round(Number(s.totalAmount) * 100))} · ${s.status}`,
    })),
    ...orders.map((o) => ({
      key: `order-${o.id}`,
      kind: "order" as const,
      at: new Date(o.created_at).toISOString(),
      title: `Shop order #${o.id}`,
      detail: `${nairaText(Number(o.total_kobo))} · ${o.status}`,
    })),
    ...clientReviewList.map((r) => ({
      key: `review-${r.id}`,
      kind: "review" as const,
      at: r.createdAt,
      title: `Review: ${r.serviceName}`,
      detail: `${r.rating} of 5 stars`,
    })),
    ...messages.map((m) => ({
      key: `message-${m.id}`,
      kind: "message" as const,
      at: m.sentAt ?? m.createdAt,
      title: `${m.channel === "whatsapp" ? "WhatsApp" : "Email"}: ${m.subject}`,
      detail: `${m.template ?? m.kind} · ${shownStatus({ status: m.status, deliveryStatus: m.deliveryStatus })}`,
    })),
    ...(notes.notes && notes.updatedAt
      ? [
          {
            key: "note",
            kind: "note" as const,
            at: notes.updatedAt,
            title: "Notes updated",
            detail: notes.notes.length > 80 ? `${notes.notes.slice(0, 80)}…` : notes.notes,
          },
        ]
      : []),
  ].sort((a, b) => (a.at === b.at ? a.key.localeCompare(b.key) : b.at.localeCompare(a.at)));
  return {
    client,
    summary: {
      total: visits.length,
      completed: visits.filter((v) => v.label === "Completed").length,
      cancelled: visits.filter((v) => v.label === "Cancelled").length,
    },
    recentActivity: visits.slice(0, RECENT_ACTIVITY_LIMIT),
    sales,
    salesSummary,
    reviews: clientReviewList,
    notes,
    timeline,
    optOuts,
  };
}

// ---------------------------------------------------------------------------------------------
// Changes
// ---------------------------------------------------------------------------------------------

function duplicate(): HttpError {
  return new HttpError(409, CLIENT_MESSAGES.duplicateEmail, {
    email: CLIENT_MESSAGES.duplicateEmail,
  });
}

function healthValues(input: CustomerInput) {
  return {
    emergencyContact: input.emergencyContact,
    emergencyPhone: input.emergencyPhone,
    medicalConditions: input.medicalConditions,
    allergies: input.allergies,
    skinType: input.skinType,
  };
}

/**
 * POST /api/customers (admin spec §3, §5): a managed client with every field; health fields in
 * `client_health` (only when one is given). Marketing consent is recorded as given by staff,
 * now. Audited without health data.
 * @throws HttpError 409 when the email (any case) already belongs to a client.
 */
export async function createClient(
  db: Db,
  admin: AdminIdentity,
  input: CustomerInput,
): Promise<ClientRecord> {
  const email = input.email.toLowerCase();
  try {
    const id = await db.transaction(async (tx) => {
      if (await findClientByEmail(tx, email)) throw duplicate();
      const [row] = await tx
        .insert(clients)
        .values({
          email,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          address: input.address,
          city: input.city,
          state: input.state,
          zipCode: input.zipCode,
          dateOfBirth: input.dateOfBirth,
          status: input.status,
          marketingConsent: input.marketingConsent,
          marketingConsentAt: input.marketingConsent ? new Date() : null,
          marketingConsentSource: input.marketingConsent ? "admin" : null,
          source: input.source,
          referredBy: input.referredBy,
          preferredServices: input.preferredServices,
        })
        .returning({ id: clients.id });
      if (!row) throw new Error("insert returned no row");
      const health = healthValues(input);
      if (Object.values(health).some((v) => v !== null)) {
        await tx.insert(clientHealth).values({ clientId: row.id, ...health });
      }
      // Link what the person already did under this email (e.g. a POS sale before the record).
      await relinkByEmail(tx, row.id, email);
      await recordAudit(tx, admin, {
        action: "client.create",
        entity: "client",
        entityId: row.id,
        details: { source: input.source, status: input.status },
      });
      return row.id;
    });
    const record = await getClientRecord(db, id);
    if (!record) throw new Error("client vanished after insert");
    return record;
  } catch (err) {
    if (sqlState(err) === SQL_STATE.uniqueViolation) throw duplicate();
    throw err;
  }
}

/** Links rows that name `email` but no client to client `id`. */
async function relinkByEmail(tx: Db | Tx, id: number, email: string) {
  for (const table of ["bookings", "orders", "appointments"] as const) {
    await tx.execute(sql`update ${sql.raw(table)} set client_id = ${id}
      where client_id is null and lower(${sql.raw(table === "bookings" ? "email" : "customer_email")}) = ${email}`);
  }
  await tx.execute(sql`update sales set client_id = ${id}
    where client_id is null and lower(customer_email) = ${email}`);
}

/**
 * PATCH /api/customers/{email} (admin spec §7): name (split at the first space), phone and
 * newEmail. An email change moves the person's history with it: bookings, appointments, sales,
 * orders, reviews and the newsletter sign-up are re-addressed in the same transaction. Audited.
 * @throws HttpError 404 for an unknown email; 409 when newEmail belongs to another client.
 */
export async function updateClientByEmail(
  db: Db,
  admin: AdminIdentity,
  email: string,
  patch: CustomerPatch,
): Promise<ClientRecord> {
  try {
    const id = await db.transaction(async (tx) => {
      const current = await findClientByEmail(tx, email);
      if (!current) throw new HttpError(404, CLIENT_MESSAGES.notFound);
      const changes: Partial<typeof clients.$inferInsert> = { updatedAt: new Date() };
      if (patch.name !== undefined) {
        const space = patch.name.indexOf(" ");
        changes.firstName = space < 0 ? patch.name : patch.name.slice(0, space);
        changes.lastName = space < 0 ? "" : patch.name.slice(space + 1).trim();
      }
      if (patch.phone !== undefined) changes.phone = patch.phone;
      const oldEmail = current.email.toLowerCase();
      const newEmail = patch.newEmail?.toLowerCase();
      const moving = newEmail !== undefined && newEmail !== oldEmail;
      if (moving) {
        const other = await findClientByEmail(tx, newEmail);
        if (other && other.id !== current.id) throw duplicate();
        changes.email = newEmail;
      }
      // Managed from now on: staff edited the record.
      if (current.source === "website") changes.source = "manual";
      await tx.update(clients).set(changes).where(eq(clients.id, current.id));
      if (moving) await moveHistory(tx, current.id, oldEmail, newEmail);
      await recordAudit(tx, admin, {
        action: "client.update",
        entity: "client",
        entityId: current.id,
        details: {
          fields: Object.keys(changes).filter((k) => k !== "updatedAt"),
          ...(moving ? { emailChanged: true } : {}),
        },
      });
      return current.id;
    });
    const record = await getClientRecord(db, id);
    if (!record) throw new HttpError(404, CLIENT_MESSAGES.notFound);
    return record;
  } catch (err) {
    if (sqlState(err) === SQL_STATE.uniqueViolation) throw duplicate();
    throw err;
  }
}

/** Re-addresses everything of client `id` (or under `from`) to email `to`. */
async function moveHistory(tx: Db | Tx, id: number, from: string, to: string) {
  await tx.execute(sql`update bookings set email = ${to}, client_id = ${id}
    where client_id = ${id} or lower(email) = ${from}`);
  for (const table of ["appointments", "orders", "sales"] as const) {
    await tx.execute(sql`update ${sql.raw(table)} set customer_email = ${to}, client_id = ${id}
      where client_id = ${id} or lower(customer_email) = ${from}`);
  }
  await tx.execute(
    sql`update reviews set customer_email = ${to} where lower(customer_email) = ${from}`,
  );
  const [sub] = await tx
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, from));
  if (sub) {
    const [taken] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, to));
    if (taken) await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, sub.id));
    else
      await tx
        .update(newsletterSubscribers)
        .set({ email: to })
        .where(eq(newsletterSubscribers.id, sub.id));
  }
}

/**
 * DELETE /api/customers/{id} (admin spec §5): removes the client with its health record and
 * notes; bookings, appointments, sales and orders keep their copied name and email (client_id
 * set null). Audited.
 * @throws HttpError 404 for an unknown id.
 */
export async function deleteClient(db: Db, admin: AdminIdentity, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(clients)
      .where(eq(clients.id, id))
      .returning({ id: clients.id });
    if (deleted.length === 0) throw new HttpError(404, CLIENT_MESSAGES.notFound);
    await recordAudit(tx, admin, { action: "client.delete", entity: "client", entityId: id });
  });
}

/** GET /api/customer-notes/{email}: the notes, '' and null when none (or no such client). */
export async function getNotesByEmail(db: Db, email: string): Promise<CustomerNote> {
  const client = await findClientByEmail(db, email);
  if (!client) return { notes: "", updatedAt: null };
  return notesOf(db, client.id);
}

/**
 * PUT /api/customer-notes/{email} (admin spec §5): saves the trimmed notes ('' allowed). Audited
 * without the text.
 * @throws HttpError 404 when no client has that email.
 */
export async function saveNotesByEmail(
  db: Db,
  admin: AdminIdentity,
  email: string,
  notes: string,
): Promise<CustomerNote> {
  return db.transaction(async (tx) => {
    const client = await findClientByEmail(tx, email);
    if (!client) throw new HttpError(404, CLIENT_MESSAGES.notFound);
    const now = new Date();
    await tx
      .insert(customerNotes)
      .values({ clientId: client.id, notes, updatedAt: now })
      .onConflictDoUpdate({ target: customerNotes.clientId, set: { notes, updatedAt: now } });
    await recordAudit(tx, admin, {
      action: "client.notes",
      entity: "client",
      entityId: client.id,
      details: { length: notes.length },
    });
    return { notes, updatedAt: now.toISOString() };
  });
}

/** Whether `id` names a client. */
export async function clientExists(db: Db | Tx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, id)));
  return row !== undefined;
}
