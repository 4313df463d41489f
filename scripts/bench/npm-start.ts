/**
 * The server as `npm start` runs it (node server/main.ts with NODE_ENV unset, the demo catalogue
 * seeded, request log at info) on a free port, for the page and browser benchmarks (issue 15).
 */
import type { ChildProcess } from "node:child_process";
import { spawnServer, stopServer } from "./harness.ts";

/** `node server/main.ts` with the environment `npm start` gives it (no NODE_ENV), plus `env`. */
export function startAsNpmStart(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; port: number }> {
  const inherited = { ...process.env };
  delete inherited.NODE_ENV;
  return spawnServer({ ...inherited, LOG_LEVEL: "info", PUBLIC_URL: "", ...env });
}

/** SIGTERM, then waits for the exit. */
export const stop = stopServer;
