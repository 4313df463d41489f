/**
 * The server bundle (`npm run build`'s step after the app; server/server-bundle.ts says what it
 * is for): server/serve.ts and React Router's server build (build/server/index.js, which holds
 * the app) bundled with rolldown, Vite's own bundler, into build/start/start.js, their packages
 * included. Beside it, build/start/inputs.json lists the project files it was built from, so that
 * server/main.ts starts from it only while none of them changed.
 *
 * Left outside the bundle, loaded from node_modules as before: packages with native code or
 * files they read next to themselves (PGlite's WebAssembly, sharp), and those imported only on
 * demand by some routes or jobs (the AWS SDK for photos and off-site backups), which would
 * otherwise be compiled at every start for nothing.
 *
 * `node scripts/build-server.ts` (after `react-router build`); with ANALYZE=1 it also prints the
 * 30 largest packages in it.
 */
import { existsSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { rolldown } from "rolldown";
import { type BundleInputs, SERVER_BUNDLE, SERVER_BUNDLE_INPUTS } from "#server/server-bundle.ts";

const root = path.resolve(import.meta.dirname, "..");
const outDir = path.join(root, path.dirname(SERVER_BUNDLE));
const appBuild = path.join(root, "build/server/index.js");

/** Packages loaded from node_modules at run time (see the header). */
export const EXTERNAL_PACKAGES = [
  "@electric-sql/pglite",
  "sharp",
  "@aws-sdk/client-s3",
  // Vite, for `npm run dev` only, which never starts from the bundle.
  "vite",
  // pg's optional native binding (not installed; pg loads it only when asked to).
  "pg-native",
];

const ENTRY_ID = "\0server-bundle-entry";

/** Builds build/start/ from build/server/index.js and server/serve.ts; throws on failure. */
export async function buildServerBundle(): Promise<void> {
  if (!existsSync(appBuild)) throw new Error("No build/server/index.js: run `react-router build`");
  const started = performance.now();
  // Written beside, then renamed into place: a server starting meanwhile (a test beside the
  // build) finds the old bundle, none, or the new one, never half of one.
  const scratch = `${outDir}.${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  const bundle = await rolldown({
    input: ENTRY_ID,
    platform: "node",
    external: (id) =>
      id.startsWith("node:") ||
      EXTERNAL_PACKAGES.some((name) => id === name || id.startsWith(`${name}/`)),
    // The bundle only ever runs in production (server/serve.ts sets NODE_ENV before loading the
    // app from the sources too): React, React DOM and Express's dependencies keep their
    // production code only. The app's configuration reads the operator's NODE_ENV from
    // process.env as a whole object, which this does not replace.
    transform: { define: { "process.env.NODE_ENV": JSON.stringify("production") } },
    plugins: [
      {
        name: "server-bundle-entry",
        resolveId: (id) => (id === ENTRY_ID ? id : null),
        // serve() with the app bundled beside it, rather than imported by path at run time.
        load: (id) =>
          id === ENTRY_ID
            ? [
                `import { serve as serveWith } from ${JSON.stringify(path.join(root, "server/serve.ts"))};`,
                `import * as app from ${JSON.stringify(appBuild)};`,
                "export const serve = (options) => serveWith({ ...options, app });",
              ].join("\n")
            : null,
      },
    ],
    // "use client" in React packages means nothing on the server.
    onLog: (level, log, report) => {
      if (log.code !== "MODULE_LEVEL_DIRECTIVE") report(level, log);
    },
  });
  const output = await bundle.write({
    dir: scratch,
    format: "esm",
    entryFileNames: path.basename(SERVER_BUNDLE),
    chunkFileNames: "[name]-[hash].js",
    sourcemap: false,
  });
  if (process.env.ANALYZE) {
    const sizes = new Map<string, number>();
    for (const chunk of output.output) {
      if (chunk.type !== "chunk") continue;
      for (const [id, m] of Object.entries(chunk.modules)) {
        const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(id)?.[1] ?? "(project)";
        sizes.set(pkg, (sizes.get(pkg) ?? 0) + m.renderedLength);
      }
    }
    for (const [pkg, size] of [...sizes].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
      console.log(`${(size / 1024).toFixed(0).padStart(6)} KB  ${pkg}`);
    }
  }
  const projectFiles = new Set<string>();
  // Every file read to build it; those under node_modules stand for package-lock.json.
  for (const id of await bundle.watchFiles) {
    if (id.startsWith("\0")) continue;
    const relative = path.relative(root, id);
    if (relative.startsWith("..") || path.isAbsolute(relative)) continue;
    // tsconfig.json only steers the transform, and the image (Dockerfile) leaves it out.
    if (relative === "tsconfig.json") continue;
    projectFiles.add(relative.startsWith("node_modules") ? "package-lock.json" : relative);
  }
  await bundle.close();
  const inputs: BundleInputs = { files: [...projectFiles].sort() };
  writeFileSync(
    path.join(scratch, path.basename(SERVER_BUNDLE_INPUTS)),
    `${JSON.stringify(inputs, null, 1)}\n`,
  );
  rmSync(outDir, { recursive: true, force: true });
  renameSync(scratch, outDir);
  console.log(
    `server bundle: ${output.output.length} files from ${inputs.files.length} project files ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

if (import.meta.main) await buildServerBundle();
