/**
 * `npm run db:restore FILE`: restores a backup (issue 16) into an EMPTY database: the PGlite
 * data directory DATA_DIR (the SQL dump or a PGlite .tar.gz snapshot; the server must be
 * stopped) or the PostgreSQL database DATABASE_URL (the SQL dump). A non-empty target is refused
 * with a message saying what to do. Then start the server as usual.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pino } from "pino";
import {
  RestoreRefusedError,
  restoreIntoPglite,
  restoreIntoPostgres,
} from "#server/backup/restore.ts";
import { loadConfig } from "#server/config.ts";
import { acquireDataDirLock, exitIfDataDirLocked } from "#server/db/lock.ts";
import { ensurePrivateDir, PRIVATE_UMASK, restrictTree } from "#server/db/permissions.ts";

const file = process.argv[2];
if (!file || !existsSync(file)) {
  console.error("Usage: npm run db:restore FILE   (a .sql, .sql.gz or .pglite.tar.gz backup)");
  process.exit(1);
}
const config = loadConfig();

try {
  if (config.DATABASE_URL) {
    await restoreIntoPostgres(path.resolve(file), config.DATABASE_URL);
    console.log("Restored into the PostgreSQL database of DATABASE_URL.");
  } else {
    process.umask(PRIVATE_UMASK);
    ensurePrivateDir(config.dataDir);
    const release = await acquireDataDirLock(
      config.dataDir,
      pino({ level: config.LOG_LEVEL }),
    ).catch(exitIfDataDirLocked);
    try {
      await restoreIntoPglite(path.resolve(file), config.dataDir);
      restrictTree(config.dataDir);
    } finally {
      await release();
    }
    console.log(`Restored into ${config.dataDir}.`);
  }
} catch (err) {
  if (err instanceof RestoreRefusedError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
