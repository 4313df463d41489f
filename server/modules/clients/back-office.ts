/**
 * The clients' part of the back office until the clients area lands (issue 12): the sidebar's
 * Clients badge and the top-bar client search, both over people known by email from bookings and
 * newsletter sign-ups (admin spec §3 "Client list row": merged by lower-cased email).
 */
import { desc, ilike, or, sql } from "drizzle-orm";
import type { SearchHit } from "#common/search.ts";
import {
  type ClearableTable,
  SEARCH_LIMIT_PER_KIND,
  type SearchSource,
} from "#server/back-office.ts";
import type { Db } from "#server/db/client.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { clientHealth, clients, customerNotes } from "#server/db/schema/clients.ts";
import { newsletterSubscribers } from "#server/db/schema/content.ts";

/** Number of distinct clients: distinct lower-cased emails over bookings and subscribers. */
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

/** Clients whose name, email or phone matches; subscribers only by email. */
export const clientsSearch: SearchSource = async (db, pattern, q) => {
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

/** Notes and health records before the clients they belong to (admin spec §5: customers go). */
export const clientsClearable: ClearableTable[] = [
  { name: "customer_notes", table: customerNotes },
  { name: "client_health", table: clientHealth },
  { name: "clients", table: clients },
];
