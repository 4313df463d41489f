/**
 * Back-office shell data (admin spec §2 "Shell and sidebar", §4 "Clear Admin Data"; issue 6):
 * the real clients count for the sidebar badge, the top-bar search, and the export-then-clear of
 * admin data.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { desc, ilike, or, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { formatLagosDateTime } from "#common/booking.ts";
import { formatNaira, koboToNaira } from "#common/money.ts";
import type { AdminIdentity } from "#server/context.ts";
import type { Db } from "#server/db/client.ts";
import { bookings, reviews } from "#server/db/schema/bookings.ts";
import {
  chatMessages,
  chatSessions,
  newsletterSubscribers,
  outbox,
} from "#server/db/schema/content.ts";
import { orderItems, orders } from "#server/db/schema/orders.ts";
import { recordAudit } from "#server/modules/audit/service.ts";

/**
 * Number of distinct clients: distinct lower-cased emails over bookings and newsletter
 * subscribers (the clients screen merges them by email, admin spec §3 "Client list row").
 * Managed customers join this union when their table exists.
 */
export async function countClients(db: Db): Promise<number> {
  const result = await db.execute<{ n: number | string }>(sql`
    select count(*) as n from (
      select lower(${bookings.email}) as email from ${bookings}
      union
      select lower(${newsletterSubscribers.email}) from ${newsletterSubscribers}
    ) as clients`);
  // Both drivers (PGlite, node-postgres) answer with `{ rows }`.
  const { rows } = result as unknown as { rows: Array<{ n: number | string }> };
  return Number(rows[0]?.n ?? 0);
}

export type SearchHit = {
  kind: "client" | "booking" | "order";
  id: string;
  title: string;
  subtitle: string;
  /** Admin path that shows the record, e.g. '/admin/bookings?q=ada'. */
  href: string;
};

/** The most hits returned per kind. */
export const SEARCH_LIMIT_PER_KIND = 8;

type SearchSource = (db: Db, pattern: string, q: string) => Promise<SearchHit[]>;

const searchClients: SearchSource = async (db, pattern, q) => {
  const fromBookings = await db
    .selectDistinctOn([sql`lower(${bookings.email})`], {
      email: bookings.email,
      name: bookings.name,
      phone: bookings.phone,
    })
    .from(bookings)
    .where(
      or(
        ilike(bookings.name, pattern),
        ilike(bookings.email, pattern),
        ilike(bookings.phone, pattern),
      ),
    )
    .orderBy(sql`lower(${bookings.email})`, desc(bookings.createdAt))
    .limit(SEARCH_LIMIT_PER_KIND);
  const subscribers = await db
    .select({ email: newsletterSubscribers.email })
    .from(newsletterSubscribers)
    .where(ilike(newsletterSubscribers.email, pattern))
    .limit(SEARCH_LIMIT_PER_KIND);
  const seen = new Set<string>();
  const hits: SearchHit[] = [];
  for (const c of fromBookings) {
    seen.add(c.email.toLowerCase());
    hits.push({
      kind: "client",
      id: c.email.toLowerCase(),
      title: c.name,
      subtitle: `${c.email} · ${c.phone}`,
      href: `/admin/bookings?q=${encodeURIComponent(q)}`,
    });
  }
  for (const s of subscribers) {
    if (seen.has(s.email.toLowerCase())) continue;
    hits.push({
      kind: "client",
      id: s.email.toLowerCase(),
      title: "Newsletter Subscriber",
      subtitle: s.email,
      href: "/admin/clients",
    });
  }
  return hits.slice(0, SEARCH_LIMIT_PER_KIND);
};

const searchBookings: SearchSource = async (db, pattern, q) => {
  const rows = await db
    .select({
      id: bookings.id,
      name: bookings.name,
      serviceName: bookings.serviceName,
      date: bookings.date,
    })
    .from(bookings)
    .where(
      or(
        ilike(bookings.name, pattern),
        ilike(bookings.email, pattern),
        ilike(bookings.phone, pattern),
        ilike(bookings.serviceName, pattern),
        ilike(bookings.message, pattern),
      ),
    )
    .orderBy(desc(bookings.createdAt))
    .limit(SEARCH_LIMIT_PER_KIND);
  return rows.map((b) => ({
    kind: "booking" as const,
    id: String(b.id),
    title: `${b.name} · ${b.serviceName}`,
    subtitle: `Appointment ${formatLagosDateTime(b.date)}`,
    href: `/admin/bookings?q=${encodeURIComponent(q)}`,
  }));
};

const searchOrders: SearchSource = async (db, pattern) => {
  const rows = await db
    .select({
      id: orders.id,
      customerName: orders.customerName,
      status: orders.status,
      totalKobo: orders.totalKobo,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(
      or(
        ilike(orders.customerName, pattern),
        ilike(orders.customerEmail, pattern),
        ilike(orders.customerPhone, pattern),
        ilike(orders.paymentReference, pattern),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(SEARCH_LIMIT_PER_KIND);
  return rows
    .filter((o) => o.status !== "pending")
    .map((o) => ({
      kind: "order" as const,
      id: String(o.id),
      title: `Order #${o.id} · ${o.customerName}`,
      subtitle: `${formatNaira(koboToNaira(o.totalKobo))} · ${o.status} · ${formatLagosDateTime(o.createdAt)}`,
      href: "/admin/orders",
    }));
};

/** Where the top-bar search looks, in display order. */
export const SEARCH_SOURCES: SearchSource[] = [searchClients, searchBookings, searchOrders];

/** Searches clients, bookings (and orders when present) for `q` (case-insensitive, 2+ chars). */
export async function searchAdmin(db: Db, q: string): Promise<SearchHit[]> {
  const text = q.trim();
  if (text.length < 2) return [];
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const results = await Promise.all(SEARCH_SOURCES.map((source) => source(db, pattern, text)));
  return results.flat();
}

/**
 * The tables Clear Admin Data empties, children before parents. Services, products, admin
 * accounts, sessions and the audit log are kept. Later modules (orders, customers, sales,
 * appointments, staff) append their tables here.
 */
export const CLEARABLE_TABLES: Array<{ name: string; table: PgTable }> = [
  { name: "reviews", table: reviews },
  { name: "order_items", table: orderItems },
  { name: "orders", table: orders },
  { name: "chat_messages", table: chatMessages },
  { name: "chat_sessions", table: chatSessions },
  { name: "bookings", table: bookings },
  { name: "newsletter_subscribers", table: newsletterSubscribers },
  { name: "outbox", table: outbox },
];

/** Every row of every clearable table, keyed by table name (the export before a clear). */
export async function exportAdminData(db: Db): Promise<{
  exportedAt: string;
  tables: Record<string, unknown[]>;
}> {
  const tables: Record<string, unknown[]> = {};
  for (const { name, table } of CLEARABLE_TABLES) {
    tables[name] = await db.select().from(table);
  }
  return { exportedAt: new Date().toISOString(), tables };
}

export type ClearResult = { success: true; cleared: string[]; message: string; backup: string };

/**
 * Clears admin data (POST /api/admin/clear-data): first writes a full JSON export to
 * `{dataDir}/exports/`, then deletes the rows of CLEARABLE_TABLES and records the clear in the
 * audit log, all in one transaction.
 * @returns the cleared table names and the export's file name.
 */
export async function clearAdminData(
  db: Db,
  admin: AdminIdentity,
  dataDir: string,
): Promise<ClearResult> {
  return db.transaction(async (tx) => {
    const snapshot = await exportAdminData(tx as unknown as Db);
    const dir = path.join(dataDir, "exports");
    await mkdir(dir, { recursive: true });
    const file = `admin-data-${snapshot.exportedAt.replace(/[:.]/g, "-")}.json`;
    await writeFile(path.join(dir, file), JSON.stringify(snapshot, null, 2), { mode: 0o600 });
    const cleared: string[] = [];
    const counts: Record<string, number> = {};
    for (const { name, table } of CLEARABLE_TABLES) {
      const deleted = await tx.delete(table).returning();
      counts[name] = deleted.length;
      cleared.push(name);
    }
    await recordAudit(tx, admin, {
      action: "admin.clear-data",
      entity: "admin-data",
      details: { counts, backup: file },
    });
    return {
      success: true as const,
      cleared,
      message: `Admin data cleared. A copy was kept as ${file}.`,
      backup: file,
    };
  });
}
