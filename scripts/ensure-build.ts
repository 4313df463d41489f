/**
 * `npm start` runs this first: builds the app when there is no build or a source file is newer
 * than it, so `npm install && npm start` works on a fresh clone (ARCHITECTURE.md "Operations");
 * otherwise only the server bundle when it is missing or stale (server/server-bundle.ts).
 * As `npm start`'s prestart it also prepares the database (scripts/db-prepare.ts) while it builds,
 * so a first start's database creation and migrations overlap the build (issue 34).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { freshServerBundle } from "#server/server-bundle.ts";
import { runBuild } from "./build.ts";

const root = path.resolve(import.meta.dirname, "..");
const buildFile = path.join(root, "build/server/index.js");
const sources = ["app", "server", "common", "public", "vite.config.ts", "react-router.config.ts"];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const builtAt = existsSync(buildFile) ? statSync(buildFile).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));

/**
 * Starts scripts/db-prepare.ts with `.env` as `npm start` reads it, its one line passed through.
 * Only under `npm start`: the e2e, chaos and bench runs build with their own databases.
 */
function prepareDatabaseAlongside(): ChildProcess | null {
  if (process.env.npm_lifecycle_event !== "prestart") return null;
  return spawn(
    process.execPath,
    ["--env-file-if-exists=.env", path.join(root, "scripts/db-prepare.ts")],
    { cwd: root, stdio: ["ignore", "inherit", "inherit"] },
  );
}

if (builtAt < changedAt) {
  console.log(builtAt ? "Sources changed since the last build: rebuilding…" : "Building the app…");
  const preparing = prepareDatabaseAlongside();
  const prepared = preparing
    ? new Promise((resolve) => preparing.once("exit", resolve))
    : Promise.resolve();
  try {
    // `npm run build`'s steps, less the committed font subsets and share image.
    runBuild({ skipCommitted: true });
    // Whatever it answers, the server then prepares (or reports on) the database itself.
    await prepared;
  } catch {
    console.error(
      "The build failed. If the build tools are missing, run `npm install` (with dev dependencies).",
    );
    process.exit(1);
  }
} else if (!freshServerBundle(root).file) {
  // The app is up to date but its server bundle is missing (a build from before the bundle, or
  // `react-router build` alone) or older than a package: seconds, not a whole build.
  // Imported here: rolldown is a dev dependency, and without it the server starts from the sources.
  console.log("Bundling the server…");
  await import("./build-server.ts")
    .then(({ buildServerBundle }) => buildServerBundle())
    .catch((err) => console.error(`No server bundle (${err.message}): starting from the sources.`));
}
