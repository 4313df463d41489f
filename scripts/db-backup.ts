/**
 * `npm run db:backup`: writes a backup into BACKUP_DIR (default DATA_DIR/backups) and prints the
 * files (issue 16). PGlite: the SQL dump and PGlite's dumpDataDir snapshot, made by the running
 * server through DATA_DIR/control.sock, or by opening DATA_DIR directly when no server runs.
 * PostgreSQL (DATABASE_URL): the portable SQL dump, and also `pg_dump`'s own when it is on PATH.
 */
import { spawnSync } from "node:child_process";
import { pino } from "pino";
import { writeBackup } from "#server/backup/backup.ts";
import { requestBackup } from "#server/backup/control.ts";
import { loadConfig } from "#server/config.ts";
import { openConfiguredDatabase } from "#server/db/configured.ts";
import { DataDirLockedError } from "#server/db/lock.ts";
import { restrictTree } from "#server/db/permissions.ts";

const config = loadConfig();
const logger = pino({ level: config.LOG_LEVEL });

let files: string[];
try {
  const database = await openConfiguredDatabase(config, logger);
  try {
    files = await writeBackup(database.db, config.backupDir);
  } finally {
    await database.close();
  }
} catch (err) {
  if (!(err instanceof DataDirLockedError)) throw err;
  // A server holds DATA_DIR: it makes the backup itself.
  files = await requestBackup(config.dataDir).catch((socketErr: unknown) => {
    console.error(
      `${err.message}\nThe running server did not answer on its control socket either: ${socketErr}`,
    );
    process.exit(1);
  });
}

if (config.DATABASE_URL) {
  const file = (files[0] as string).replace(/\.sql$/, ".pg_dump.sql");
  const run = spawnSync(
    "pg_dump",
    ["--no-owner", "--no-privileges", "--file", file, config.DATABASE_URL],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  if (run.error === undefined && run.status === 0) {
    restrictTree(file);
    files.push(file);
  } else if (run.error === undefined) {
    console.error(`pg_dump failed (exit ${run.status}); the portable SQL dump is complete.`);
  }
}
console.log(`Backup written:\n${files.map((f) => `  ${f}`).join("\n")}`);
