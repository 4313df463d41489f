/**
 * `npm run db:migrate`, the release step: applies the SQL migrations to DATABASE_URL or the
 * PGlite database in DATA_DIR under the same advisory lock as the server's start-up
 * (server/startup.ts), so it is safe while other instances start. Neither seeds nor touches the
 * admin account. Refuses while a server holds a PGlite DATA_DIR.
 */
import { pino } from "pino";
import { loadConfig } from "#server/config.ts";
import { exitOnDatabaseStartupError } from "#server/db/configured.ts";
import { startDatabase } from "#server/startup.ts";

const config = loadConfig();
const database = await startDatabase(config, pino({ level: config.LOG_LEVEL }), {
  admin: false,
  seed: false,
}).catch(exitOnDatabaseStartupError);
await database.close();
console.log(`Migrations applied (${database.kind}).`);
