/**
 * The exclusive lock on DATA_DIR: PGlite allows one process per data directory, and two
 * processes on one directory corrupt it (ARCHITECTURE.md "Data rules"). Uses proper-lockfile;
 * a lock left by a killed process goes stale after 15 s.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Logger } from "pino";
import lockfile from "proper-lockfile";

export class DataDirLockedError extends Error {}

const STALE_MS = 15_000;

/**
 * Takes the lock on `dataDir` (creating the folder).
 * @returns a function that releases it.
 * @throws DataDirLockedError when another live server holds it.
 */
export async function acquireDataDirLock(
  dataDir: string,
  logger: Logger,
): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  const lockfilePath = path.join(dataDir, "server.lock");
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath,
      stale: STALE_MS,
      update: 5_000,
      retries: 0,
      realpath: false,
      onCompromised: (err) => logger.error({ err }, "DATA_DIR lock compromised"),
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ELOCKED") {
      throw new DataDirLockedError(
        `Another server is already using the data directory ${dataDir} (lock ${lockfilePath}).\n` +
          "Stop that server first, or set DATA_DIR to another folder. A lock left by a crashed " +
          `server expires ${STALE_MS / 1000} seconds after the crash.`,
      );
    }
    throw err;
  }
}

/** For process entry points: prints a DataDirLockedError's message and exits 1; rethrows others. */
export function exitIfDataDirLocked(err: unknown): never {
  if (err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
