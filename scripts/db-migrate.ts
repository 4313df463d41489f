/**
 * `npm run db:migrate`: applies the SQL migrations to DATABASE_URL or the PGlite database in
 * DATA_DIR (the server also does this at start-up). Refuses while a server holds DATA_DIR.
 */
import { pino } from "pino";
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/client.ts";
import { acquireDataDirLock } from "../server/db/lock.ts";

const config = loadConfig();
const logger = pino({ level: config.LOG_LEVEL });
const release = config.DATABASE_URL
  ? async () => {}
  : await acquireDataDirLock(config.dataDir, logger);
const database = await openDatabase(
  config.DATABASE_URL
    ? { kind: "postgres", url: config.DATABASE_URL }
    : { kind: "pglite", dataDir: config.dataDir },
);
await database.close();
await release();
console.log(`Migrations applied (${database.kind}).`);
