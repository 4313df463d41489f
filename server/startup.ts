/**
 * The locked start-up path of every process that opens the configured database (the server,
 * `npm run db:migrate`, `npm run db:seed`): migrations, the admin account and the demo seed run
 * under one PostgreSQL advisory lock, so instances starting together on an empty database apply
 * each migration once and load one catalogue (issue 16; drizzle-orm 0.45's migrator takes no
 * lock of its own). PGlite needs no such lock: the DATA_DIR lock already admits one process.
 */
import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { openConfiguredDatabase } from "./db/configured.ts";
import { seedDemoCatalogue } from "./db/seed/index.ts";
import { ensureAdminUser } from "./modules/auth/service.ts";

/**
 * The advisory lock key of start-up (a constant 64-bit number, "glowhavn" in ASCII); other
 * advisory locks of the application must use other keys.
 */
export const STARTUP_LOCK_KEY = 0x676c6f776861766en;

/**
 * Runs `work` while holding the start-up advisory lock on PostgreSQL (waiting for another
 * instance's start-up to finish first); on PGlite runs it directly. The lock is a transaction
 * lock on one pooled connection; `work` uses the pool's other connections, so the pool needs
 * two or more (the default is 10).
 */
export async function underStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.kind !== "postgres") return work();
  let result: T | undefined;
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${sql.raw(String(STARTUP_LOCK_KEY))})`);
    result = await work();
  });
  return result as T;
}

export type StartupSteps = {
  /** Create the configured admin account (or update its password). Default true. */
  admin?: boolean;
  /** Load the demo catalogue into an empty catalogue; default config.SEED_DEMO. */
  seed?: boolean;
  /**
   * Filled with each step's wall time in ms (open, migrate, admin, seed): the server logs them
   * on its "listening" line (issue 34: what a restart does before listening, measured).
   */
  timings?: Record<string, number>;
};

/**
 * Opens the configured database and, under the start-up lock, migrates it, ensures the admin
 * account and loads the demo catalogue when asked.
 * @throws DataDirLockedError (PGlite: another process holds DATA_DIR), or the database's error.
 */
export async function startDatabase(
  config: Config,
  logger: Logger,
  steps: StartupSteps = {},
): Promise<Database> {
  const timings = steps.timings ?? {};
  let since = performance.now();
  const lap = (step: string) => {
    timings[step] = Math.round(performance.now() - since);
    since = performance.now();
  };
  const database = await openConfiguredDatabase(config, logger, { migrate: false });
  lap("open");
  try {
    await underStartupLock(database, async () => {
      await database.migrate();
      lap("migrate");
      if (steps.admin ?? true) {
        await ensureAdminUser(database.db, config.ADMIN_USERNAME, config.ADMIN_PASSWORD);
        lap("admin");
      }
      if (steps.seed ?? config.SEED_DEMO) {
        const seeded = await seedDemoCatalogue(database.db);
        if (seeded.services || seeded.products) logger.info(seeded, "demo catalogue loaded");
        lap("seed");
      }
    });
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}
