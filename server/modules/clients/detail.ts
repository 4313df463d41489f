/**
 * One client as the customer detail dialog shows them (admin spec §2 "Customer details", §3
 * "Customer"): their own record with health fields (NDPA 2023: read only here and by the
 * client's export), visits, sales, shop orders, reviews, notes, messages and opt-outs, and the
 * timeline that puts them in one list, newest first. Money is kobo in the db; the record's
 * total is naira text, the timeline's whole naira.
 */

import { and, desc, eq, isNull, sql } from "drizzle-orm";
import {
  type ClientDetail,
  type ClientRecord,
  type ClientSale,
  type ClientSource,
  type ClientStatus,
  type ClientVisit,
  type ConsentSource,
  type CustomerNote,
  clientDisplayName,
  RECENT_ACTIVITY_LIMIT,
  type SalesSummary,
  type SkinType,
  type TimelineItem,
} from "#common/clients.ts";
import { formatNaira, koboToNaira, koboToNairaText } from "#common/money.ts";
import { shownStatus } from "#common/outbox.ts";
import type { ReviewRecord } from "#common/reviews.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { bookings, reviews } from "#server/db/schema/bookings.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { clientHealth, clients, customerNotes } from "#server/db/schema/clients.ts";
import { newsletterSubscribers } from "#server/db/schema/content.ts";
import { orders } from "#server/db/schema/orders.ts";
import { sales } from "#server/db/schema/sales.ts";
import { optOutsOf } from "#server/modules/consent/service.ts";
import { listMessagesFor } from "#server/modules/messages/service.ts";
import { listClientSales } from "#server/modules/sales/records.ts";
import { findDuplicatesOf } from "./duplicates.ts";
import { iso, PAID_ORDER } from "./list.ts";
import { listUndoableMerges } from "./merge-undo.ts";

/**
 * Money spent by client `id` (completed sales and paid orders, kobo) and their last visit: the
 * latest completed appointment, or booking that is completed or processed and not cancelled
 * or a no-show, up to now.
 */
async function moneyAndVisit(db: Db | Tx, id: number) {
  const salesKobo = db
    .select({ kobo: sql`sum(${sales.totalKobo})` })
    .from(sales)
    .where(and(eq(sales.clientId, id), eq(sales.status, "completed")));
  const ordersKobo = db
    .select({ kobo: sql`sum(${orders.totalKobo})` })
    .from(orders)
    .where(and(eq(orders.clientId, id), PAID_ORDER));
  const lastAppointment = db
    .select({ at: sql`max(${appointments.startsAt})` })
    .from(appointments)
    .where(and(eq(appointments.clientId, id), eq(appointments.status, "completed")));
  const lastBooking = db
    .select({ at: sql`max(${bookings.date})` })
    .from(bookings)
    .where(
      and(
        eq(bookings.clientId, id),
        sql`(${bookings.status} = 'completed' or (${bookings.processed} and ${bookings.status} not in ('cancelled', 'no-show')))`,
        sql`${bookings.date} <= now()`,
      ),
    );
  const [row] = await db
    .select({
      kobo: sql<number | string>`(coalesce(${salesKobo}, 0) + coalesce(${ordersKobo}, 0))::bigint`,
      lastVisit: sql<Date | string | null>`greatest(${lastAppointment}, ${lastBooking})`,
    })
    .from(clients)
    .where(eq(clients.id, id));
  return { kobo: Number(row?.kobo ?? 0), lastVisit: iso(row?.lastVisit) };
}

/**
 * A client's own record (admin spec §3 "Customer"). The health details (allergies, medical
 * conditions) are need-to-know (issue 30): null here unless `withHealth` (the client's own
 * export); the dialog reads them through the health record (server/modules/health), which
 * audits the read. Null for an unknown id.
 */
export async function getClientRecord(
  db: Db | Tx,
  id: number,
  options: { withHealth?: boolean } = {},
): Promise<ClientRecord | null> {
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
    medicalConditions: options.withHealth ? (h?.medicalConditions ?? null) : null,
    allergies: options.withHealth ? (h?.allergies ?? null) : null,
    skinType: (h?.skinType as SkinType | null) ?? null,
  };
}

function visitLabel(status: string, processed: boolean): ClientVisit["label"] {
  if (status === "cancelled") return "Cancelled";
  if (status === "no-show") return "No Show";
  return status === "completed" || processed ? "Completed" : "Pending";
}

/** Every visit of client `id` (bookings, and appointments not made from one), newest first. */
async function clientVisits(db: Db | Tx, id: number): Promise<ClientVisit[]> {
  const booked = db
    .select({
      key: sql<string>`'booking-' || ${bookings.id}`.as("key"),
      serviceName: bookings.serviceName,
      visitAt: sql<Date | string>`${bookings.date}`.as("visit_at"),
      status: bookings.status,
      processed: bookings.processed,
    })
    .from(bookings)
    .where(eq(bookings.clientId, id));
  const scheduled = db
    .select({
      key: sql<string>`'appointment-' || ${appointments.id}`.as("key"),
      serviceName: appointments.serviceName,
      visitAt: sql<Date | string>`${appointments.startsAt}`.as("visit_at"),
      status: appointments.status,
      processed: sql<boolean>`false`.as("processed"),
    })
    .from(appointments)
    .where(and(eq(appointments.clientId, id), isNull(appointments.bookingId)));
  const rows = await booked.unionAll(scheduled).orderBy(sql`visit_at desc, key desc`);
  return rows.map((r) => ({
    key: r.key,
    serviceName: r.serviceName,
    date: new Date(r.visitAt).toISOString(),
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

/** The shop orders of client `id`, newest first. */
function clientOrders(db: Db | Tx, id: number) {
  return db
    .select({
      id: orders.id,
      status: orders.status,
      totalKobo: orders.totalKobo,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.clientId, id))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

type ClientOrder = Awaited<ReturnType<typeof clientOrders>>[number];

/** The client's notes: '' and null when none were written. */
export async function notesOf(db: Db | Tx, id: number): Promise<CustomerNote> {
  const [row] = await db.select().from(customerNotes).where(eq(customerNotes.clientId, id));
  return { notes: row?.notes ?? "", updatedAt: iso(row?.updatedAt) };
}

/** Kobo → '₦12,500': whole naira outside the point of sale (admin spec "Currency"). */
const nairaText = (kobo: number) => formatNaira(koboToNaira(kobo));

/** The latest messages a client's timeline shows (issue 17). */
const CLIENT_MESSAGES_LIMIT = 50;

type Messages = Awaited<ReturnType<typeof listMessagesFor>>;

/**
 * The detail dialog's timeline (issue 17): visits, sales, orders, reviews, messages and the
 * note's last change, newest first (equal instants by key).
 */
function timelineOf(parts: {
  visits: ClientVisit[];
  sales: ClientSale[];
  orders: ClientOrder[];
  reviews: ReviewRecord[];
  messages: Messages;
  notes: CustomerNote;
}): TimelineItem[] {
  const { visits, sales, orders, reviews, messages, notes } = parts;
  return [
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
      at: new Date(o.createdAt).toISOString(),
      title: `Shop order #${o.id}`,
      detail: `${nairaText(Number(o.totalKobo))} · ${o.status}`,
    })),
    ...reviews.map((r) => ({
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
}

/** Sales Summary (admin spec §2): completed sales only; naira. */
function salesSummaryOf(sales: ClientSale[]): SalesSummary {
  const completed = sales.filter((s) => s.status === "completed");
  const spent = completed.reduce((sum, s) => sum + Math.round(Number(s.totalAmount) * 100), 0);
  return {
    totalSpent: spent / 100,
    totalOrders: completed.length,
    averageOrder: completed.length ? Math.round(spent / completed.length) / 100 : 0,
  };
}

/**
 * Everything the customer detail dialog shows (admin spec §2): the record, the summary and
 * Recent Activity from visits, the sales with their summary (completed only), reviews by email,
 * notes, a timeline of visits, sales, orders, reviews, the note and the messages sent to them
 * (issue 17; the latest 50), newest first, their opt-outs of reminders and marketing, the
 * clients that may be the same person and the merges into them that can be undone (issue 28).
 */
export async function getClientDetail(db: Db, id: number): Promise<ClientDetail | null> {
  const client = await getClientRecord(db, id);
  if (!client) return null;
  const [visits, sales, clientReviewList, orders, notes, messages, optOuts, duplicates, merges] =
    await Promise.all([
      clientVisits(db, id),
      listClientSales(db, { clientId: id, email: client.email }),
      clientReviews(db, client.email),
      clientOrders(db, id),
      notesOf(db, id),
      listMessagesFor(
        db,
        { clientEmail: client.email, phone: client.phone },
        CLIENT_MESSAGES_LIMIT,
      ),
      optOutsOf(db, { email: client.email, phone: client.phone }),
      findDuplicatesOf(db, id),
      listUndoableMerges(db, id),
    ]);
  return {
    client,
    summary: {
      total: visits.length,
      completed: visits.filter((v) => v.label === "Completed").length,
      cancelled: visits.filter((v) => v.label === "Cancelled").length,
    },
    recentActivity: visits.slice(0, RECENT_ACTIVITY_LIMIT),
    sales,
    salesSummary: salesSummaryOf(sales),
    reviews: clientReviewList,
    notes,
    timeline: timelineOf({ visits, sales, orders, reviews: clientReviewList, messages, notes }),
    optOuts,
    duplicates,
    merges,
  };
}
