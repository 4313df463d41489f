/**
 * The exclusive lock on DATA_DIR: PGlite allows one process per data directory, and two
 * processes on one directory corrupt it (ARCHITECTURE.md "Data rules"; issue 14 rows 8 and 9).
 *
 * The lock is a Unix domain socket, DATA_DIR/server.lock.sock, that the owner listens on. The
 * kernel accepts connections on it for as long as the owner process exists, also while it is
 * paused (SIGSTOP) or too busy to answer, and refuses them the moment it dies (kill -9 included).
 * So a second server is refused while the owner lives, and a restart after a crash takes the
 * lock at once: no timer decides that a lock is stale. The socket is put in place with link(2),
 * which fails when the name exists, so two servers starting together cannot both take it.
 * Works on Linux and macOS, with DATA_DIR on a local file system.
 */
import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, renameSync, statSync, unlinkSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import type { Logger } from "pino";

export class DataDirLockedError extends Error {}

export const LOCK_SOCKET = "server.lock.sock";

/** sockaddr_un holds 108 bytes on Linux, 104 on macOS, with the final NUL. */
const MAX_SOCKET_PATH = 103;

/** After removing a stale lock, how long a server that raced us has to show itself. */
const SETTLE_MS = 150;

type Probe = { alive: true; pid?: number } | { alive: false };

/**
 * Connects to the lock socket. A connection that opens means the owner lives (its pid is read
 * when it can answer, a paused owner cannot); ECONNREFUSED/ENOENT mean nobody listens.
 * Any other error counts as alive: when unsure, refuse rather than share the directory.
 */
function probe(socketPath: string, waitForPidMs: number): Promise<Probe> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    let settled = false;
    let opened = false;
    let data = "";
    const finish = (result: Probe) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ alive: true }), waitForPidMs + 1_000);
    socket.on("connect", () => {
      opened = true;
      clearTimeout(timer);
      setTimeout(() => finish({ alive: true }), waitForPidMs);
    });
    socket.on("data", (chunk) => {
      data += chunk;
      const match = /^(\d+)\n/.exec(data);
      if (match) finish({ alive: true, pid: Number(match[1]) });
    });
    socket.on("error", (err: NodeJS.ErrnoException) => {
      if (opened) return finish({ alive: true });
      finish(
        err.code === "ECONNREFUSED" || err.code === "ENOENT" ? { alive: false } : { alive: true },
      );
    });
  });
}

function lockedError(dataDir: string, socketPath: string, pid?: number): DataDirLockedError {
  return new DataDirLockedError(
    `Another server is already using the data directory ${dataDir} ` +
      `(${pid ? `process ${pid}, ` : ""}lock ${socketPath}).\n` +
      "Stop that server first, or set DATA_DIR to another folder. The lock is released the " +
      "moment that server exits, also after a crash.",
  );
}

function unlinkQuietly(file: string) {
  try {
    unlinkSync(file);
  } catch {}
}

/**
 * Takes the lock on `dataDir` (creating the folder).
 * @returns a function that releases it.
 * @throws DataDirLockedError when another live server holds it (paused or not).
 */
export async function acquireDataDirLock(
  dataDir: string,
  logger: Logger,
): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  const socketPath = path.join(dataDir, LOCK_SOCKET);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    throw new Error(
      `The data directory path ${dataDir} is too long for its lock socket (at most ` +
        `${MAX_SOCKET_PATH - LOCK_SOCKET.length - 1} bytes). Set DATA_DIR to a shorter path.`,
    );
  }
  // Listen under a name of our own first, then link it into place in one step.
  const ownPath = path.join(dataDir, `.lock-${randomBytes(4).toString("hex")}.sock`);
  const server = net.createServer((socket) => {
    socket.on("error", () => {});
    socket.end(`${process.pid}\n`);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(ownPath, () => resolve());
  });
  server.unref(); // the lock alone does not keep the process running
  const ownInode = statSync(ownPath).ino;
  const giveUp = async () => {
    await new Promise((resolve) => server.close(resolve));
    unlinkQuietly(ownPath);
  };

  let removedStale = false;
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(ownPath, socketPath);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 5) throw err;
      }
      const owner = await probe(socketPath, 200);
      if (owner.alive) throw lockedError(dataDir, socketPath, owner.pid);
      // Left by a server that died: move it aside (rename is atomic) and try again.
      const stale = `${socketPath}.stale-${randomBytes(4).toString("hex")}`;
      try {
        renameSync(socketPath, stale);
        unlinkQuietly(stale);
        removedStale = true;
        logger.info({ lock: socketPath }, "removed the lock of a server that is no longer running");
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      }
    }
    unlinkQuietly(ownPath);
    if (removedStale) {
      // A server that found the same stale lock a moment before us may have moved ours aside
      // and linked its own: whoever's socket is in place after a pause keeps the lock.
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const inPlace = statSync(socketPath, { throwIfNoEntry: false });
      if (inPlace?.ino !== ownInode) {
        const racer = await probe(socketPath, 200);
        throw lockedError(dataDir, socketPath, racer.alive ? racer.pid : undefined);
      }
    }
  } catch (err) {
    await giveUp();
    throw err;
  }

  let released = false;
  return async () => {
    if (released) return;
    released = true;
    if (statSync(socketPath, { throwIfNoEntry: false })?.ino === ownInode)
      unlinkQuietly(socketPath);
    await new Promise((resolve) => server.close(resolve));
  };
}

/** For process entry points: prints a DataDirLockedError's message and exits 1; rethrows others. */
export function exitIfDataDirLocked(err: unknown): never {
  if (err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
