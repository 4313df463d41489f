/**
 * What the back-office benchmarks share (calendar, clients, pos): the server started the way
 * `npm start` starts it (node server/main.ts, NODE_ENV=production) on a seeded PGlite data
 * directory and on a throwaway PostgreSQL database, a signed-in session, timed GETs at a fixed
 * concurrency (p50/p99 in ms) and a plain-text table. Prints; asserts nothing.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "#server/db/client.ts";

export const root = path.resolve(import.meta.dirname, "../..");
export const BENCH_ADMIN = { username: "bench", password: "bench-password-not-for-production" };
export type BenchDb = Awaited<ReturnType<typeof openDatabase>>["db"];
export type Latency = { p50: number; p99: number; errors: number };

/** Builds the app first when there is no build (`npm run build`). */
export function ensureBuild(): void {
  if (existsSync(path.join(root, "build/server/index.js"))) return;
  console.log("No build found: running `npm run build`…");
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
}

/**
 * Spawns `node server/main.ts` with exactly `env` on the port it picks (PORT=0), resolves once it
 * logs "listening on http://localhost:N", then keeps its log flowing into drained pipes.
 * @throws when it exits or has not listened within `timeoutMs`.
 */
export async function spawnServer(
  env: NodeJS.ProcessEnv,
  timeoutMs = 90_000,
): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: { ...env, PORT: "0", HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${output}`)),
      timeoutMs,
    );
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
  for (const stream of [child.stdout, child.stderr]) {
    stream?.removeAllListeners("data");
    stream?.resume();
  }
  return { child, port };
}

/** Starts `node server/main.ts` in production mode on a free port; `env` adds the database. */
export function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; port: number }> {
  return spawnServer({
    ...process.env,
    NODE_ENV: "production",
    ADMIN_USERNAME: BENCH_ADMIN.username,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    LOG_LEVEL: "info",
    LOGIN_RATE_LIMIT: "1000",
    // Required in production (issue 16); only GETs and Origin-less requests are measured.
    PUBLIC_URL: "http://127.0.0.1",
    SEED_DEMO: "false",
    // No Paystack keys: the benches use the test-payment mode.
    ALLOW_TEST_PAYMENTS: "true",
    ...env,
  });
}

/** SIGTERM, then waits for the exit (the server drains and closes its database). */
export async function stopServer(child: ChildProcess): Promise<void> {
  child.removeAllListeners("exit");
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** Signs the bench account in; the session cookie ('name=value'). */
export async function signIn(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error("no session cookie");
  return cookie;
}

/** One GET with the session cookie; its time in ms, status and body (decompressed by none). */
export function timedGet(
  agent: http.Agent,
  port: number,
  urlPath: string,
  cookie: string,
  gzip = true,
): Promise<{ ms: number; status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.get(
      {
        host: "127.0.0.1",
        port,
        path: urlPath,
        agent,
        headers: { cookie, "accept-encoding": gzip ? "gzip" : "identity" },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            ms: Number(process.hrtime.bigint() - started) / 1e6,
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on("error", reject);
  });
}

/** The p-th percentile of ascending `sorted` (NaN when empty). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Collects timings of GETs of `urlPath` (one per `round`) into p50/p99 and non-200 answers. */
export function recorder(agent: http.Agent, port: number, urlPath: string, cookie: string) {
  const latencies: number[] = [];
  let errors = 0;
  return {
    async round(): Promise<void> {
      const { ms, status } = await timedGet(agent, port, urlPath, cookie);
      if (status !== 200) errors += 1;
      latencies.push(ms);
    },
    summary(): Latency {
      agent.destroy();
      latencies.sort((a, b) => a - b);
      return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors };
    },
  };
}

/** `requests` GETs of `urlPath`, `concurrency` at a time on keep-alive, after 20 warm-ups. */
export async function loadGets(
  port: number,
  urlPath: string,
  cookie: string,
  { requests, concurrency }: { requests: number; concurrency: number },
): Promise<Latency> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  for (let i = 0; i < 20; i++) await timedGet(agent, port, urlPath, cookie);
  const timed = recorder(agent, port, urlPath, cookie);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next += 1;
        await timed.round();
      }
    }),
  );
  return timed.summary();
}

/** Prints rows as aligned columns (the first row is the header). */
export function printTable(rows: string[][]): void {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length))) ?? [];
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  "));
}

/** TEST_DATABASE_URL, or the PostgreSQL server on this machine (trust auth, database 'test'), if one answers. */
export async function localPostgres(): Promise<string | undefined> {
  const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return undefined;
  }
}

/**
 * Runs `use` with the URL of a throwaway database on the server at `baseUrl`, dropped afterwards
 * (also when `use` throws).
 */
export async function withScratchPostgres(
  baseUrl: string,
  use: (url: string) => Promise<void>,
): Promise<void> {
  const dbName = `clinic_bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  try {
    await use(url.toString());
  } finally {
    const dropper = new pg.Client({ connectionString: baseUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await dropper.end();
  }
}

/**
 * Runs a benchmark on PGlite (a temporary DATA_DIR) and then, when TEST_DATABASE_URL is set or a
 * local server answers, on PostgreSQL (a throwaway database, dropped afterwards): `seed` fills
 * the database, the server starts on it, `measure` runs against its port.
 */
export async function onEachDatabase<T>(
  name: string,
  seed: (db: BenchDb) => Promise<T>,
  measure: (kind: "PGlite" | "PostgreSQL", port: number, seeded: T) => Promise<void>,
): Promise<void> {
  ensureBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), `clinic-bench-${name}-`));
  try {
    const database = await openDatabase({ kind: "pglite", dataDir });
    const seeded = await seed(database.db);
    await database.close();
    const { child, port } = await startServer({ DATA_DIR: dataDir });
    try {
      await measure("PGlite", port, seeded);
    } finally {
      await stopServer(child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const baseUrl = await localPostgres();
  if (!baseUrl) {
    console.log("\nPostgreSQL skipped: set TEST_DATABASE_URL=postgres://… to include it.");
    return;
  }
  await withScratchPostgres(baseUrl, async (url) => {
    const database = await openDatabase({ kind: "postgres", url });
    const seeded = await seed(database.db);
    await database.close();
    const { child, port } = await startServer({ DATABASE_URL: url });
    try {
      await measure("PostgreSQL", port, seeded);
    } finally {
      await stopServer(child);
    }
  });
}

/** Runs `main`, printing an error and exiting 1 on failure. */
export function run(main: () => Promise<void>): void {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
