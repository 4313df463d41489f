/**
 * Point-of-sale benchmark (issue 11): seeds 5,000 sales (two lines and one payment each) into
 * one Lagos day, starts the production server the way `npm start` does (node server/main.ts,
 * NODE_ENV=production), signs in and measures
 * - POST /api/pos/process-sale: BENCH_SALES sales (default 400, a service and a product each,
 *   its own idempotency key) at BENCH_CONCURRENCY (default 8): sales per second, p50 and p99;
 * - GET /api/sales/daily/{date} for the day of 5,000 sales: p50 and p99 over BENCH_REQUESTS
 *   (default 200).
 * On PGlite (DATA_DIR) and, when TEST_DATABASE_URL is set or a local server answers at
 * postgres://postgres@127.0.0.1:5432/test, on PostgreSQL (a throwaway database).
 *
 * Run: `npm run bench -- pos` (builds first if there is no build). Prints figures; asserts nothing.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "#server/db/client.ts";
import { products, services } from "#server/db/schema/catalog.ts";
import { saleLines, salePayments, sales } from "#server/db/schema/sales.ts";

const root = path.resolve(import.meta.dirname, "../..");
const DAY_SALES = 5000;
const SALES = Number(process.env.BENCH_SALES ?? 400);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const DAY = "2030-01-07";
const DAY_START_UTC = Date.parse("2030-01-06T23:00:00Z"); // Mon 7 Jan 2030 00:00 Lagos
const ADMIN = { username: "bench", password: "bench-password-not-for-production" };

type Catalogue = { serviceId: number; productId: number };

function ensureBuild(): void {
  if (existsSync(path.join(root, "build/server/index.js"))) return;
  console.log("No build found: running `npm run build`…");
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
}

/** A service, a product with stock for every sale, and 5,000 sales on DAY (08:00–20:00 Lagos). */
async function seed(db: Awaited<ReturnType<typeof openDatabase>>["db"]): Promise<Catalogue> {
  const [service] = await db
    .insert(services)
    .values({
      name: "HydraFacial",
      description: "Bench",
      category: "facial",
      priceKobo: 18_000_000,
      duration: "1h",
    })
    .returning();
  const [product] = await db
    .insert(products)
    .values({
      name: "Vitamin C Serum",
      description: "Bench",
      priceKobo: 2_500_000,
      image: "/images/products/bench.svg",
      category: "serums",
      stock: 1_000_000,
    })
    .returning();
  if (!service || !product) throw new Error("no catalogue");
  const methods = ["cash", "card", "transfer"] as const;
  for (let start = 0; start < DAY_SALES; start += 500) {
    const batch = Array.from({ length: Math.min(500, DAY_SALES - start) }, (_, k) => {
      const i = start + k;
      const soldAt = new Date(
        DAY_START_UTC + 8 * 3_600_000 + Math.floor((i * 12 * 3_600_000) / DAY_SALES),
      );
      return {
        customerName: `Client ${i}`,
        customerEmail: `client${i}@example.com`,
        subtotalKobo: 20_500_000,
        totalKobo: 20_500_000,
        paymentMethod: methods[i % 3] as string,
        cashReceivedKobo: i % 3 === 0 ? 21_000_000 : null,
        changeKobo: i % 3 === 0 ? 500_000 : 0,
        soldAt,
      };
    });
    const ids = await db.insert(sales).values(batch).returning({ id: sales.id });
    await db.insert(saleLines).values(
      ids.flatMap(({ id }) => [
        {
          saleId: id,
          itemType: "service",
          itemId: service.id,
          itemName: service.name,
          unitPriceKobo: 18_000_000,
          quantity: 1,
          lineTotalKobo: 18_000_000,
        },
        {
          saleId: id,
          itemType: "product",
          itemId: product.id,
          itemName: product.name,
          unitPriceKobo: 2_500_000,
          quantity: 1,
          lineTotalKobo: 2_500_000,
        },
      ]),
    );
    await db.insert(salePayments).values(
      ids.map(({ id }, k) => ({
        saleId: id,
        method: methods[(start + k) % 3] as string,
        amountKobo: 20_500_000,
      })),
    );
  }
  return { serviceId: service.id, productId: product.id };
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

function timedPost(
  agent: http.Agent,
  port: number,
  urlPath: string,
  cookie: string,
  body: string,
): Promise<{ ms: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: urlPath,
        method: "POST",
        agent,
        headers: {
          cookie,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          origin: `http://127.0.0.1:${port}`,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({
            ms: Number(process.hrtime.bigint() - started) / 1e6,
            status: res.statusCode ?? 0,
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
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

async function measure(kind: string, port: number, catalogue: Catalogue): Promise<void> {
  const cookie = await signIn(port);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const saleBody = (i: number) =>
    JSON.stringify({
      cart: [
        { id: catalogue.serviceId, type: "service", price: 180000, quantity: 1 },
        { id: catalogue.productId, type: "product", price: 25000, quantity: 1 },
      ],
      customerInfo: { name: `Walk-in ${i}`, email: `walkin${i}@example.com` },
      paymentMethod: i % 2 ? "card" : "cash",
      cashReceived: i % 2 ? null : 210000,
      idempotencyKey: `bench-${randomBytes(8).toString("hex")}`,
    });
  const first = await timedPost(agent, port, "/api/pos/process-sale", cookie, saleBody(-1));
  if (first.status !== 201) throw new Error(`process-sale answered ${first.status}`);
  for (let i = 0; i < 10; i++)
    await timedPost(agent, port, "/api/pos/process-sale", cookie, saleBody(-2 - i));

  const saleMs: number[] = [];
  let saleErrors = 0;
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < SALES) {
        const i = next++;
        const { ms, status } = await timedPost(
          agent,
          port,
          "/api/pos/process-sale",
          cookie,
          saleBody(i),
        );
        if (status !== 201) saleErrors += 1;
        saleMs.push(ms);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  saleMs.sort((a, b) => a - b);

  const dailyPath = `/api/sales/daily/${DAY}`;
  const sample = await timedGet(agent, port, dailyPath, cookie, false);
  if (sample.status !== 200) throw new Error(`${dailyPath} answered ${sample.status}`);
  const daily = JSON.parse(sample.body) as { totals: { salesQty: number } };
  for (let i = 0; i < 10; i++) await timedGet(agent, port, dailyPath, cookie);
  const dailyMs: number[] = [];
  let dailyErrors = 0;
  next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next += 1;
        const { ms, status } = await timedGet(agent, port, dailyPath, cookie);
        if (status !== 200) dailyErrors += 1;
        dailyMs.push(ms);
      }
    }),
  );
  dailyMs.sort((a, b) => a - b);
  agent.destroy();

  console.log(`\n${kind}: ${CONCURRENCY} concurrent, keep-alive`);
  console.log(
    `POST /api/pos/process-sale: ${SALES} sales in ${seconds.toFixed(1)} s = ${(SALES / seconds).toFixed(1)} sales/s; p50 ${percentile(saleMs, 50).toFixed(1)} ms, p99 ${percentile(saleMs, 99).toFixed(1)} ms; errors ${saleErrors}`,
  );
  console.log(
    `GET ${dailyPath} (${DAY_SALES} sales, ${daily.totals.salesQty} items): ${REQUESTS} requests; p50 ${percentile(dailyMs, 50).toFixed(1)} ms, p99 ${percentile(dailyMs, 99).toFixed(1)} ms; errors ${dailyErrors}`,
  );
}

async function onPglite(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "clinic-bench-pos-"));
  try {
    const database = await openDatabase({ kind: "pglite", dataDir });
    const catalogue = await seed(database.db);
    await database.close();
    const { child, port } = await startServer({ DATA_DIR: dataDir });
    try {
      await measure("PGlite", port, catalogue);
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
    const catalogue = await seed(database.db);
    await database.close();
    const { child, port } = await startServer({ DATABASE_URL: url.toString() });
    try {
      await measure("PostgreSQL", port, catalogue);
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
