/**
 * Builds the back office's service worker after `react-router build` (issue 35;
 * docs/decisions/0275, 0276): bundles app/service-worker/admin-sw.ts (Workbox's modules and the
 * offline vault) with Vite into one classic script, then Workbox's `injectManifest` writes
 * build/client/admin-sw.js with the precache list: the hashed scripts, styles and fonts, the
 * admin manifest and its icons. Prints the precache's size.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { build } from "vite";
import { injectManifest } from "workbox-build";

const root = path.resolve(import.meta.dirname, "..");
const client = path.join(root, "build/client");
const staging = path.join(root, "build/sw-staging");

await build({
  configFile: false,
  root,
  logLevel: "warn",
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: staging,
    emptyOutDir: true,
    copyPublicDir: false,
    minify: true,
    lib: {
      entry: path.join(root, "app/service-worker/admin-sw.ts"),
      formats: ["iife"],
      name: "adminServiceWorker",
      fileName: () => "admin-sw.js",
    },
  },
});

const { count, size, warnings } = await injectManifest({
  swSrc: path.join(staging, "admin-sw.js"),
  swDest: path.join(client, "admin-sw.js"),
  globDirectory: client,
  globPatterns: ["assets/**/*.{js,css,woff2}", "admin.webmanifest", "admin-icons/*.png"],
  // Hashed file names already say the version.
  dontCacheBustURLsMatching: /^assets\//,
  maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
});
rmSync(staging, { recursive: true, force: true });
for (const warning of warnings) console.warn(`service worker: ${warning}`);
console.log(`service worker: ${count} files precached, ${(size / 1024).toFixed(0)} KB`);
