/**
 * Opens the database the configuration names: PostgreSQL when DATABASE_URL is set, otherwise
 * PGlite in DATA_DIR under the exclusive DATA_DIR lock, owner-only (server/db/permissions.ts).
 * `close()` flushes, closes and releases.
 */
import { isMainThread } from "node:worker_threads";
import type { Logger } from "pino";
import type { Config } from "#server/config.ts";
import { DatabaseStartupError } from "./availability.ts";
import { type Database, loadPgliteArtifacts, type OpenOptions, openDatabase } from "./client.ts";
import { acquireDataDirLock, DataDirLockedError } from "./lock.ts";
import { ensurePrivateDir, PRIVATE_UMASK, restrictTree } from "./permissions.ts";

/**
 * @throws DataDirLockedError when another process holds DATA_DIR; DatabaseStartupError when
 *   PostgreSQL cannot be reached within DB_STARTUP_TIMEOUT_MS or refuses the credentials.
 */
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
        timeouts: {
          connectMs: config.DB_CONNECT_TIMEOUT_MS,
          statementMs: config.DB_STATEMENT_TIMEOUT_MS,
          idleInTransactionMs: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
        },
        startupTimeoutMs: config.DB_STARTUP_TIMEOUT_MS,
        onStartupRetry: (err, attempt, delayMs) =>
          logger.warn(
            { attempt, retryInMs: delayMs, reason: err.message },
            "PostgreSQL not reachable yet; retrying",
          ),
      },
      options,
    );
  }
  // Health data: DATA_DIR 0700, PGlite's files 0600, also those it creates later (umask).
  // (process.umask cannot be set from a worker thread; restrictTree still runs there.)
  // Loaded while the lock is taken; should loading fail, PGlite.create tries again and reports.
  const artifacts = loadPgliteArtifacts().catch(() => undefined);
  if (isMainThread) process.umask(PRIVATE_UMASK);
  ensurePrivateDir(config.dataDir);
  const release = await acquireDataDirLock(config.dataDir, logger);
  try {
    const database = await openDatabase(
      { kind: "pglite", dataDir: config.dataDir, artifacts: await artifacts },
      options,
    );
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

/**
 * For process entry points: prints the message of an error the operator can fix (DATA_DIR
 * locked, PostgreSQL unreachable) and exits 1; rethrows anything else.
 */
export function exitOnDatabaseStartupError(err: unknown): never {
  if (err instanceof DataDirLockedError || err instanceof DatabaseStartupError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
