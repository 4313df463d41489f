/**
 * Public pages benchmark (issue 15 "Benchmarks"; ARCHITECTURE.md "Performance budgets"): against
 * the server started exactly as `npm start` starts it (node server/main.ts, NODE_ENV unset, the
 * demo catalogue seeded), on PGlite and then on a throwaway PostgreSQL database, prints for
 * /shop, /product/:id, /services and /api/products
 *  - requests per second and latency p50/p99 (ms) under autocannon (BENCH_CONNECTIONS, default
 *    32; BENCH_SECONDS per URL, default 5), keep-alive, gzip accepted;
 *  - the same figures for a static file holding the same bytes, served by the same server
 *    (express.static from build/client), and the ratio page/static: how close the page is to
 *    the limit of this machine and server stack (issue 15 target >= 0.3 for /shop);
 *  - the first-load JavaScript of each page (KB gzip) from the React Router build manifest.
 *
 * Run: `npm run bench -- pages` (builds first if there is no build). Prints; asserts nothing.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { ensureBuild, localPostgres, printTable, root, withScratchPostgres } from "./harness.ts";
import { startAsNpmStart, stop } from "./npm-start.ts";

type AutocannonResult = {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
};
const autocannon = createRequire(import.meta.url)("autocannon") as (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => Promise<AutocannonResult>;

const clientDir = path.join(root, "build/client");
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

type RouteEntry = { module: string; imports?: string[] };
type Manifest = { entry: RouteEntry; routes: Record<string, RouteEntry> };

/** The measured URLs and the route ids of each page (for its first-load JS). */
const TARGETS: { name: string; routeIds: string[] | null; path: (productId: number) => string }[] =
  [
    { name: "/shop", routeIds: ["root", "routes/site-layout", "routes/shop"], path: () => "/shop" },
    {
      name: "/product/:id",
      routeIds: ["root", "routes/site-layout", "routes/product"],
      path: (id) => `/product/${id}`,
    },
    {
      name: "/services",
      routeIds: ["root", "routes/site-layout", "routes/services"],
      path: () => "/services",
    },
    { name: "/api/products", routeIds: null, path: () => "/api/products" },
  ];

function readManifest(): Manifest {
  const file = readdirSync(path.join(clientDir, "assets")).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error("React Router manifest not found in build/client/assets");
  const text = readFileSync(path.join(clientDir, "assets", file), "utf8");
  return JSON.parse(text.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, ""));
}

/** Gzipped KB of the distinct JS files the manifest says a first visit loads. */
function firstLoadJsKb(manifest: Manifest, routeIds: string[]): number {
  const files = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`route ${id} not in the manifest`);
    files.add(route.module);
    for (const f of route.imports ?? []) files.add(f);
  }
  let bytes = 0;
  for (const f of files)
    bytes += gzipSync(readFileSync(path.join(clientDir, f)), { level: 9 }).length;
  return bytes / 1024;
}

async function measure(url: string) {
  const headers = { "accept-encoding": "gzip" };
  await autocannon({ url, connections: Math.min(CONNECTIONS, 8), duration: 1, headers }); // warm-up
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.non2xx + r.errors,
  };
}

/** Measures every target and its static twin on a running server; prints one table. */
async function benchServer(kind: string, port: number, manifest: Manifest, staticDir: string) {
  const base = `http://127.0.0.1:${port}`;
  const products = (await (await fetch(`${base}/api/products`)).json()) as { id: number }[];
  const productId = products[0]?.id ?? 1;
  const rows: string[][] = [
    [
      "url",
      "JS KB gz",
      "req/s",
      "p50 ms",
      "p99 ms",
      "static req/s",
      "static p50",
      "static p99",
      "page/static",
      "non-2xx",
    ],
  ];
  for (const target of TARGETS) {
    const urlPath = target.path(productId);
    // The static twin: the very bytes the page answers, as a file the same server serves.
    const body = Buffer.from(await (await fetch(base + urlPath)).arrayBuffer());
    const ext = urlPath.startsWith("/api/") ? "json" : "html";
    const file = `${target.name.replace(/[^a-z]+/gi, "-").replace(/^-|-$/g, "")}.${ext}`;
    writeFileSync(path.join(staticDir, file), body);
    const page = await measure(base + urlPath);
    const stat = await measure(`${base}/${path.basename(staticDir)}/${file}`);
    rows.push([
      target.name,
      target.routeIds ? firstLoadJsKb(manifest, target.routeIds).toFixed(1) : "-",
      page.rps.toFixed(0),
      String(page.p50),
      String(page.p99),
      stat.rps.toFixed(0),
      String(stat.p50),
      String(stat.p99),
      (page.rps / stat.rps).toFixed(2),
      String(page.bad + stat.bad),
    ]);
  }
  console.log(`\n${kind}: ${CONNECTIONS} connections, ${SECONDS} s per URL, keep-alive, gzip`);
  printTable(rows);
}

async function main() {
  ensureBuild();
  const manifest = readManifest();
  const staticDir = path.join(clientDir, `bench-static-${randomBytes(4).toString("hex")}`);
  mkdirSync(staticDir);
  const dataDir = mkdtempSync(path.join(tmpdir(), "clinic-bench-pages-"));
  try {
    const pglite = await startAsNpmStart({ DATA_DIR: dataDir });
    try {
      await benchServer("PGlite", pglite.port, manifest, staticDir);
    } finally {
      await stop(pglite.child);
    }

    const baseUrl = await localPostgres();
    if (!baseUrl) {
      console.log("\nPostgreSQL skipped: set TEST_DATABASE_URL=postgres://… to include it.");
      return;
    }
    await withScratchPostgres(baseUrl, async (url) => {
      const postgres = await startAsNpmStart({ DATABASE_URL: url, DATA_DIR: dataDir });
      try {
        await benchServer("PostgreSQL", postgres.port, manifest, staticDir);
      } finally {
        await stop(postgres.child);
      }
    });
  } finally {
    rmSync(staticDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
