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
import http from "node:http";
import { sql } from "drizzle-orm";
import {
  type BenchDb,
  loadGets,
  onEachDatabase,
  printTable,
  run,
  signIn,
  timedGet,
} from "./harness.ts";

const CLIENTS = 20_000;
const BOOKINGS = 100_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 2);

/** A number inlined in SQL (generate_series needs integers, not text parameters). */
const n = (value: number) => sql.raw(String(Math.trunc(value)));

/** The data set, written with generate_series (seconds, not minutes). */
async function seed(db: BenchDb): Promise<void> {
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

const load = (port: number, urlPath: string, cookie: string) =>
  loadGets(port, urlPath, cookie, { requests: REQUESTS, concurrency: CONCURRENCY });

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
  printTable(rows);
}

run(() => onEachDatabase("clients", seed, (kind, port) => measure(kind, port)));
