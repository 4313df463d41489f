/**
 * Writing backups (issue 16 "Backups"): `writeBackup` for `npm run db:backup` (the SQL dump, plus
 * PGlite's own consistent snapshot via dumpDataDir in PGlite mode) and `runDailyBackup` with its
 * rotation (7 daily and 4 weekly copies) for the scheduler. Files are 0600 in 0700 folders: they
 * hold clients' health notes.
 */
import {
  copyFileSync,
  createWriteStream,
  existsSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { format } from "date-fns";
import { inLagos } from "#common/lagos-time.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { ensurePrivateDir, restrictTree } from "#server/db/permissions.ts";
import { sqlDumpChunks } from "./sql-dump.ts";

/** The PGlite instance behind a Drizzle database, or null on PostgreSQL. */
function pgliteOf(db: Db): PGlite | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : null;
}

/** Writes the SQL dump of `db` to `file` (gzipped when it ends in .gz). */
export async function writeSqlDump(db: Db, file: string, now = new Date()): Promise<void> {
  const source = Readable.from(sqlDumpChunks(db, now));
  const target = createWriteStream(file, { mode: 0o600 });
  if (file.endsWith(".gz")) await pipeline(source, createGzip(), target);
  else await pipeline(source, target);
}

/**
 * Writes a backup of `db` into `dir`: `glowhaven-<UTC stamp>.sql` and, in PGlite mode, the
 * snapshot `glowhaven-<stamp>.pglite.tar.gz` (PGlite's dumpDataDir, taken inside the process
 * that owns the data directory, so it is consistent while the server runs).
 * @returns the paths written.
 */
export async function writeBackup(db: Db, dir: string, now = new Date()): Promise<string[]> {
  ensurePrivateDir(dir);
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  const files = [path.join(dir, `glowhaven-${stamp}.sql`)];
  await writeSqlDump(db, files[0] as string, now);
  const pglite = pgliteOf(db);
  if (pglite) {
    const snapshot = path.join(dir, `glowhaven-${stamp}.pglite.tar.gz`);
    const blob = await pglite.dumpDataDir("gzip");
    writeFileSync(snapshot, new Uint8Array(await blob.arrayBuffer()), { mode: 0o600 });
    files.push(snapshot);
  }
  restrictTree(dir);
  return files;
}

export const DAILY_KEEP = 7;
export const WEEKLY_KEEP = 4;

/** Keeps the `keep` newest files (names sort by date) of `dir`; deletes the rest. */
function prune(dir: string, keep: number): void {
  const files = readdirSync(dir)
    .filter((f) => f.startsWith("glowhaven-"))
    .sort();
  for (const f of files.slice(0, Math.max(0, files.length - keep))) rmSync(path.join(dir, f));
}

/**
 * The daily backup, for the scheduler: writes the gzipped SQL dump as
 * BACKUP_DIR/daily/glowhaven-<Lagos date>.sql.gz (again the same day: replaced), copies it to
 * BACKUP_DIR/weekly/glowhaven-<ISO week>.sql.gz when that week has no copy yet (the week's
 * first backup), then keeps the 7 newest daily and 4 newest weekly copies.
 * @param now the run's instant (injected clock); the names use the Lagos calendar.
 * @returns the daily file written and the files kept.
 */
export async function runDailyBackup(
  config: Pick<Config, "backupDir">,
  db: Db,
  now: Date,
): Promise<{ file: string; daily: string[]; weekly: string[] }> {
  const lagos = inLagos(now);
  const dailyDir = path.join(config.backupDir, "daily");
  const weeklyDir = path.join(config.backupDir, "weekly");
  ensurePrivateDir(config.backupDir);
  ensurePrivateDir(dailyDir);
  ensurePrivateDir(weeklyDir);
  const file = path.join(dailyDir, `glowhaven-${format(lagos, "yyyy-MM-dd")}.sql.gz`);
  const partial = `${file}.partial`;
  await writeSqlDump(db, partial, now);
  // Renaming only a complete dump: a crash mid-write never leaves a truncated "backup".
  renameSync(partial, file);
  const weekly = path.join(weeklyDir, `glowhaven-${format(lagos, "RRRR-'W'II")}.sql.gz`);
  if (!existsSync(weekly)) copyFileSync(file, weekly);
  prune(dailyDir, DAILY_KEEP);
  prune(weeklyDir, WEEKLY_KEEP);
  restrictTree(config.backupDir);
  return {
    file,
    daily: readdirSync(dailyDir).sort(),
    weekly: readdirSync(weeklyDir).sort(),
  };
}
