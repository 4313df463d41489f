/**
 * Restores a backup into an EMPTY database (issue 16 "Backups"): the portable SQL dump
 * (`.sql`, `.sql.gz`) into PGlite's DATA_DIR or PostgreSQL, or PGlite's own snapshot
 * (`.tar.gz` from dumpDataDir) into DATA_DIR. A database that already holds tables, or a
 * DATA_DIR that already holds PGlite files, is refused: restoring never merges into live data.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import pg from "pg";

export class RestoreRefusedError extends Error {}

/** A backup file's kind by its name. */
export function backupKind(file: string): "sql" | "pglite" {
  if (/\.sql(\.gz)?$/.test(file)) return "sql";
  if (/\.tar\.gz$|\.tgz$/.test(file)) return "pglite";
  throw new RestoreRefusedError(
    `${file}: not a backup this tool knows (expected .sql, .sql.gz or a PGlite .tar.gz snapshot)`,
  );
}

/**
 * The text of a SQL dump file, gunzipped when it is gzip (its first two bytes, not its name:
 * daily backups written before issue 34 are plain SQL named .sql.gz).
 */
export function readSqlDump(file: string): string {
  const bytes = readFileSync(file);
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  return (gzipped ? gunzipSync(bytes) : bytes).toString("utf8");
}

const TABLES_QUERY = `SELECT count(*)::int AS n FROM information_schema.tables
  WHERE table_schema IN ('public', 'drizzle') AND table_type = 'BASE TABLE'`;

function refuseNonEmptyDataDir(dataDir: string) {
  const pgliteDir = path.join(dataDir, "pglite");
  if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) {
    throw new RestoreRefusedError(
      `The data directory ${dataDir} already holds a database (${pgliteDir}). Restore only into ` +
        "an empty data directory: stop the server, move that folder aside (or set DATA_DIR to a " +
        "new folder), then run the restore again.",
    );
  }
  return pgliteDir;
}

/**
 * Restores `file` into PGlite under `dataDir` (its `pglite` folder must be missing or empty).
 * The caller holds the DATA_DIR lock.
 * @throws RestoreRefusedError for a non-empty directory or an unknown file.
 */
export async function restoreIntoPglite(file: string, dataDir: string): Promise<void> {
  const kind = backupKind(file);
  const pgliteDir = refuseNonEmptyDataDir(dataDir);
  const client =
    kind === "pglite"
      ? await PGlite.create({
          dataDir: pgliteDir,
          extensions: { btree_gist },
          loadDataDir: new Blob([readFileSync(file)]),
        })
      : await PGlite.create({ dataDir: pgliteDir, extensions: { btree_gist } });
  try {
    if (kind === "sql") await client.exec(readSqlDump(file));
    await client.exec("CHECKPOINT");
  } finally {
    await client.close();
  }
}

/**
 * Restores the SQL dump `file` into the PostgreSQL database at `url`, which must hold no tables
 * (in one transaction: a failure leaves it empty).
 * @throws RestoreRefusedError for a non-empty database or a PGlite snapshot.
 */
export async function restoreIntoPostgres(file: string, url: string): Promise<void> {
  if (backupKind(file) !== "sql") {
    throw new RestoreRefusedError(
      `${file} is a PGlite snapshot; PostgreSQL restores the SQL dump (.sql / .sql.gz) instead.`,
    );
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(TABLES_QUERY);
    if ((rows[0]?.n ?? 0) > 0) {
      throw new RestoreRefusedError(
        `The database at DATABASE_URL already holds ${rows[0]?.n} tables. Restore only into an ` +
          "empty database (createdb a new one and point DATABASE_URL at it).",
      );
    }
    await client.query(readSqlDump(file));
  } finally {
    await client.end();
  }
}
