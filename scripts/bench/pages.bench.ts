/**
 * Public pages benchmark (storefront issue "Done when"; ARCHITECTURE.md "Performance budgets"):
 * for /, /services, /shop and /product/:id prints
 *  - the first-load JavaScript in KB gzip, from the React Router build manifest (entry + the
 *    modules and imports of every route the URL matches), against the 150 KB budget;
 *  - the server render time p50/p99 (ms, full response) under load: a fixed number of requests
 *    with bounded concurrency over keep-alive connections, against a fresh production server.
 *
 * Run: `npm run bench -- pages` (builds first if there is no build). Env: BENCH_CONCURRENCY
 * (default 100), BENCH_REQUESTS per page (default 2000).
 * No assertions: figures are printed, budgets flagged.
 */

import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "../..");
const clientDir = path.join(root, "build/client");
const JS_BUDGET_KB = 150;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 100);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const WARMUP = 200;

type RouteEntry = { module: string; imports?: string[]; css?: string[] };
type Manifest = { entry: RouteEntry; routes: Record<string, RouteEntry> };

/** The route ids each measured page matches (root, the public layout, the page). */
const PAGES: { name: string; routeIds: string[]; path: (productId: number) => string }[] = [
  { name: "/", routeIds: ["root", "routes/site-layout", "routes/home"], path: () => "/" },
  {
    name: "/services",
    routeIds: ["root", "routes/site-layout", "routes/services"],
    path: () => "/services",
  },
  { name: "/shop", routeIds: ["root", "routes/site-layout", "routes/shop"], path: () => "/shop" },
  {
    name: "/product/:id",
    routeIds: ["root", "routes/site-layout", "routes/product"],
    path: (id) => `/product/${id}`,
  },
];

function ensureBuild(): void {
  if (existsSync(path.join(root, "build/server/index.js"))) return;
  console.log("No build found: running `npm run build`…");
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
}

function readManifest(): Manifest {
  const file = readdirSync(path.join(clientDir, "assets")).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error("React Router manifest not found in build/client/assets");
  const text = readFileSync(path.join(clientDir, "assets", file), "utf8");
  return JSON.parse(text.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, ""));
}

const gzipCache = new Map<string, number>();
function gzipBytes(asset: string): number {
  let size = gzipCache.get(asset);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(clientDir, asset)), { level: 9 }).length;
    gzipCache.set(asset, size);
  }
  return size;
}

/** Gzipped KB of every distinct JS file a first visit to the page loads (manifest included). */
function firstLoadJsKb(manifest: Manifest, routeIds: string[]): number {
  const files = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`route ${id} not in the manifest`);
    files.add(route.module);
    for (const f of route.imports ?? []) files.add(f);
  }
  const manifestFile = readdirSync(path.join(clientDir, "assets")).find((f) =>
    /^manifest-.*\.js$/.test(f),
  );
  if (manifestFile) files.add(`/assets/${manifestFile}`);
  let bytes = 0;
  for (const f of files) bytes += gzipBytes(f);
  return bytes / 1024;
}

async function startServer(): Promise<{ child: ChildProcess; port: number; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "clinic-bench-"));
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_USERNAME: "bench",
      ADMIN_PASSWORD: "bench-password-not-for-production",
      SESSION_SECRET: randomBytes(32).toString("hex"),
      LOG_LEVEL: "info",
      // Required in production (issue 16), where the demo catalogue is off by default.
      PUBLIC_URL: "http://127.0.0.1",
      SEED_DEMO: "true",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
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
  // Quiet the request log from here on: it would dominate the measured time.
  child.stdout?.removeAllListeners("data");
  child.stdout?.resume();
  child.stderr?.resume();
  return { child, port, dataDir };
}

/** One GET; resolves with the time to the last byte (ms) and the status. */
function timedGet(agent: http.Agent, port: number, urlPath: string): Promise<[number, number]> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.get(
      { host: "127.0.0.1", port, path: urlPath, agent, headers: { "accept-encoding": "gzip" } },
      (res) => {
        res.on("data", () => {});
        res.on("end", () =>
          resolve([Number(process.hrtime.bigint() - started) / 1e6, res.statusCode ?? 0]),
        );
      },
    );
    req.on("error", reject);
  });
}

/** `total` requests with at most `concurrency` in flight; latencies sorted ascending. */
async function load(port: number, urlPath: string, total: number, concurrency: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = process.hrtime.bigint();
  async function worker() {
    while (next < total) {
      next += 1;
      try {
        const [ms, status] = await timedGet(agent, port, urlPath);
        if (status !== 200) errors += 1;
        latencies.push(ms);
      } catch {
        errors += 1;
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { latencies, errors, rps: total / seconds };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

async function main() {
  ensureBuild();
  const manifest = readManifest();
  const { child, port, dataDir } = await startServer();
  try {
    const products = (await (await fetch(`http://127.0.0.1:${port}/api/products`)).json()) as {
      id: number;
    }[];
    const productId = products[0]?.id ?? 1;
    console.log(
      `SSR under load: ${REQUESTS} requests per page, ${CONCURRENCY} concurrent, keep-alive, gzip\n`,
    );
    const rows: string[][] = [
      ["page", "JS KB gz", "budget", "req/s", "p50 ms", "p99 ms", "errors"],
    ];
    for (const page of PAGES) {
      const kb = firstLoadJsKb(manifest, page.routeIds);
      const urlPath = page.path(productId);
      await load(port, urlPath, WARMUP, Math.min(CONCURRENCY, 20));
      const { latencies, errors, rps } = await load(port, urlPath, REQUESTS, CONCURRENCY);
      rows.push([
        page.name,
        kb.toFixed(1),
        kb <= JS_BUDGET_KB ? `ok (<= ${JS_BUDGET_KB})` : `OVER ${JS_BUDGET_KB}`,
        rps.toFixed(0),
        percentile(latencies, 50).toFixed(1),
        percentile(latencies, 99).toFixed(1),
        String(errors),
      ]);
    }
    const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length))) ?? [];
    for (const row of rows)
      console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  "));
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
