/**
 * `npm run chaos [-- --rounds 20 --term-rounds 20 --browser-rounds 5 --db pglite|postgres
 * --port 4750 --workers 12]` (issue 14; `--rounds 0 --term-rounds 0` leaves the browser round and
 * a moment of load):
 * starts the server as `npm start` does (production build, test-payment mode, own DATA_DIR or a
 * scratch PostgreSQL database), runs bookings, checkout (start → test payment → complete) and
 * newsletter load from 12 keep-alive clients, and
 * 1. kills it with SIGKILL at a random moment, `--rounds` times, restarting it at once;
 * 2. stops it with SIGTERM `--term-rounds` times, counting requests that failed (a refused
 *    connection is not a failure: nothing was sent);
 * 3. with `--db postgres`: terminates the app's connections (pg_terminate_backend) and takes the
 *    database away for 2 s (a proxy that drops every connection, as a server restart does),
 *    `--rounds` times, timing how long until the app serves again;
 * 4. a browser client (Debian's Chromium through Playwright, scripts/chaos-browser.ts), signed in
 *    and readied for offline work, rings up 8 cash sales at the till with its network off
 *    (`context.setOffline`), of a product the checkout load does not sell (its stock is checked
 *    like the others'): `--browser-rounds` times it comes online, and mid-sync, right after
 *    the server has recorded one of the sales, its network drops and that answer is lost; then
 *    it comes back and syncs the rest, resending that one. Every sale must be recorded exactly
 *    once (issue 35: 0 lost, 0 duplicated), the device's queue must be empty, and a step of the
 *    till that fails stops the rounds (said, with the screen it was on) but not the checks;
 * With CHAOS_POOLER_URL (e.g. scripts/pgbouncer.sh's postgres://postgres@127.0.0.1:6432/x) the
 * server reaches the scratch database through that pooler, as behind a managed host's PgBouncer
 * (issue 34); the scratch database is still made, checked and dropped directly.
 * then checks the invariants on the database: every acknowledged write present, no order paid
 * twice, no negative stock, no order without items, stock = initial − sold. Prints the figures;
 * exits 1 on any violation, lost write or failed request.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { inArray, sql } from "drizzle-orm";
import pg from "pg";
import { newPaymentReference } from "#common/checkout.ts";
import { type Database, openDatabase } from "#server/db/client.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { products } from "#server/db/schema/catalog.ts";
import { newsletterSubscribers } from "#server/db/schema/content.ts";
import { orders } from "#server/db/schema/orders.ts";
import { seedDemoCatalogue } from "#server/db/seed/index.ts";
import {
  RequestFailure,
  requestJson,
  root,
  SERVER_ADMIN,
  type ServerProcess,
  startServerProcess,
} from "#server/testing/server-process.ts";
import { TcpProxy } from "#server/testing/tcp-proxy.ts";
import { browserSyncRounds } from "./chaos-browser.ts";

const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "20" },
    "term-rounds": { type: "string", default: "20" },
    db: { type: "string", default: "pglite" },
    port: { type: "string", default: "4750" },
    workers: { type: "string", default: "12" },
    "browser-rounds": { type: "string", default: "5" },
  },
});
const ROUNDS = Number(args.rounds);
const TERM_ROUNDS = Number(args["term-rounds"]);
const PORT = Number(args.port);
const WORKERS = Number(args.workers);
const BROWSER_ROUNDS = Number(args["browser-rounds"]);
/** Sales the browser's till holds offline at the start of each browser round. */
const SALES_PER_BROWSER_ROUND = 8;
const kind = args.db === "postgres" ? "postgres" : "pglite";
const STOCK = 400;
const PAID = ["processing", "shipped", "completed"];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (min: number, max: number) => min + Math.random() * (max - min);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor((s.length - 1) / 2)] as number) : Number.NaN;
};

// ── set-up: build, data directory or scratch database, the catalogue with known stock ─────────

execFileSync(process.execPath, [path.join(root, "scripts/ensure-build.ts")], { stdio: "inherit" });

const dataDir = mkdtempSync(path.join(tmpdir(), "chaos-"));
// A scratch database on this server (CHAOS_DATABASE_URL or TEST_DATABASE_URL), dropped at the end.
const baseUrl =
  process.env.CHAOS_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";
const scratch = `${process.env.CHAOS_DB_PREFIX ?? "chaos"}_${randomBytes(4).toString("hex")}`;
let databaseUrl: string | undefined;
let proxy: TcpProxy | undefined;

async function adminQuery(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

if (kind === "postgres") {
  await adminQuery(`CREATE DATABASE "${scratch}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${scratch}`;
  databaseUrl = url.toString();
  const via = process.env.CHAOS_POOLER_URL ? new URL(process.env.CHAOS_POOLER_URL) : url;
  proxy = new TcpProxy(via.hostname, Number(via.port || 5432));
  await proxy.up();
}

function openDirect(): Promise<Database> {
  return databaseUrl
    ? openDatabase({ kind: "postgres", url: databaseUrl, poolSize: 2 })
    : openDatabase({ kind: "pglite", dataDir });
}

const initialStock = new Map<number, number>();
let serviceId = 0;
{
  const database = await openDirect();
  await seedDemoCatalogue(database.db);
  await database.db.update(products).set({ stock: STOCK });
  for (const p of await database.db
    .select({ id: products.id, stock: products.stock })
    .from(products)) {
    initialStock.set(p.id, p.stock);
  }
  await database.close();
}
const productIds = [...initialStock.keys()].slice(0, 4);
// The browser round sells a product of its own, which the checkout load never sells out.
const tillProductId = [...initialStock.keys()][productIds.length] as number;

// ── the server ─────────────────────────────────────────────────────────────────────────────────

let server: ServerProcess | null = null;
let serving = false;

async function startServer(): Promise<number> {
  const started = Date.now();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PORT: String(PORT),
    // The browser round's pages are on http://localhost (a secure context: the session cookie is
    // Secure in production); their writes carry that Origin.
    PUBLIC_URL: `http://localhost:${PORT}`,
  };
  if (proxy && databaseUrl) {
    const url = new URL(databaseUrl);
    url.hostname = "127.0.0.1";
    url.port = String(proxy.port);
    env.DATABASE_URL = url.toString();
  }
  server = await startServerProcess(env);
  serving = true;
  if (!serviceId) {
    const agent = new http.Agent();
    const reply = await requestJson(agent, server.port, "GET", "/api/services");
    serviceId = (reply.body as Array<{ id: number }>)[0]?.id ?? 0;
    agent.destroy();
  }
  return Date.now() - started;
}

// ── load ───────────────────────────────────────────────────────────────────────────────────────

const ack = {
  bookings: new Set<string>(),
  newsletter: new Set<string>(),
  paid: new Set<string>(),
};
const paidAnswers = new Map<string, number>(); // reference → 201 answers
let counting = false; // SIGTERM phase: every failed request counts
let failed = 0;
const failures = new Map<string, number>();
let requests = 0;
let stopLoad = false;

function fail(what: string) {
  if (!counting) return;
  failed++;
  failures.set(what, (failures.get(what) ?? 0) + 1);
}

/**
 * Writes whose brand-new connection was reset during a SIGTERM before any answer, by the key
 * the database would hold them under: the kernel resets the connections still in its accept
 * queue when the listener closes, and the server never saw them. The invariants check that
 * none of them was recorded; one that was counts as a failed request.
 */
const unaccepted = {
  bookings: new Set<string>(),
  newsletter: new Set<string>(),
  orders: new Set<string>(),
};
type WriteKey = { table: keyof typeof unaccepted; key: string };

/**
 * One request; null when it was not answered (refused, or lost in a kill). `write` names the row
 * the request would make, so that a reset before the server accepted it can be checked.
 */
async function call(
  agent: http.Agent,
  method: string,
  url: string,
  body?: unknown,
  write?: WriteKey,
) {
  if (!serving || !server) return null;
  requests++;
  try {
    const reply = await requestJson(agent, server.port, method, url, body);
    if (reply.status >= 500) fail(`HTTP ${reply.status} ${url}`);
    return reply;
  } catch (err) {
    if (err instanceof RequestFailure && err.refused) return null;
    const resetNew =
      err instanceof RequestFailure && !err.reusedSocket && err.code === "ECONNRESET";
    if (counting && resetNew && write) unaccepted[write.table].add(write.key);
    else fail(`${(err as Error).message}${resetNew ? " (new connection)" : ""} ${url}`);
    return null;
  }
}

async function worker(w: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  // Nine days ahead, or ten when the ninth is a Sunday: the clinic is closed on Sundays and a
  // booking then is refused (400), which left every chaos booking unacknowledged on such days.
  const ahead = new Date(Date.now() + 9 * 86400_000);
  if (ahead.getUTCDay() === 0) ahead.setUTCDate(ahead.getUTCDate() + 1);
  const day = ahead.toISOString().slice(0, 10);
  for (let i = 0; !stopLoad; i++) {
    if (!serving) {
      await sleep(20);
      continue;
    }
    const id = `${w}-${i}-${randomBytes(3).toString("hex")}`;
    const pick = Math.random();
    if (pick < 0.4) {
      const email = `b${id}@example.com`;
      const reply = await call(
        agent,
        "POST",
        "/api/bookings",
        {
          name: "Ada Obi",
          email,
          phone: "08031234567",
          service: String(serviceId),
          date: `${day}T12:00:00+01:00`,
          message: "chaos",
        },
        { table: "bookings", key: email },
      );
      if (reply && (reply.status === 201 || reply.status === 200)) ack.bookings.add(email);
    } else if (pick < 0.7) {
      const email = `n${id}@example.com`;
      const reply = await call(
        agent,
        "POST",
        "/api/newsletter",
        { email, consent: true },
        { table: "newsletter", key: email },
      );
      if (reply && (reply.status === 201 || reply.status === 200)) ack.newsletter.add(email);
    } else {
      const payload = {
        customerName: "Adaeze Okafor",
        customerEmail: `o${id}@example.com`,
        customerPhone: "0803 123 4567",
        deliveryAddress: "12 Admiralty Way, Lekki Phase 1",
        deliveryCity: "Lekki",
        deliveryState: "Lagos",
        deliveryPostalCode: "105102",
        deliveryCountry: "Nigeria",
        items: [
          {
            id: productIds[Math.floor(Math.random() * productIds.length)],
            quantity: 1 + Math.floor(Math.random() * 3),
          },
        ],
        paymentReference: newPaymentReference(),
        paymentMethod: "paystack",
      };
      const started = await call(agent, "POST", "/api/checkout/start", payload, {
        table: "orders",
        key: payload.paymentReference,
      });
      if (started?.status !== 201) continue;
      const approved = await call(agent, "POST", "/api/paystack/test-payment", {
        reference: payload.paymentReference,
        outcome: "approve",
      });
      if (approved?.status !== 200) continue;
      // Sometimes the buyer's browser sends the completion twice.
      for (let n = Math.random() < 0.2 ? 2 : 1; n > 0; n--) {
        const done = await call(agent, "POST", "/api/checkout", payload);
        if (done && (done.status === 201 || done.status === 200)) {
          ack.paid.add(payload.paymentReference);
          if (done.status === 201) {
            paidAnswers.set(
              payload.paymentReference,
              (paidAnswers.get(payload.paymentReference) ?? 0) + 1,
            );
          }
        }
      }
    }
  }
  agent.destroy();
}

// ── the rounds ─────────────────────────────────────────────────────────────────────────────────

const restartMs: number[] = [];
const recoverMs: number[] = [];
let survived = 0;
let termSurvived = 0;
const termExitCodes: Array<number | string> = [];

async function stop(signal: "SIGKILL" | "SIGTERM"): Promise<number | string> {
  const current = server as ServerProcess;
  if (signal === "SIGKILL") serving = false; // a dead server: do not count what follows as sent
  current.child.kill(signal);
  const code = await current.exited;
  serving = false;
  return code;
}

const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
console.log(`chaos on ${kind}: ${WORKERS} clients, ${ROUNDS} kill -9 rounds…`);
await startServer();

for (let round = 1; round <= ROUNDS; round++) {
  await sleep(between(500, 2_500));
  await stop("SIGKILL");
  try {
    restartMs.push(await startServer());
    survived++;
  } catch (err) {
    console.error(`round ${round}: the server did not come back: ${(err as Error).message}`);
    break;
  }
}

console.log(`${TERM_ROUNDS} SIGTERM rounds…`);
for (let round = 1; round <= TERM_ROUNDS && server; round++) {
  await sleep(between(500, 2_000));
  counting = true;
  const code = await stop("SIGTERM");
  termExitCodes.push(code);
  counting = false;
  try {
    await startServer();
    if (code === 0) termSurvived++;
  } catch (err) {
    console.error(
      `SIGTERM round ${round}: the server did not come back: ${(err as Error).message}`,
    );
    break;
  }
}

let pgSurvived = 0;
if (proxy) {
  console.log(`${ROUNDS} PostgreSQL rounds (terminate connections, then 2 s outage)…`);
  const probe = new http.Agent({ keepAlive: true });
  const servingAgain = async (from: number) => {
    while (Date.now() - from < 60_000) {
      const reply = await requestJson(probe, PORT, "GET", "/readyz").catch(() => null);
      if (reply?.status === 200) return Date.now() - from;
      await sleep(25);
    }
    return Number.POSITIVE_INFINITY;
  };
  for (let round = 1; round <= ROUNDS; round++) {
    await sleep(between(300, 1_000));
    if (round % 2) {
      await adminQuery(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [scratch],
      );
      const ms = await servingAgain(Date.now());
      if (Number.isFinite(ms)) pgSurvived++;
    } else {
      await proxy.down();
      await sleep(2_000);
      await proxy.up();
      const ms = await servingAgain(Date.now());
      recoverMs.push(ms);
      if (Number.isFinite(ms)) pgSurvived++;
    }
  }
  probe.destroy();
}

stopLoad = true;
await Promise.all(workers);

const browser = server
  ? await browserSyncRounds({
      origin: `http://localhost:${PORT}`,
      admin: SERVER_ADMIN,
      productId: tillProductId,
      rounds: BROWSER_ROUNDS,
      salesPerRound: SALES_PER_BROWSER_ROUND,
    })
  : null;
if (server) await stop("SIGTERM");

// ── invariants ─────────────────────────────────────────────────────────────────────────────────

const violations: string[] = [];
let lost = 0;
let browserLost = 0;
let browserDuplicated = 0;
const database = await openDirect();
try {
  const { db } = database;
  // Both drivers answer `execute` with `{ rows }`.
  const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const present = async (table: "bookings" | "newsletter", emails: Set<string>) => {
    const list = [...emails];
    const found = new Set<string>();
    for (let i = 0; i < list.length; i += 1_000) {
      const chunk = list.slice(i, i + 1_000);
      const rows =
        table === "bookings"
          ? await db
              .select({ email: bookings.email })
              .from(bookings)
              .where(inArray(bookings.email, chunk))
          : await db
              .select({ email: newsletterSubscribers.email })
              .from(newsletterSubscribers)
              .where(inArray(newsletterSubscribers.email, chunk));
      for (const r of rows) found.add(r.email);
    }
    return list.length - found.size;
  };
  // Writes reset on a new connection at a SIGTERM: none may be in the database.
  const recordedOrders = async (references: Set<string>) => {
    const list = [...references];
    let n = 0;
    for (let i = 0; i < list.length; i += 1_000) {
      n += (
        await db
          .select({ reference: orders.paymentReference })
          .from(orders)
          .where(inArray(orders.paymentReference, list.slice(i, i + 1_000)))
      ).length;
    }
    return n;
  };
  const acceptedAfterAll =
    unaccepted.bookings.size -
    (await present("bookings", unaccepted.bookings)) +
    unaccepted.newsletter.size -
    (await present("newsletter", unaccepted.newsletter)) +
    (await recordedOrders(unaccepted.orders));
  if (acceptedAfterAll) {
    failed += acceptedAfterAll;
    failures.set(
      "reset after the server had recorded the write",
      (failures.get("reset after the server had recorded the write") ?? 0) + acceptedAfterAll,
    );
  }
  const lostBookings = await present("bookings", ack.bookings);
  const lostNewsletter = await present("newsletter", ack.newsletter);
  const paidList = [...ack.paid];
  const paidRows: Array<{ reference: string; status: string }> = [];
  for (let i = 0; i < paidList.length; i += 1_000) {
    paidRows.push(
      ...(await db
        .select({ reference: orders.paymentReference, status: orders.status })
        .from(orders)
        .where(inArray(orders.paymentReference, paidList.slice(i, i + 1_000)))),
    );
  }
  const lostPaid = paidList.length - paidRows.filter((r) => PAID.includes(r.status)).length;
  lost = lostBookings + lostNewsletter + lostPaid;
  if (lost) {
    violations.push(
      `lost acknowledged writes: ${lostBookings} bookings, ${lostNewsletter} sign-ups, ${lostPaid} paid orders`,
    );
  }

  const twice = [...paidAnswers.values()].filter((n) => n > 1).length;
  if (twice) violations.push(`${twice} payment references answered 'newly paid' more than once`);
  const dup = await rowsOf<{ n: number }>(
    sql`select count(*)::int as n from (select payment_reference from orders group by 1 having count(*) > 1) d`,
  );
  if (Number(dup[0]?.n)) violations.push(`${dup[0]?.n} references with several orders`);

  const negative = await rowsOf<{ n: number }>(
    sql`select count(*)::int as n from products where stock < 0`,
  );
  if (Number(negative[0]?.n)) violations.push(`${negative[0]?.n} products below 0 stock`);

  const empty = await rowsOf<{ n: number }>(
    sql`select count(*)::int as n from orders o where not exists (select 1 from order_items i where i.order_id = o.id)`,
  );
  if (Number(empty[0]?.n)) violations.push(`${empty[0]?.n} orders without items`);

  if (browser) {
    // Each sale the browser held, by its idempotency key and its own customer's email.
    const keys = browser.sales.map((x) => x.key);
    const byKey = new Map<string, number>();
    const byEmail = new Map<string, number>();
    for (let i = 0; i < keys.length; i += 1_000) {
      const rows = await rowsOf<{ key: string; email: string }>(
        sql`select idempotency_key as key, customer_email as email from sales where idempotency_key in (${sql.join(
          keys.slice(i, i + 1_000).map((k) => sql`${k}`),
          sql`, `,
        )}) or customer_email in (${sql.join(
          browser.sales.slice(i, i + 1_000).map((x) => sql`${x.email}`),
          sql`, `,
        )})`,
      );
      for (const r of rows) {
        byKey.set(r.key, (byKey.get(r.key) ?? 0) + 1);
        byEmail.set(r.email, (byEmail.get(r.email) ?? 0) + 1);
      }
    }
    browserLost = browser.sales.filter((x) => !byKey.has(x.key)).length;
    browserDuplicated = browser.sales.reduce(
      (n, x) => n + Math.max(0, (byEmail.get(x.email) ?? 0) - 1),
      0,
    );
    if (browserLost) violations.push(`${browserLost} sales the browser held offline were lost`);
    if (browserDuplicated) {
      violations.push(`${browserDuplicated} sales the browser held offline were recorded twice`);
    }
    if (browser.error) violations.push(`the browser round stopped: ${browser.error}`);
    if (browser.leftOnDevice) {
      violations.push(`${browser.leftOnDevice} sales still on the device after the last sync`);
    }
  }

  const sold = await rowsOf<{ id: number; stock: number; sold: number }>(
    sql`select p.id, p.stock, (coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
         where i.product_id = p.id and o.status in ('processing', 'shipped', 'completed')), 0)
        + coalesce((select sum(l.quantity) from sale_lines l join sales s on s.id = l.sale_id
         where l.item_type = 'product' and l.item_id = p.id and s.status = 'completed'), 0))::int as sold
        from products p`,
  );
  for (const row of sold) {
    const initial = initialStock.get(Number(row.id));
    if (initial !== undefined && Number(row.stock) !== initial - Number(row.sold)) {
      violations.push(
        `product ${row.id}: stock ${row.stock}, expected ${initial} − ${row.sold} sold = ${initial - Number(row.sold)}`,
      );
    }
  }
} finally {
  await database.close();
  await proxy?.down();
  if (kind === "postgres") {
    await adminQuery(`DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`).catch(() => {});
  }
  rmSync(dataDir, { recursive: true, force: true });
}

const written = ack.bookings.size + ack.newsletter.size + ack.paid.size;
const lines = [
  `chaos on ${kind} (${new Date().toISOString()}), ${WORKERS} keep-alive clients, ${requests} requests`,
  `kill -9 rounds survived:        ${survived}/${ROUNDS}`,
  `restart to serving (median):    ${restartMs.length ? `${Math.round(median(restartMs))} ms (max ${Math.round(Math.max(...restartMs))} ms)` : "no restarts"}`,
  `SIGTERM rounds survived:        ${termSurvived}/${TERM_ROUNDS} (exit codes ${termExitCodes.join(", ")})`,
  `reset before accepted:          ${unaccepted.bookings.size + unaccepted.newsletter.size + unaccepted.orders.size} (new connections in the kernel's queue as the listener closed; none recorded, checked)`,
  `failed requests on SIGTERM:     ${failed}${failures.size ? ` (${[...failures].map(([k, v]) => `${v}× ${k}`).join("; ")})` : ""}`,
  ...(proxy
    ? [
        `PostgreSQL rounds survived:     ${pgSurvived}/${ROUNDS}`,
        `serving after PG is back:       ${recoverMs.length ? `median ${Math.round(median(recoverMs))} ms, max ${Math.round(Math.max(...recoverMs))} ms` : "no outages"}`,
      ]
    : []),
  ...(browser
    ? [
        `browser sync rounds:            ${browser.rounds}/${BROWSER_ROUNDS} (network dropped mid-sync ${browser.drops}×, each after the server recorded a sale)`,
        `offline sales synced:           ${browser.sales.length} (answers lost ${browser.drops}, resent ${browser.resent}), lost ${browserLost}, duplicated ${browserDuplicated}`,
      ]
    : []),
  `writes acknowledged:            ${written} (${ack.bookings.size} bookings, ${ack.newsletter.size} sign-ups, ${ack.paid.size} paid orders)`,
  `writes lost:                    ${lost}`,
  `invariant violations:           ${violations.length}`,
  ...violations.map((v) => `  - ${v}`),
];
console.log(lines.join("\n"));
const ok =
  !violations.length &&
  failed === 0 &&
  survived === ROUNDS &&
  termSurvived === TERM_ROUNDS &&
  (!proxy || pgSurvived === ROUNDS) &&
  (!browser || browser.rounds === BROWSER_ROUNDS);
process.exit(ok ? 0 : 1);
