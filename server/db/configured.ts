/**
 * Opens the database the configuration names: PostgreSQL when DATABASE_URL is set, otherwise
 * PGlite in DATA_DIR under the exclusive DATA_DIR lock. `close()` flushes, closes and releases.
 */
import type { Logger } from "pino";
import type { Config } from "#server/config.ts";
import { type Database, openDatabase } from "./client.ts";
import { acquireDataDirLock } from "./lock.ts";

/** @throws DataDirLockedError when another process holds DATA_DIR. */
export async function openConfiguredDatabase(config: Config, logger: Logger): Promise<Database> {
  if (config.DATABASE_URL) {
    return openDatabase({
      kind: "postgres",
      url: config.DATABASE_URL,
      onConnectionError: (err) => logger.error({ err }, "PostgreSQL connection error"),
    });
  }
  const release = await acquireDataDirLock(config.dataDir, logger);
  try {
    const database = await openDatabase({ kind: "pglite", dataDir: config.dataDir });
    return {
      ...database,
      async close() {
        await database.close();
        await release();
      },
    };
  } catch (err) {
    await release();
    throw err;
  }
}
