/**
 * Point-of-sale benchmark (issue 11): seeds 5,000 sales (two lines and one payment each) into
 * one Lagos day, starts the production server the way `npm start` does (node server/main.ts,
 * NODE_ENV=production), signs in and measures
 * - POST /api/pos/process-sale: BENCH_SALES sales (default 400, a service and a product each,
 *   its own idempotency key) at BENCH_CONCURRENCY (default 8): sales per second, p50 and p99;
 * - GET /api/sales/daily/{date} for the day of 5,000 sales: p50 and p99 over BENCH_REQUESTS
 *   (default 200);
 * each beside a reference: a small signed-in read (GET /api/surcharges) and a static file of the
 * daily answer's bytes from the same server.
 * On PGlite (DATA_DIR) and, when TEST_DATABASE_URL is set or a local server answers at
 * postgres://postgres@127.0.0.1:5432/test, on PostgreSQL (a throwaway database).
 *
 * Run: `npm run bench -- pos` (builds first if there is no build). Prints figures; asserts nothing.
 */
import { randomBytes } from "node:crypto";
import { unlinkSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { products, services } from "#server/db/schema/catalog.ts";
import { saleLines, salePayments, sales } from "#server/db/schema/sales.ts";
import { rebuildDayTotals, storedTotalsOf } from "#server/modules/sales/stored-totals.ts";
import {
  type BenchDb,
  loadGets,
  onEachDatabase,
  percentile,
  printTable,
  root,
  run,
  signIn,
  timedGet,
} from "./harness.ts";

const DAY_SALES = 5000;
const SALES = Number(process.env.BENCH_SALES ?? 400);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const DAY = "2030-01-07";
const DAY_START_UTC = Date.parse("2030-01-06T23:00:00Z"); // Mon 7 Jan 2030 00:00 Lagos

type Catalogue = { serviceId: number; productId: number };

/** A service, a product with stock for every sale, and 5,000 sales on DAY (08:00–20:00 Lagos). */
async function seed(db: BenchDb): Promise<Catalogue> {
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
        // The stored totals the till writes with every sale (docs/decisions/0235).
        ...storedTotalsOf(
          [
            { type: "service", unitKobo: 18_000_000, quantity: 1 },
            { type: "product", unitKobo: 2_500_000, quantity: 1 },
          ],
          [{ method: methods[i % 3] as string, amountKobo: 20_500_000, tipKobo: 0 }],
        ),
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
  // The day's running totals the till adds to with every sale (decision 0235).
  await rebuildDayTotals(db);
  return { serviceId: service.id, productId: product.id };
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
          // No Origin: the harness's PUBLIC_URL has no port, so this origin was refused (403);
          // Origin-less requests pass the check as server-to-server calls do.
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

/**
 * Benchmarks the till on a running server: SALES sales through POST /api/pos/process-sale
 * (after 11 warm-up sales), then REQUESTS reads of the day's sales and of two references, and
 * prints the table (ms, sales per second).
 */
async function measure(kind: string, port: number, catalogue: Catalogue): Promise<void> {
  const cookie = await signIn(port);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const saleBody = saleBodies(catalogue);
  const first = await timedPost(agent, port, "/api/pos/process-sale", cookie, saleBody(-1));
  if (first.status !== 201) throw new Error(`process-sale answered ${first.status}`);
  for (let i = 0; i < 10; i++)
    await timedPost(agent, port, "/api/pos/process-sale", cookie, saleBody(-2 - i));
  const sales = await timeSales(agent, port, cookie, saleBody);

  const dailyPath = `/api/sales/daily/${DAY}`;
  const sample = await timedGet(agent, port, dailyPath, cookie, false);
  if (sample.status !== 200) throw new Error(`${dailyPath} answered ${sample.status}`);
  const daily = JSON.parse(sample.body) as { totals: { salesQty: number } };
  agent.destroy();
  const load = { requests: REQUESTS, concurrency: CONCURRENCY };
  const daily_ = await loadGets(port, dailyPath, cookie, load);
  // References: a static file of the daily answer's bytes, and a small signed-in read.
  const staticRef = await loadStaticCopy(port, cookie, sample.body);
  const readRef = await loadGets(port, "/api/surcharges", cookie, load);

  console.log(`\n${kind}: ${CONCURRENCY} concurrent, keep-alive`);
  printTable([
    ["request", "p50 ms", "p99 ms", "errors"],
    [
      `POST /api/pos/process-sale (${(SALES / sales.seconds).toFixed(1)} sales/s)`,
      percentile(sales.ms, 50).toFixed(1),
      percentile(sales.ms, 99).toFixed(1),
      String(sales.errors),
    ],
    ["  reference: GET /api/surcharges (a small signed-in read)", ...row(readRef)],
    [`GET ${dailyPath} (${DAY_SALES} sales, ${daily.totals.salesQty} items)`, ...row(daily_)],
    ["  reference: static file, same bytes", ...row(staticRef)],
  ]);
}

/** The body of walk-in sale `i`: a service and a product, paid by card or cash, a fresh key. */
function saleBodies(catalogue: Catalogue): (i: number) => string {
  return (i) =>
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
}

/**
 * SALES sales, CONCURRENCY at a time: each one's time in ms (sorted), the answers other than
 * 201, and the seconds the whole run took.
 */
async function timeSales(
  agent: http.Agent,
  port: number,
  cookie: string,
  saleBody: (i: number) => string,
): Promise<{ ms: number[]; errors: number; seconds: number }> {
  const ms: number[] = [];
  let errors = 0;
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < SALES) {
        const i = next++;
        const sale = await timedPost(agent, port, "/api/pos/process-sale", cookie, saleBody(i));
        if (sale.status !== 201) errors += 1;
        ms.push(sale.ms);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  ms.sort((a, b) => a - b);
  return { ms, errors, seconds };
}

/** REQUESTS reads of `body` served as a static file of the build (removed afterwards). */
async function loadStaticCopy(port: number, cookie: string, body: string) {
  const file = `bench-pos-${randomBytes(4).toString("hex")}.json`;
  writeFileSync(path.join(root, "build/client", file), body);
  try {
    return await loadGets(port, `/${file}`, cookie, {
      requests: REQUESTS,
      concurrency: CONCURRENCY,
    });
  } finally {
    unlinkSync(path.join(root, "build/client", file));
  }
}

const row = (f: { p50: number; p99: number; errors: number }) => [
  f.p50.toFixed(1),
  f.p99.toFixed(1),
  String(f.errors),
];

run(() => onEachDatabase("pos", seed, measure));
