/**
 * Clients: the one-row-per-person rule (admin spec §3 "Customer"; docs/decisions.md "Clients: one
 * row per person"). The clients area (issue 12) builds its screens on this module.
 */
import { sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";

/**
 * The id of the client with `email` (compared lower-cased), creating one when there is none:
 * `INSERT … ON CONFLICT (lower(email))`, so concurrent calls for one email make one row. A new
 * client gets the email lower-cased, the name split at the first space, the phone, source
 * 'manual' and status 'active'. An existing client keeps its name; its phone is filled in only
 * when it had none. Call it inside the transaction of the record that names the client.
 */
export async function ensureClient(
  tx: Db | Tx,
  person: { email: string; name: string; phone?: string | null },
): Promise<number> {
  const email = person.email.trim().toLowerCase();
  const name = person.name.trim();
  const space = name.indexOf(" ");
  const firstName = space < 0 ? name : name.slice(0, space);
  const lastName = space < 0 ? "" : name.slice(space + 1).trim();
  const phone = person.phone?.trim() || null;
  const result = await tx.execute<{ id: number }>(sql`
    insert into clients (email, first_name, last_name, phone, source, status)
    values (${email}, ${firstName}, ${lastName}, ${phone}, 'manual', 'active')
    on conflict ((lower(email))) do update
      set phone = coalesce(clients.phone, excluded.phone)
    returning id`);
  // Both drivers (PGlite, node-postgres) answer with `{ rows }`.
  const { rows } = result as unknown as { rows: Array<{ id: number }> };
  const id = rows[0]?.id;
  if (id === undefined) throw new Error("ensureClient returned no row");
  return Number(id);
}
