/**
 * Moving a person's rows from one client to another and back (issue 28 item 7, the client
 * merge): the rows of a table that name client `from` (by `client_id`, or by a copied email) are
 * re-addressed to client `to`, and what each row carried before is returned so that an undo can
 * put it back exactly. The owning module of each table calls these with its own columns (one
 * writer per table, docs/decisions/0181); they run in the caller's transaction.
 */
import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "./client.ts";

/** A table whose rows name a client: its id, email copy and (if it has one) client id. */
export type ClientRows = {
  table: PgTable;
  id: AnyPgColumn;
  email: AnyPgColumn;
  clientId: AnyPgColumn | null;
};

/** A client as a move names it: id and lower-cased email. */
export type ClientRef = { id: number; email: string };

/** One moved row: its id, the email and the client id it had before the move. */
export type MovedRow = [id: number, email: string | null, clientId: number | null];

/** The rows of `t` that belong to client `c`: by client id, or by the copied email. */
export function ofClientRows(t: ClientRows, c: ClientRef): SQL {
  const byEmail = sql`lower(${t.email}) = ${c.email}`;
  return t.clientId ? sql`(${t.clientId} = ${c.id} or ${byEmail})` : byEmail;
}

/** How many rows of `t` belong to client `c`. */
export async function countClientRows(tx: Tx, t: ClientRows, c: ClientRef): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(t.table)
    .where(ofClientRows(t, c));
  return Number(row?.n ?? 0);
}

/**
 * Re-addresses the rows of `t` that belong to client `from` to client `to` (email copy and client
 * id), locking them first. Returns what each row carried before, for an undo.
 */
export async function moveClientRows(
  tx: Tx,
  t: ClientRows,
  from: ClientRef,
  to: ClientRef,
): Promise<MovedRow[]> {
  const rows = await tx
    .select({
      id: t.id,
      email: t.email,
      clientId: t.clientId ?? sql<number | null>`null::int`,
    })
    .from(t.table)
    .where(ofClientRows(t, from))
    .for("update");
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.id));
  const set: Record<string, unknown> = { [t.email.name]: to.email };
  if (t.clientId) set[t.clientId.name] = to.id;
  await tx.execute(
    sql`update ${t.table} set ${sql.join(
      Object.entries(set).map(([col, v]) => sql`${sql.identifier(col)} = ${v}`),
      sql`, `,
    )} where ${inArray(t.id, ids)}`,
  );
  return rows.map((r) => [
    Number(r.id),
    (r.email as string | null) ?? null,
    r.clientId == null ? null : Number(r.clientId),
  ]);
}

/**
 * Puts moved rows back as they were, but only those still with client `to` (a row changed since,
 * e.g. re-addressed by another edit, is left alone). Returns how many were restored.
 */
export async function restoreClientRows(
  tx: Tx,
  t: ClientRows,
  rows: MovedRow[],
  to: ClientRef,
): Promise<number> {
  let restored = 0;
  for (const [id, email, clientId] of rows) {
    const still = t.clientId ? sql`${t.clientId} = ${to.id}` : sql`lower(${t.email}) = ${to.email}`;
    const set = [sql`${sql.identifier(t.email.name)} = ${email}`];
    if (t.clientId) set.push(sql`${sql.identifier(t.clientId.name)} = ${clientId}`);
    const result = await tx.execute(
      sql`update ${t.table} set ${sql.join(set, sql`, `)} where ${eq(t.id, id)} and ${still} returning 1`,
    );
    restored += (result as unknown as { rows: unknown[] }).rows.length;
  }
  return restored;
}
