/**
 * Process entry (`npm start`, `node server/main.ts`, the Docker image; `--dev` for `npm run dev`).
 * The process itself is server/serve.ts. In production it starts from the server bundle
 * (build/start/start.js, scripts/build-server.ts) when that is fresh, since loading one bundle
 * takes a fraction of loading the sources' module graph (issue 34: a restart after kill -9 must
 * serve within 5 s; docs/decisions/0335-the-server-starts-from-one-bundle.md); from the sources
 * when there is none, when a file it was built from changed, with SERVER_BUNDLE=off, and always
 * under `--dev`.
 *
 * Run with Node 24 (type stripping). Imports only Node's modules and server-bundle.ts before
 * choosing, so the choice costs no module loading.
 */
import module from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { freshServerBundle, SERVER_BUNDLE } from "./server-bundle.ts";

// V8's compiled code of the modules loaded below, kept on disk by Node between starts (in the
// OS's temporary folder; NODE_COMPILE_CACHE names another, NODE_DISABLE_COMPILE_CACHE=1 turns it
// off): a restart then skips compiling the bundle's megabytes again.
module.enableCompileCache?.();

const root = path.resolve(import.meta.dirname, "..");
const dev = process.argv.includes("--dev");
// SERVER_BUNDLE=off: the sources always (their stack traces name the source files).
const bundle = dev || process.env.SERVER_BUNDLE === "off" ? null : freshServerBundle(root);

if (bundle && !bundle.file && bundle.reason !== "no server bundle") {
  // A bundle left behind by an older build: say why the slower start, and how to refresh it.
  console.log(`${SERVER_BUNDLE} not used (${bundle.reason}): starting from the sources.`);
}

try {
  const { serve }: typeof import("./serve.ts") = bundle?.file
    ? await import(pathToFileURL(bundle.file).href)
    : await import("./serve.ts");
  await serve({ root, dev, from: bundle?.file ? "bundle" : "sources" });
  // Node writes the cache at exit, which a kill -9 never reaches: written once listening.
  module.flushCompileCache?.();
} catch (err) {
  console.error(err);
  process.exit(1);
}
