/**
 * Opens the database the configuration names: PostgreSQL when DATABASE_URL is set, otherwise
 * PGlite in DATA_DIR under the exclusive DATA_DIR lock, owner-only (server/db/permissions.ts).
 * `close()` flushes, closes and releases.
 */
import { isMainThread } from "node:worker_threads";
import type { Logger } from "pino";
import type { Config } from "#server/config.ts";
import { type Database, type OpenOptions, openDatabase } from "./client.ts";
import { acquireDataDirLock } from "./lock.ts";
import { ensurePrivateDir, PRIVATE_UMASK, restrictTree } from "./permissions.ts";

/** @throws DataDirLockedError when another process holds DATA_DIR. */
export async function openConfiguredDatabase(
  config: Config,
  logger: Logger,
  options: OpenOptions = {},
): Promise<Database> {
  if (config.DATABASE_URL) {
    return openDatabase(
      {
        kind: "postgres",
        url: config.DATABASE_URL,
        onConnectionError: (err) => logger.error({ err }, "PostgreSQL connection error"),
      },
      options,
    );
  }
  // Health data: DATA_DIR 0700, PGlite's files 0600, also those it creates later (umask).
  // (process.umask cannot be set from a worker thread; restrictTree still runs there.)
  if (isMainThread) process.umask(PRIVATE_UMASK);
  ensurePrivateDir(config.dataDir);
  const release = await acquireDataDirLock(config.dataDir, logger);
  try {
    const database = await openDatabase({ kind: "pglite", dataDir: config.dataDir }, options);
    restrictTree(config.dataDir);
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
