/**
 * `npm run e2e`: `npm run build` (scripts/build.ts), then the Playwright suite's two projects
 * (desktop 1280 px and mobile 375 px) at the same time, each against its own server, port
 * (E2E_PORT and E2E_PORT + 1) and fresh data directory, so that no test sees the other project's
 * data and the suite takes about half the time on two cores. `--skip-build` uses the build that is
 * there (.ci/run builds once, before the unit suite, which serves the same build); the other
 * arguments are passed to both runs (e.g. a spec file). Each line of output is prefixed with its
 * project; exits 1 when either run fails.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { runBuild } from "./build.ts";

const root = path.resolve(import.meta.dirname, "..");
const cli = path.join(root, "node_modules/@playwright/test/cli.js");
const basePort = Number(process.env.E2E_PORT ?? 3310);
const args = process.argv.slice(2).filter((arg) => arg !== "--skip-build");
if (!process.argv.includes("--skip-build")) runBuild();

function runProject(project: string, port: number): Promise<number> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    E2E_PORT: String(port),
    E2E_OUTPUT_DIR: `test-results/${project}`,
    PLAYWRIGHT_HTML_OUTPUT_DIR: `playwright-report/${project}`,
  };
  delete env.E2E_DATA_DIR; // each run makes its own (playwright.config.ts)
  const child = spawn(process.execPath, [cli, "test", `--project=${project}`, ...args], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const prefix = (stream: NodeJS.WritableStream) => {
    let rest = "";
    return (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) stream.write(`[${project}] ${line}\n`);
    };
  };
  child.stdout.on("data", prefix(process.stdout));
  child.stderr.on("data", prefix(process.stderr));
  return new Promise((resolve) => child.on("exit", (code) => resolve(code ?? 1)));
}

const codes = await Promise.all([
  runProject("desktop", basePort),
  runProject("mobile", basePort + 1),
]);
process.exit(codes.every((code) => code === 0) ? 0 : 1);
