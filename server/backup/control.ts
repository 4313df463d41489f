/**
 * The control socket of a PGlite server (issue 16 "Backups"): DATA_DIR/control.sock, a Unix
 * socket (0600 under the PGlite umask) on which `npm run db:backup` asks the running server for
 * a backup, because only the process that holds DATA_DIR may read PGlite's files consistently.
 * One request: POST /backup → 200 {files: string[]}. Not used with PostgreSQL.
 */
import { existsSync, rmSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import type { Logger } from "pino";
import type { Db } from "#server/db/client.ts";
import { writeBackup } from "./backup.ts";

export const controlSocketPath = (dataDir: string) => path.join(dataDir, "control.sock");

/**
 * Listens on DATA_DIR/control.sock (replacing a stale socket file; the caller holds the DATA_DIR
 * lock, so no live server owns it). @returns a function that stops listening.
 */
export async function startControlSocket(
  dataDir: string,
  backupDir: string,
  db: Db,
  logger: Logger,
): Promise<() => Promise<void>> {
  const socketPath = controlSocketPath(dataDir);
  if (existsSync(socketPath)) rmSync(socketPath);
  const server = http.createServer((req, res) => {
    if (req.method !== "POST" || req.url !== "/backup") {
      res.writeHead(404).end();
      return;
    }
    writeBackup(db, backupDir).then(
      (files) => {
        logger.info({ files }, "backup written (control socket)");
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ files }));
      },
      (err: unknown) => {
        logger.error({ err }, "backup failed (control socket)");
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: err instanceof Error ? err.message : String(err) }));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
    });
}

/**
 * Asks the server running on `dataDir` for a backup.
 * @returns the files it wrote. @throws when no server answers or the backup failed.
 */
export function requestBackup(dataDir: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { socketPath: controlSocketPath(dataDir), method: "POST", path: "/backup" },
      (res) => {
        let body = "";
        res.on("data", (c: Buffer) => {
          body += c.toString("utf8");
        });
        res.on("end", () => {
          try {
            const parsed = JSON.parse(body) as { files?: string[]; error?: string };
            if (res.statusCode === 200 && parsed.files) resolve(parsed.files);
            else reject(new Error(parsed.error ?? `control socket answered ${res.statusCode}`));
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}
