/**
 * The back office's CSV exports (issue 29; GET /api/exports/{name}.csv; decision 0236): paid
 * orders, clients, booking requests, newsletter subscribers and pay runs, each filtered on the
 * server by the same query (`exportQuerySchema`: a range of Lagos days on the row's own date,
 * a search text, a status) and read in id-ordered pages by `streamCsv`. Read only.
 *
 * Columns are chosen, never `select *`: no health field (allergies, conditions, medications,
 * consultation notes) and no free text a client may fill with them (a booking's message) leaves
 * through an export. Money in naira with 2 decimals; instants as Lagos 'YYYY-MM-DD HH:mm'.
 */
import { and, asc, eq, gt, gte, ilike, lt, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Response } from "express";
import { LAGOS_UTC_OFFSET_MS, lagosDayStart } from "#common/lagos-time.ts";
import { koboToNaira } from "#common/money.ts";
import { UNPAID_ORDER_STATUSES } from "#common/orders.ts";
import { likePattern } from "#common/paging.ts";
import type { ExportName, ExportQuery } from "#common/reports.ts";
import type { Db } from "#server/db/client.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { clients } from "#server/db/schema/clients.ts";
import { newsletterSubscribers } from "#server/db/schema/content.ts";
import { orders } from "#server/db/schema/orders.ts";
import { payRuns, staff } from "#server/db/schema/staff.ts";
import { clientSearchCondition } from "#server/modules/clients/list.ts";
import { type CsvColumn, type CsvPages, streamCsv } from "./csv-stream.ts";

/** Kobo as naira with 2 decimals ('12500.00'), as the daily sales CSV writes amounts. */
const amount = (kobo: number | null) => (kobo === null ? null : koboToNaira(kobo).toFixed(2));

/** An instant as Lagos wall time 'YYYY-MM-DD HH:mm' (sorts as text, reads in a spreadsheet). */
export const lagosStamp = (instant: Date | string | null): string | null =>
  instant === null
    ? null
    : new Date(new Date(instant).getTime() + LAGOS_UTC_OFFSET_MS)
        .toISOString()
        .slice(0, 16)
        .replace("T", " ");

/** Rows whose `column` falls on the Lagos days `from`..`to` (either end optional). */
function onDays(column: AnyPgColumn, q: ExportQuery): SQL[] {
  const out: SQL[] = [];
  const from = q.from ? lagosDayStart(q.from) : null;
  if (from) out.push(gte(column, from));
  const to = q.to ? lagosDayStart(q.to) : null;
  // The day after `to` begins (a Lagos day is always 24 h: no daylight saving).
  if (to) out.push(lt(column, new Date(to.getTime() + 86_400_000)));
  return out;
}

/** Text columns any of which contains `q` (case-insensitive); none when `q` is empty. */
function matching(q: string | undefined, columns: AnyPgColumn[]): SQL[] {
  if (!q) return [];
  const pattern = likePattern(q);
  const any = or(...columns.map((c) => ilike(c, pattern)));
  return any ? [any] : [];
}

/** One export: its file name, its columns and its pages under a query. */
export type CsvExport<T extends { id: number }> = {
  fileName: (q: ExportQuery) => string;
  columns: readonly CsvColumn<T>[];
  pages: (db: Db, q: ExportQuery) => CsvPages<T>;
};

/** The file name '{name}[-from][-to].csv'. */
const fileNameOf = (name: string) => (q: ExportQuery) =>
  `${[name, q.from, q.to].filter(Boolean).join("-")}.csv`;

type OrderRow = Pick<
  typeof orders.$inferSelect,
  | "id"
  | "createdAt"
  | "paidAt"
  | "status"
  | "customerName"
  | "customerEmail"
  | "customerPhone"
  | "deliveryCity"
  | "deliveryState"
  | "subtotalKobo"
  | "shippingKobo"
  | "totalKobo"
  | "paymentReference"
>;

/** Paid shop orders (never pending or expired ones), by the Lagos day they were placed. */
const ordersExport: CsvExport<OrderRow> = {
  fileName: fileNameOf("orders"),
  columns: [
    { header: "Order", cell: (r) => r.id },
    { header: "Placed", cell: (r) => lagosStamp(r.createdAt) },
    { header: "Paid", cell: (r) => lagosStamp(r.paidAt) },
    { header: "Status", cell: (r) => r.status },
    { header: "Customer", cell: (r) => r.customerName },
    { header: "Email", cell: (r) => r.customerEmail },
    { header: "Phone", cell: (r) => r.customerPhone },
    { header: "City", cell: (r) => r.deliveryCity },
    { header: "State", cell: (r) => r.deliveryState },
    { header: "Subtotal", cell: (r) => amount(r.subtotalKobo) },
    { header: "Shipping", cell: (r) => amount(r.shippingKobo) },
    { header: "Total", cell: (r) => amount(r.totalKobo) },
    { header: "Payment reference", cell: (r) => r.paymentReference },
  ],
  pages: (db, q) => (afterId, limit) =>
    db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        paidAt: orders.paidAt,
        status: orders.status,
        customerName: orders.customerName,
        customerEmail: orders.customerEmail,
        customerPhone: orders.customerPhone,
        deliveryCity: orders.deliveryCity,
        deliveryState: orders.deliveryState,
        subtotalKobo: orders.subtotalKobo,
        shippingKobo: orders.shippingKobo,
        totalKobo: orders.totalKobo,
        paymentReference: orders.paymentReference,
      })
      .from(orders)
      .where(
        and(
          gt(orders.id, afterId),
          notInArray(orders.status, [...UNPAID_ORDER_STATUSES]),
          q.status ? eq(orders.status, q.status) : undefined,
          ...onDays(orders.createdAt, q),
          ...matching(q.q, [
            orders.customerName,
            orders.customerEmail,
            orders.customerPhone,
            orders.paymentReference,
          ]),
        ),
      )
      .orderBy(asc(orders.id))
      .limit(limit),
};

type ClientExportRow = Pick<
  typeof clients.$inferSelect,
  | "id"
  | "firstName"
  | "lastName"
  | "email"
  | "phone"
  | "address"
  | "city"
  | "state"
  | "source"
  | "status"
  | "marketingConsent"
  | "createdAt"
>;

/**
 * Clients' contact details only: the health profile lives in its own table and is never read
 * here; nor are date of birth or referral notes (not needed to reach a client).
 */
const clientsExport: CsvExport<ClientExportRow> = {
  fileName: fileNameOf("clients"),
  columns: [
    { header: "Client", cell: (r) => r.id },
    { header: "First name", cell: (r) => r.firstName },
    { header: "Last name", cell: (r) => r.lastName },
    { header: "Email", cell: (r) => r.email },
    { header: "Phone", cell: (r) => r.phone },
    { header: "Address", cell: (r) => r.address },
    { header: "City", cell: (r) => r.city },
    { header: "State", cell: (r) => r.state },
    { header: "Source", cell: (r) => r.source },
    { header: "Status", cell: (r) => r.status },
    { header: "Marketing consent", cell: (r) => (r.marketingConsent ? "yes" : "no") },
    { header: "Added", cell: (r) => lagosStamp(r.createdAt) },
  ],
  pages: (db, q) => (afterId, limit) =>
    db
      .select({
        id: clients.id,
        firstName: clients.firstName,
        lastName: clients.lastName,
        email: clients.email,
        phone: clients.phone,
        address: clients.address,
        city: clients.city,
        state: clients.state,
        source: clients.source,
        status: clients.status,
        marketingConsent: clients.marketingConsent,
        createdAt: clients.createdAt,
      })
      .from(clients)
      .where(
        and(
          gt(clients.id, afterId),
          q.status ? eq(clients.status, q.status) : undefined,
          ...onDays(clients.createdAt, q),
          q.q ? clientSearchCondition(q.q) : undefined,
        ),
      )
      .orderBy(asc(clients.id))
      .limit(limit),
};

type BookingExportRow = Pick<
  typeof bookings.$inferSelect,
  "id" | "createdAt" | "name" | "email" | "phone" | "serviceName" | "date" | "status" | "processed"
>;

/** Booking requests by the Lagos day they were made; without the client's free-text message. */
const bookingsExport: CsvExport<BookingExportRow> = {
  fileName: fileNameOf("bookings"),
  columns: [
    { header: "Booking", cell: (r) => r.id },
    { header: "Requested", cell: (r) => lagosStamp(r.createdAt) },
    { header: "Name", cell: (r) => r.name },
    { header: "Email", cell: (r) => r.email },
    { header: "Phone", cell: (r) => r.phone },
    { header: "Service", cell: (r) => r.serviceName },
    { header: "Date", cell: (r) => lagosStamp(r.date) },
    { header: "Status", cell: (r) => r.status },
    { header: "Processed", cell: (r) => (r.processed ? "yes" : "no") },
  ],
  pages: (db, q) => (afterId, limit) =>
    db
      .select({
        id: bookings.id,
        createdAt: bookings.createdAt,
        name: bookings.name,
        email: bookings.email,
        phone: bookings.phone,
        serviceName: bookings.serviceName,
        date: bookings.date,
        status: bookings.status,
        processed: bookings.processed,
      })
      .from(bookings)
      .where(
        and(
          gt(bookings.id, afterId),
          q.status ? eq(bookings.status, q.status) : undefined,
          ...onDays(bookings.createdAt, q),
          ...matching(q.q, [bookings.name, bookings.email, bookings.phone, bookings.serviceName]),
        ),
      )
      .orderBy(asc(bookings.id))
      .limit(limit),
};

type SubscriberRow = { id: number; email: string; consentAt: Date };

/** Newsletter subscribers by the Lagos day they consented. */
const subscribersExport: CsvExport<SubscriberRow> = {
  fileName: fileNameOf("subscribers"),
  columns: [
    { header: "Email", cell: (r) => r.email },
    { header: "Subscribed", cell: (r) => lagosStamp(r.consentAt) },
  ],
  pages: (db, q) => (afterId, limit) =>
    db
      .select({
        id: newsletterSubscribers.id,
        email: newsletterSubscribers.email,
        consentAt: newsletterSubscribers.consentAt,
      })
      .from(newsletterSubscribers)
      .where(
        and(
          gt(newsletterSubscribers.id, afterId),
          ...onDays(newsletterSubscribers.consentAt, q),
          ...matching(q.q, [newsletterSubscribers.email]),
        ),
      )
      .orderBy(asc(newsletterSubscribers.id))
      .limit(limit),
};

type PayRunRow = Omit<typeof payRuns.$inferSelect, "staffId" | "createdAt"> & { member: string };

/** Pay runs whose period starts on the Lagos days asked for, with the member's name. */
const payRunsExport: CsvExport<PayRunRow> = {
  fileName: fileNameOf("pay-runs"),
  columns: [
    { header: "Pay run", cell: (r) => r.id },
    { header: "Member", cell: (r) => r.member },
    { header: "Period start", cell: (r) => r.payPeriodStart },
    { header: "Period end", cell: (r) => r.payPeriodEnd },
    { header: "Regular hours", cell: (r) => Number(r.regularHours).toFixed(2) },
    { header: "Overtime hours", cell: (r) => Number(r.overtimeHours).toFixed(2) },
    { header: "Regular pay", cell: (r) => amount(r.regularPayKobo) },
    { header: "Overtime pay", cell: (r) => amount(r.overtimePayKobo) },
    { header: "Commission", cell: (r) => amount(r.commissionKobo) },
    { header: "Tips", cell: (r) => amount(r.tipsKobo) },
    { header: "Deductions", cell: (r) => amount(r.deductionsKobo) },
    { header: "Gross pay", cell: (r) => amount(r.grossPayKobo) },
    { header: "Net pay", cell: (r) => amount(r.netPayKobo) },
    { header: "Status", cell: (r) => r.status },
    { header: "Paid", cell: (r) => lagosStamp(r.paidAt) },
  ],
  pages: (db, q) => (afterId, limit) =>
    db
      .select({
        id: payRuns.id,
        member: sql<string>`trim(${staff.firstName} || ' ' || ${staff.lastName})`,
        payPeriodStart: payRuns.payPeriodStart,
        payPeriodEnd: payRuns.payPeriodEnd,
        regularHours: payRuns.regularHours,
        overtimeHours: payRuns.overtimeHours,
        regularPayKobo: payRuns.regularPayKobo,
        overtimePayKobo: payRuns.overtimePayKobo,
        commissionKobo: payRuns.commissionKobo,
        tipsKobo: payRuns.tipsKobo,
        deductionsKobo: payRuns.deductionsKobo,
        grossPayKobo: payRuns.grossPayKobo,
        netPayKobo: payRuns.netPayKobo,
        status: payRuns.status,
        paidAt: payRuns.paidAt,
      })
      .from(payRuns)
      .innerJoin(staff, eq(staff.id, payRuns.staffId))
      .where(
        and(
          gt(payRuns.id, afterId),
          q.status ? eq(payRuns.status, q.status) : undefined,
          q.from ? gte(payRuns.payPeriodStart, q.from) : undefined,
          q.to ? lt(payRuns.payPeriodStart, nextDay(q.to)) : undefined,
          ...matching(q.q, [staff.firstName, staff.lastName]),
        ),
      )
      .orderBy(asc(payRuns.id))
      .limit(limit),
};

/** The day after a 'YYYY-MM-DD' date. */
const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Answers `res` with the export `name` under the filters `q` (csv-stream.ts). */
export function streamExport(res: Response, db: Db, name: ExportName, q: ExportQuery) {
  const run = <T extends { id: number }>(e: CsvExport<T>) =>
    streamCsv(res, e.fileName(q), e.columns, e.pages(db, q));
  switch (name) {
    case "orders":
      return run(ordersExport);
    case "clients":
      return run(clientsExport);
    case "bookings":
      return run(bookingsExport);
    case "subscribers":
      return run(subscribersExport);
    case "pay-runs":
      return run(payRunsExport);
  }
}
