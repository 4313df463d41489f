/**
 * `npm run db:migrate`: applies the SQL migrations to DATABASE_URL or the PGlite database in
 * DATA_DIR (the server also does this at start-up). Refuses while a server holds DATA_DIR.
 */
import { pino } from "pino";
import { loadConfig } from "#server/config.ts";
import { exitOnDatabaseStartupError, openConfiguredDatabase } from "#server/db/configured.ts";

const config = loadConfig();
const database = await openConfiguredDatabase(config, pino({ level: config.LOG_LEVEL })).catch(
  exitOnDatabaseStartupError,
);
await database.close();
console.log(`Migrations applied (${database.kind}).`);
