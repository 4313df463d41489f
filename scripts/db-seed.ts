/**
 * `npm run db:seed`: loads the demo catalogue into an empty catalogue (never over existing data).
 * Refuses while a server holds DATA_DIR.
 */
import { pino } from "pino";
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/client.ts";
import { acquireDataDirLock } from "../server/db/lock.ts";
import { seedDemoCatalogue } from "../server/db/seed/index.ts";

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
const inserted = await seedDemoCatalogue(database.db);
await database.close();
await release();
console.log(`Seeded ${inserted.services} services and ${inserted.products} products.`);
