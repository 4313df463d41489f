/**
 * The clients' part of the back office (issue 12): the top-bar client search over the clients
 * table (name, email, phone in local or +234 form, address; never health data) and the tables
 * Clear Admin Data empties.
 */
import { desc } from "drizzle-orm";
import { clientDisplayName } from "#common/clients.ts";
import type { SearchHit } from "#common/search.ts";
import {
  type ClearableTable,
  SEARCH_LIMIT_PER_KIND,
  type SearchSource,
} from "#server/back-office.ts";
import {
  clientHealth,
  clientHealthEntries,
  clientMerges,
  clients,
  customerNotes,
} from "#server/db/schema/clients.ts";
import { clientSearchCondition } from "./list.ts";

export { countClients } from "./list.ts";

/** Clients whose name, email, phone (0803…, +234803…, 234803…) or address matches. */
export const clientsSearch: SearchSource = async (db, _pattern, q) => {
  const rows = await db
    .select({
      id: clients.id,
      email: clients.email,
      firstName: clients.firstName,
      lastName: clients.lastName,
      phone: clients.phone,
    })
    .from(clients)
    .where(clientSearchCondition(q.trim()))
    .orderBy(desc(clients.id))
    .limit(SEARCH_LIMIT_PER_KIND);
  return rows.map(
    (c): SearchHit => ({
      kind: "client",
      id: String(c.id),
      title: clientDisplayName(c.firstName, c.lastName),
      subtitle: c.phone ? `${c.email} · ${c.phone}` : c.email,
      href: `/admin/clients?client=${c.id}`,
    }),
  );
};

/** Notes and health records before the clients they belong to (admin spec §5: customers go). */
export const clientsClearable: ClearableTable[] = [
  { name: "customer_notes", table: customerNotes },
  // Merge undo records hold a merged client's row and health data: never exported.
  { name: "client_merges", table: clientMerges, exported: false },
  // Health data is sensitive (NDPA 2023): only the client's own export carries it.
  { name: "client_health", table: clientHealth, exported: false },
  { name: "client_health_entries", table: clientHealthEntries, exported: false },
  { name: "clients", table: clients },
];
