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
import { format } from "date-fns/format";
import { inLagos } from "#common/lagos-time.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { ensurePrivateDir, restrictTree } from "#server/db/permissions.ts";
import { type BackupBucket, shipDailyBackup } from "./offsite.ts";
import { DAILY_KEEP, WEEKLY_KEEP } from "./retention.ts";
import { sqlDumpChunks } from "./sql-dump.ts";

/** The PGlite instance behind a Drizzle database, or null on PostgreSQL. */
function pgliteOf(db: Db): PGlite | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : null;
}

/**
 * Writes the SQL dump of `db` to `file`, gzipped when `gzip` (default: the name ends in .gz).
 * `inSnapshot` runs inside the dump's transaction (see sqlDumpChunks).
 */
export async function writeSqlDump(
  db: Db,
  file: string,
  now = new Date(),
  gzip = file.endsWith(".gz"),
  inSnapshot?: () => Promise<void>,
): Promise<void> {
  const source = Readable.from(sqlDumpChunks(db, now, inSnapshot));
  const target = createWriteStream(file, { mode: 0o600 });
  if (gzip) await pipeline(source, createGzip(), target);
  else await pipeline(source, target);
}

/**
 * Writes a backup of `db` into `dir`: `glowhaven-<UTC stamp>.sql` and, in PGlite mode, the
 * snapshot `glowhaven-<stamp>.pglite.tar.gz` (PGlite's dumpDataDir, taken inside the process
 * that owns the data directory, so it is consistent while the server runs).
 *
 * The two parts are one moment: PGlite's tarball is taken inside the SQL dump's transaction,
 * after its reads. PGlite runs one transaction at a time (every query and transaction waits for
 * its transaction lock; dumpDataDir waits only for the query lock), so no write lands between
 * the two. Before issue 34 the tarball was taken after the dump, and one backup's SQL held 886
 * clients, its tarball 954.
 * @returns the paths written (SQL first).
 */
export async function writeBackup(db: Db, dir: string, now = new Date()): Promise<string[]> {
  ensurePrivateDir(dir);
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  const files = [path.join(dir, `glowhaven-${stamp}.sql`)];
  const pglite = pgliteOf(db);
  let tarball: Blob | undefined;
  await writeSqlDump(db, files[0] as string, now, false, async () => {
    if (pglite) tarball = await pglite.dumpDataDir("gzip");
  });
  if (tarball) {
    const snapshot = path.join(dir, `glowhaven-${stamp}.pglite.tar.gz`);
    writeFileSync(snapshot, new Uint8Array(await tarball.arrayBuffer()), { mode: 0o600 });
    files.push(snapshot);
  }
  restrictTree(dir);
  return files;
}

export { DAILY_KEEP, WEEKLY_KEEP };

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
 * first backup), then keeps the 7 newest daily and 4 newest weekly copies. With a `bucket`
 * (BACKUP_S3_BUCKET, server/backup/offsite.ts) the same file then goes off the host, under the
 * same names and retention.
 * @param now the run's instant (injected clock); the names use the Lagos calendar.
 * @returns the daily file written and the files kept (locally, and in the bucket when given).
 * @throws the dump's or the bucket's error (a bucket error leaves the local copy written).
 */
export async function runDailyBackup(
  config: Pick<Config, "backupDir">,
  db: Db,
  now: Date,
  bucket: BackupBucket | null = null,
): Promise<{
  file: string;
  daily: string[];
  weekly: string[];
  offsite: { daily: string[]; weekly: string[] } | null;
}> {
  const lagos = inLagos(now);
  const dailyDir = path.join(config.backupDir, "daily");
  const weeklyDir = path.join(config.backupDir, "weekly");
  ensurePrivateDir(config.backupDir);
  ensurePrivateDir(dailyDir);
  ensurePrivateDir(weeklyDir);
  const dailyName = `glowhaven-${format(lagos, "yyyy-MM-dd")}.sql.gz`;
  const weeklyName = `glowhaven-${format(lagos, "RRRR-'W'II")}.sql.gz`;
  const file = path.join(dailyDir, dailyName);
  const partial = `${file}.partial`;
  // Gzipped by choice, not by the name: ".partial" hid the ".gz", and until issue 34 every daily
  // "sql.gz" was plain SQL (restore.ts reads both by their first bytes).
  await writeSqlDump(db, partial, now, true);
  // Renaming only a complete dump: a crash mid-write never leaves a truncated "backup".
  renameSync(partial, file);
  const weekly = path.join(weeklyDir, weeklyName);
  if (!existsSync(weekly)) copyFileSync(file, weekly);
  prune(dailyDir, DAILY_KEEP);
  prune(weeklyDir, WEEKLY_KEEP);
  restrictTree(config.backupDir);
  const offsite = bucket ? await shipDailyBackup(bucket, file, dailyName, weeklyName) : null;
  return {
    file,
    daily: readdirSync(dailyDir).sort(),
    weekly: readdirSync(weeklyDir).sort(),
    offsite,
  };
}
