/**
 * The server bundle (issue 34, "a restart after kill -9 serves in under 5 s"): server/serve.ts,
 * the app (build/server/index.js) and the packages they import, as one ES module graph that
 * scripts/build-server.ts writes to build/start/. Node then reads a few files instead of resolving
 * and compiling some 2,000 modules and their package.json files at every start.
 *
 * server/main.ts starts from it only while it is fresh: beside it, build/start/inputs.json lists
 * the project files it was built from (relative to the project folder, node_modules stood for by
 * package-lock.json); a listed file newer than the bundle, or missing, makes it stale, and the
 * process starts from the sources as before. This file imports only Node's own modules, as it
 * runs before either.
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";

/** The bundle's entry, relative to the project folder. */
export const SERVER_BUNDLE = "build/start/start.js";
/** The list of the files the bundle was built from, relative to the project folder. */
export const SERVER_BUNDLE_INPUTS = "build/start/inputs.json";

/** What build/start/inputs.json holds. */
export type BundleInputs = { files: string[] };

/** The modification time of `file` in ms, or null when it does not exist. */
function mtimeMs(file: string): number | null {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * The bundle's absolute path when it exists and no file it was built from changed (or went)
 * since; otherwise null, with why in `reason` (for the banner-free start log and the tests).
 */
export function freshServerBundle(root: string): { file: string | null; reason: string } {
  const file = path.join(root, SERVER_BUNDLE);
  const builtAt = mtimeMs(file);
  if (builtAt === null) return { file: null, reason: "no server bundle" };
  let inputs: BundleInputs;
  try {
    inputs = JSON.parse(readFileSync(path.join(root, SERVER_BUNDLE_INPUTS), "utf8"));
  } catch {
    return { file: null, reason: `no readable ${SERVER_BUNDLE_INPUTS}` };
  }
  if (!Array.isArray(inputs.files) || inputs.files.length === 0) {
    return { file: null, reason: `${SERVER_BUNDLE_INPUTS} lists no files` };
  }
  for (const input of inputs.files) {
    const changedAt = mtimeMs(path.join(root, input));
    if (changedAt === null) return { file: null, reason: `${input} is gone` };
    if (changedAt > builtAt) return { file: null, reason: `${input} changed since the bundle` };
  }
  return { file, reason: "fresh" };
}
