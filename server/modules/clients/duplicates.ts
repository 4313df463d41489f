/**
 * Possible duplicate clients (issue 28 item 7): two clients are flagged when they share a phone
 * number, compared as +234 E.164 (clients.phone_key: '0803 123 4567', '+234 803…' and
 * '234803…' are one number), or a name, compared lower-cased with runs of spaces made one
 * (clients.name_key; unnamed clients never match). The Clients list filters and counts them on
 * the server; the detail dialog names the matches. Contact fields only, never health data.
 */
import { and, ne, or, type SQL, sql } from "drizzle-orm";
import type { DuplicateMatch, DuplicateReason } from "#common/client-merge.ts";
import { clientDisplayName } from "#common/clients.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { clients } from "#server/db/schema/clients.ts";
import { normalizeNigerianPhone } from "#server/modules/messages/phone.ts";

/** Most matches the dialog lists for one client. */
const MATCH_LIMIT = 10;

/** The row of `clients` in the outer query shares a phone or a name with another client. */
export const POSSIBLE_DUPLICATE: SQL = sql`exists (select 1 from ${clients} as other
  where other.id <> ${clients.id}
  and ((${clients.phoneKey} is not null and other.phone_key = ${clients.phoneKey})
    or (${clients.nameKey} <> '' and other.name_key = ${clients.nameKey})))`;

/** How many clients share a phone or a name with another client. */
export async function countPossibleDuplicates(db: Db | Tx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(clients)
    .where(POSSIBLE_DUPLICATE);
  return Number(row?.n ?? 0);
}

/**
 * The E.164 key of `phone` as libphonenumber-js reads it, when it is a +234 number; else the
 * database's own key (`stored`), which agrees for every Nigerian form (duplicates.test.ts).
 */
function phoneKeyOf(phone: string | null, stored: string | null): string | null {
  if (!phone) return null;
  const parsed = normalizeNigerianPhone(phone);
  return parsed.ok && parsed.e164.startsWith("+234") ? parsed.e164 : stored;
}

/**
 * The clients that may be the same person as client `id`: same phone (+234) or same name,
 * newest first, at most 10. Empty for an unknown id.
 */
export async function findDuplicatesOf(db: Db | Tx, id: number): Promise<DuplicateMatch[]> {
  const [me] = await db
    .select({ phone: clients.phone, phoneKey: clients.phoneKey, nameKey: clients.nameKey })
    .from(clients)
    .where(sql`${clients.id} = ${id}`);
  if (!me) return [];
  const phoneKey = phoneKeyOf(me.phone, me.phoneKey);
  const conditions: SQL[] = [];
  if (phoneKey) conditions.push(sql`${clients.phoneKey} = ${phoneKey}`);
  if (me.nameKey) conditions.push(sql`${clients.nameKey} = ${me.nameKey}`);
  if (conditions.length === 0) return [];
  const rows = await db
    .select({
      id: clients.id,
      email: clients.email,
      firstName: clients.firstName,
      lastName: clients.lastName,
      phone: clients.phone,
      phoneKey: clients.phoneKey,
      nameKey: clients.nameKey,
    })
    .from(clients)
    .where(and(ne(clients.id, id), or(...conditions)))
    .orderBy(sql`${clients.id} desc`)
    .limit(MATCH_LIMIT);
  return rows.map((r) => {
    const reasons: DuplicateReason[] = [];
    if (phoneKey && r.phoneKey === phoneKey) reasons.push("phone");
    if (me.nameKey && r.nameKey === me.nameKey) reasons.push("name");
    return {
      id: Number(r.id),
      name: clientDisplayName(r.firstName, r.lastName),
      email: r.email,
      phone: r.phone,
      reasons,
    };
  });
}
