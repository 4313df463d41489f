/**
 * Back-office query timings on an in-memory PGlite with a busy clinic's year of data
 * (10,000 bookings, 2,000 subscribers): the dashboard, the clients badge and the top-bar search.
 * Prints median and p95 milliseconds over 30 runs each; asserts nothing.
 */
import { openDatabase } from "#server/db/client.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { newsletterSubscribers } from "#server/db/schema/content.ts";
import { dashboard } from "#server/modules/admin/dashboard.ts";
import { searchAdmin } from "#server/modules/admin/search.ts";
import { countClients } from "#server/modules/clients/back-office.ts";
import { insertService } from "#server/testing/builders.ts";

const BOOKINGS = 10_000;
const SUBSCRIBERS = 2_000;
const RUNS = 30;

const { db, close } = await openDatabase({ kind: "memory" });
const service = await insertService(db, { name: "HydraFacial", price: 180000 });
const now = Date.now();
const rows = Array.from({ length: BOOKINGS }, (_, i) => ({
  name: `Client ${i}`,
  email: `client${i % 4000}@example.com`,
  phone: `0803${String(i).padStart(7, "0")}`,
  service: String(service.id),
  serviceName: "HydraFacial",
  date: new Date(now + (i - BOOKINGS / 2) * 45 * 60_000),
  message: i % 3 === 0 ? "Sensitive skin" : null,
  processed: i % 2 === 0,
  createdAt: new Date(now - i * 50 * 60_000),
}));
for (let i = 0; i < rows.length; i += 1000)
  await db.insert(bookings).values(rows.slice(i, i + 1000));
await db
  .insert(newsletterSubscribers)
  .values(Array.from({ length: SUBSCRIBERS }, (_, i) => ({ email: `news${i}@example.com` })));

async function time(label: string, fn: () => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const median = ms[Math.floor(RUNS / 2)] ?? 0;
  const p95 = ms[Math.floor(RUNS * 0.95)] ?? 0;
  console.log(`${label.padEnd(28)} median ${median.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms`);
}

console.log(`${BOOKINGS} bookings, ${SUBSCRIBERS} subscribers (PGlite in memory)`);
await time("dashboard", () => dashboard(db));
await time("clients badge (count)", () => countClients(db));
await time("search 'client 12'", () => searchAdmin(db, "client 12"));
await time("search 'sensitive'", () => searchAdmin(db, "sensitive"));
await close();
