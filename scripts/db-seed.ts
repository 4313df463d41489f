/**
 * `npm run db:seed`: loads the demo catalogue into an empty catalogue (never over existing data).
 * Refuses while a server holds DATA_DIR.
 */
import { pino } from "pino";
import { loadConfig } from "#server/config.ts";
import { exitOnDatabaseStartupError, openConfiguredDatabase } from "#server/db/configured.ts";
import { seedDemoCatalogue } from "#server/db/seed/index.ts";

const config = loadConfig();
const database = await openConfiguredDatabase(config, pino({ level: config.LOG_LEVEL })).catch(
  exitOnDatabaseStartupError,
);
const inserted = await seedDemoCatalogue(database.db);
await database.close();
console.log(`Seeded ${inserted.services} services and ${inserted.products} products.`);
