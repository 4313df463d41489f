/**
 * Clients list and search benchmark (issue 12): 20,000 clients, 100,000 bookings linked to them,
 * 5,000 newsletter subscribers (half of them clients with bookings) and 10,000 sales. Starts the
 * production server the way `npm start` does (node server/main.ts, NODE_ENV=production), signs
 * in and measures GET /api/customers (the Customer Database rows of one page: the same query as
 * the /admin/clients loader) for the default order, page 300, by name, the status filter
 * and searches by name, phone (+234 form) and address. On PGlite (DATA_DIR) and, when
 * TEST_DATABASE_URL is set or a local server answers at postgres://postgres@127.0.0.1:5432/test,
 * on PostgreSQL (a throwaway database).
 *
 * Run: `npm run bench -- clients` (builds first if there is no build). Env: BENCH_REQUESTS
 * (default 200), BENCH_CONCURRENCY (default 2). Prints figures; asserts nothing.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "#server/db/client.ts";

const root = path.resolve(import.meta.dirname, "../..");
const CLIENTS = 20_000;
const BOOKINGS = 100_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 2);
const ADMIN = { username: "bench", password: "bench-password-not-for-production" };

function ensureBuild(): void {
  if (existsSync(path.join(root, "build/server/index.js"))) return;
  console.log("No build found: running `npm run build`…");
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
}

/** A number inlined in SQL (generate_series needs integers, not text parameters). */
const n = (value: number) => sql.raw(String(Math.trunc(value)));

/** The data set, written with generate_series (seconds, not minutes). */
async function seed(db: Awaited<ReturnType<typeof openDatabase>>["db"]): Promise<void> {
  await db.execute(sql`insert into services (name, description, category, price_kobo, duration)
    values ('HydraFacial', 'Bench', 'facial', 18000000, '1h'), ('Glow Peel', 'Bench', 'chemical-peel', 9500000, '45m')`);
  await db.execute(sql`insert into clients (email, first_name, last_name, phone, address, city, source, status)
    select 'client' || i || '@bench.example', 'First' || i, 'Last' || i,
      '0803' || lpad(i::text, 7, '0'), i || ' Adeola Odeku Street', 'Lagos',
      case when i % 4 = 0 then 'manual' else 'website' end,
      case when i % 50 = 0 then 'inactive' when i > ${n(CLIENTS - 2500)} then 'prospect' else 'active' end
    from generate_series(1, ${n(CLIENTS)}) as i`);
  await db.execute(sql`insert into bookings (name, email, phone, service, service_name, service_id,
      client_id, date, created_at, processed, status)
    select 'First' || c || ' Last' || c, 'client' || c || '@bench.example', '0803' || lpad(c::text, 7, '0'),
      '1', case when i % 2 = 0 then 'HydraFacial' else 'Glow Peel' end, 1, c,
      now() - (i % 700) * interval '1 day' + interval '10 hours',
      now() - (i % 720) * interval '1 day', i % 3 <> 0,
      case when i % 3 = 0 then 'pending' else 'completed' end
    from (select i, ((i * 7919) % ${n((CLIENTS * 3) / 4)}) + 1 as c from generate_series(1, ${n(BOOKINGS)}) as i) s`);
  // Subscribers: 2,500 who also booked, 2,500 only subscribed (their clients have no bookings).
  await db.execute(sql`insert into newsletter_subscribers (email)
    select 'client' || i || '@bench.example' from generate_series(${n(CLIENTS / 2 - 2499)}, ${n(CLIENTS / 2)}) as i
    union all
    select 'client' || i || '@bench.example' from generate_series(${n(CLIENTS - 2499)}, ${n(CLIENTS)}) as i`);
  await db.execute(sql`insert into sales (client_id, customer_name, customer_email, subtotal_kobo,
      total_kobo, payment_method, status, sold_at)
    select c, 'First' || c || ' Last' || c, 'client' || c || '@bench.example', 1800000, 1800000,
      'card', case when i % 10 = 0 then 'refunded' else 'completed' end, now() - (i % 300) * interval '1 day'
    from (select i, ((i * 104729) % ${n(CLIENTS / 2)}) + 1 as c from generate_series(1, 10000) as i) s`);
  await db.execute(sql`analyze`);
}

async function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SESSION_SECRET: randomBytes(32).toString("hex"),
      LOG_LEVEL: "info",
      LOGIN_RATE_LIMIT: "1000",
      PUBLIC_URL: "",
      SEED_DEMO: "false",
      ...env,
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
  child.stdout?.removeAllListeners("data");
  child.stdout?.resume();
  child.stderr?.resume();
  return { child, port };
}

async function stopServer(child: ChildProcess): Promise<void> {
  child.removeAllListeners("exit");
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

function timedGet(
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

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

async function load(port: number, urlPath: string, cookie: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  for (let i = 0; i < 20; i++) await timedGet(agent, port, urlPath, cookie); // warm-up
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next += 1;
        const { ms, status } = await timedGet(agent, port, urlPath, cookie);
        if (status !== 200) errors += 1;
        latencies.push(ms);
      }
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors };
}

async function signIn(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error("no session cookie");
  return cookie;
}

const CASES: Array<[string, string]> = [
  // The machine's floor: a signed-in request that reads one row (session + client look-up).
  ["reference: GET /api/customer-notes/{email}", "/api/customer-notes/client1%40bench.example"],
  ["list: newest first (default)", "/api/customers?pageSize=30"],
  ["list: page 300", "/api/customers?pageSize=30&page=300"],
  ["list: by name", "/api/customers?pageSize=30&sort=name&dir=asc"],
  ["list: status Subscriber", "/api/customers?pageSize=30&status=subscriber"],
  ["search: name 'Last1234'", "/api/customers?pageSize=30&q=Last1234"],
  ["search: email", "/api/customers?pageSize=30&q=client777%40bench"],
  ["search: phone +234 803 000 4321", "/api/customers?pageSize=30&q=%2B234%20803%20000%204321"],
  ["search: phone 08030004321", "/api/customers?pageSize=30&q=08030004321"],
  ["search: address 'Odeku' (all match)", "/api/customers?pageSize=30&q=Odeku"],
  ["search: no match", "/api/customers?pageSize=30&q=zzzz-nobody"],
];

async function measure(kind: string, port: number): Promise<void> {
  const cookie = await signIn(port);
  const rows: string[][] = [["request", "rows", "p50 ms", "p99 ms", "errors"]];
  for (const [label, urlPath] of CASES) {
    const sample = await timedGet(new http.Agent(), port, urlPath, cookie, false);
    if (sample.status !== 200) throw new Error(`${urlPath} answered ${sample.status}`);
    const parsed = JSON.parse(sample.body) as unknown;
    const count = Array.isArray(parsed) ? parsed.length : 1;
    const started = Date.now();
    const r = await load(port, urlPath, cookie);
    rows.push([label, String(count), r.p50.toFixed(1), r.p99.toFixed(1), String(r.errors)]);
    console.log(
      `  ${kind} ${label}: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (${Date.now() - started} ms)`,
    );
  }
  console.log(
    `\n${kind}: ${CLIENTS} clients, ${BOOKINGS} bookings, ${REQUESTS} requests each, ${CONCURRENCY} concurrent, keep-alive`,
  );
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length))) ?? [];
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  "));
}

async function onPglite(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "clinic-bench-clients-"));
  try {
    const database = await openDatabase({ kind: "pglite", dataDir });
    await seed(database.db);
    await database.close();
    const { child, port } = await startServer({ DATA_DIR: dataDir });
    try {
      await measure("PGlite", port);
    } finally {
      await stopServer(child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(baseUrl: string): Promise<void> {
  const name = `clinic_bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ kind: "postgres", url: url.toString() });
    await seed(database.db);
    await database.close();
    const { child, port } = await startServer({ DATABASE_URL: url.toString() });
    try {
      await measure("PostgreSQL", port);
    } finally {
      await stopServer(child);
    }
  } finally {
    const dropper = new pg.Client({ connectionString: baseUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  }
}

/** A PostgreSQL server on this machine (trust auth, database 'test'), if one answers. */
async function localPostgres(): Promise<string | undefined> {
  const url = "postgres://postgres@127.0.0.1:5432/test";
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  ensureBuild();
  await onPglite();
  const pgUrl = process.env.TEST_DATABASE_URL ?? (await localPostgres());
  if (pgUrl) await onPostgres(pgUrl);
  else console.log("\nPostgreSQL skipped: set TEST_DATABASE_URL=postgres://… to include it.");
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
