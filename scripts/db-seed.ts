/**
 * `npm run db:seed`: loads the demo catalogue into an empty catalogue (never over existing data),
 * migrating first, under the start-up advisory lock (server/startup.ts). Refuses while a server
 * holds a PGlite DATA_DIR.
 */
import { pino } from "pino";
import { loadConfig } from "#server/config.ts";
import { exitOnDatabaseStartupError } from "#server/db/configured.ts";
import { seedDemoCatalogue } from "#server/db/seed/index.ts";
import { startDatabase, underStartupLock } from "#server/startup.ts";

const config = loadConfig();
const database = await startDatabase(config, pino({ level: config.LOG_LEVEL }), {
  admin: false,
  seed: false,
}).catch(exitOnDatabaseStartupError);
const inserted = await underStartupLock(database, () => seedDemoCatalogue(database.db));
await database.close();
console.log(`Seeded ${inserted.services} services and ${inserted.products} products.`);
