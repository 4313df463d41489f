/**
 * The app's build, step by step: `npm run build` runs them all, and `npm start`
 * (scripts/ensure-build.ts) runs them too when the build is missing or stale, less the steps
 * whose outputs are committed (the font subsets and the share image), so both builds serve the
 * same app, service worker included (issue 35).
 */
import { execFileSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

type Step = { name: string; command: string[]; committedOutput?: true };

/**
 * In order: assets the pages name, the app, the server bundle, the back office's service worker,
 * Brotli twins.
 */
export const BUILD_STEPS: readonly Step[] = [
  { name: "font subsets", command: ["scripts/build-fonts.ts"], committedOutput: true },
  { name: "share image", command: ["scripts/build-share-image.ts"], committedOutput: true },
  { name: "picture variants", command: ["scripts/build-images.ts"] },
  { name: "app", command: [path.join(root, "node_modules/.bin/react-router"), "build"] },
  // What `npm start` runs: the process and the app in one bundle (issue 34, decision 0335).
  { name: "server bundle", command: ["scripts/build-server.ts"] },
  { name: "service worker", command: ["scripts/build-sw.ts"] },
  { name: "compressed assets", command: ["scripts/compress-assets.ts"] },
];

/**
 * Runs the build steps in order (output inherited); `skipCommitted` leaves out those whose
 * outputs are in the repository. Throws when a step fails.
 */
export function runBuild({ skipCommitted = false } = {}): void {
  for (const step of BUILD_STEPS) {
    if (skipCommitted && step.committedOutput) continue;
    const [first, ...rest] = step.command as [string, ...string[]];
    const [file, args] = first.endsWith(".ts")
      ? [process.execPath, [first, ...rest]]
      : [first, rest];
    // Always a production build: run from a test (NODE_ENV=test) it would otherwise bundle
    // React's development build, which the e2e and the benchmarks would then serve.
    execFileSync(file, args, {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
  }
}

// `node scripts/build.ts [--skip-committed]`
if (import.meta.main) runBuild({ skipCommitted: process.argv.includes("--skip-committed") });
