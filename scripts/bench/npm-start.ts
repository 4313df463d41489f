/**
 * The server as `npm start` runs it (node server/main.ts with NODE_ENV unset, the demo catalogue
 * seeded, request log at info) on a free port, for the page and browser benchmarks (issue 15).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { root } from "./harness.ts";

/** `node server/main.ts` with the environment `npm start` gives it (no NODE_ENV), plus `env`. */
export async function startAsNpmStart(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; port: number }> {
  const inherited = { ...process.env };
  delete inherited.NODE_ENV;
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: { ...inherited, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", PUBLIC_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /listening on http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  // The request log (info, as npm start) keeps flowing into drained pipes.
  child.stdout?.removeAllListeners("data");
  child.stdout?.resume();
  child.stderr?.removeAllListeners("data");
  child.stderr?.resume();
  return { child, port };
}

/** SIGTERM, then waits for the exit. */
export async function stop(child: ChildProcess): Promise<void> {
  child.removeAllListeners("exit");
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}
