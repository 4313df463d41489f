/**
 * The portable SQL dump (issue 16 "Backups"): one plain SQL file that restores into an empty
 * PGlite or PostgreSQL database. The schema is this build's migrations, in journal order (the
 * exact DDL that made the database, so a restored database migrates on like any other), then
 * Drizzle's migrations table, the data as INSERTs (parents before children) and every sequence
 * set. Values are PostgreSQL's own text forms (`quote_nullable(col::text)`), so timestamps keep
 * their offset, JSON, arrays and ranges round-trip. Generated columns are left to PostgreSQL.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { migrationsFolder } from "#server/db/migrations-folder.ts";

type Row = Record<string, unknown>;
const rows = async <T extends Row>(db: Db, query: string): Promise<T[]> =>
  ((await db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The tables to dump, parents before children (foreign keys), public schema then Drizzle's. */
async function tablesInOrder(db: Db): Promise<Array<{ schema: string; table: string }>> {
  const tables = await rows<{ schema: string; table: string }>(
    db,
    `SELECT table_schema AS schema, table_name AS table FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema IN ('public', 'drizzle')
      ORDER BY table_schema DESC, table_name`,
  );
  const edges = await rows<{ child: string; parent: string }>(
    db,
    `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
       FROM pg_constraint c WHERE c.contype = 'f' AND c.conrelid <> c.confrelid`,
  );
  const key = (t: { schema: string; table: string }) =>
    t.schema === "public" ? t.table : `${t.schema}.${t.table}`;
  const unquote = (name: string) => name.replaceAll('"', "");
  const parents = new Map<string, Set<string>>();
  for (const e of edges) {
    const set = parents.get(unquote(e.child)) ?? new Set<string>();
    set.add(unquote(e.parent));
    parents.set(unquote(e.child), set);
  }
  const ordered: Array<{ schema: string; table: string }> = [];
  const done = new Set<string>();
  const visit = (t: { schema: string; table: string }, path: Set<string>) => {
    const k = key(t);
    if (done.has(k) || path.has(k)) return;
    path.add(k);
    for (const p of parents.get(k) ?? []) {
      const parent = tables.find((x) => key(x) === p);
      if (parent) visit(parent, path);
    }
    done.add(k);
    ordered.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return ordered;
}

/** The migrations' SQL in journal order: the dump's schema part. */
function schemaSql(): string {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder(), "meta/_journal.json"), "utf8"),
  ) as { entries: Array<{ tag: string }> };
  return journal.entries
    .map(
      (e) =>
        `-- migration ${e.tag}\n${readFileSync(path.join(migrationsFolder(), `${e.tag}.sql`), "utf8").trim()}\n`,
    )
    .join("\n");
}

/**
 * Yields the dump in pieces (header and schema, then one piece per table, then sequences), for
 * streaming to a download or a file. Reads in one REPEATABLE READ transaction, so the tables are
 * one consistent snapshot while the clinic keeps working.
 * @param inSnapshot run inside that transaction after the reads (PGlite: its own snapshot of the
 *   data directory, taken while no other transaction can run; server/backup/backup.ts).
 */
export async function* sqlDumpChunks(
  db: Db,
  now = new Date(),
  inSnapshot?: () => Promise<void>,
): AsyncGenerator<string> {
  yield [
    "-- Glow Haven database dump (portable SQL: PGlite or PostgreSQL).",
    `-- Taken ${now.toISOString()}. Restore into an EMPTY database: npm run db:restore FILE`,
    "-- (or psql -v ON_ERROR_STOP=1 -1 -f FILE).",
    "SET client_encoding = 'UTF8';",
    "SET standard_conforming_strings = on;",
    "BEGIN;",
    "",
    schemaSql(),
    'CREATE SCHEMA IF NOT EXISTS "drizzle";',
    'CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint);',
    "",
  ].join("\n");
  const chunks: string[] = [];
  await db.transaction(
    async (tx) => {
      const t = tx as unknown as Db;
      for (const { schema, table } of await tablesInOrder(t)) {
        const columns = await rows<{ name: string }>(
          t,
          `SELECT column_name AS name FROM information_schema.columns
            WHERE table_schema = '${schema}' AND table_name = '${table.replaceAll("'", "''")}'
              AND is_generated = 'NEVER' ORDER BY ordinal_position`,
        );
        if (columns.length === 0) continue;
        const qualified = `${ident(schema)}.${ident(table)}`;
        const names = columns.map((c) => ident(c.name)).join(", ");
        const values = columns.map((c) => `quote_nullable(${ident(c.name)}::text)`).join(", ");
        const lines = await rows<{ line: string }>(
          t,
          `SELECT concat_ws(', ', ${values}) AS line FROM ${qualified} ORDER BY 1`,
        );
        if (lines.length === 0) continue;
        chunks.push(
          `-- ${schema}.${table}: ${lines.length} rows\n${lines
            .map(
              (r) =>
                `INSERT INTO ${qualified} (${names}) OVERRIDING SYSTEM VALUE VALUES (${r.line});`,
            )
            .join("\n")}\n`,
        );
      }
      const sequences = await rows<{ schema: string; name: string; value: string | null }>(
        t,
        `SELECT schemaname AS schema, sequencename AS name, last_value::text AS value
           FROM pg_sequences WHERE schemaname IN ('public', 'drizzle') ORDER BY 1, 2`,
      );
      chunks.push(
        `-- sequences\n${sequences
          .filter((s) => s.value !== null)
          .map(
            (s) =>
              `SELECT setval('${ident(s.schema)}.${ident(s.name)}', ${Number(s.value)}, true);`,
          )
          .join("\n")}\n`,
      );
      await inSnapshot?.();
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  yield* chunks;
  yield "COMMIT;\n";
}

/** The whole dump as one string (see sqlDumpChunks). */
export async function sqlDump(db: Db, now = new Date()): Promise<string> {
  let out = "";
  for await (const chunk of sqlDumpChunks(db, now)) out += chunk;
  return out;
}
