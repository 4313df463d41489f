/**
 * Checkout throughput, end to end through the HTTP API with the real Paystack client against the
 * local fake Paystack server: each order is POST /api/checkout/start → (the fake marks it paid) →
 * POST /api/paystack/verify, which completes the order (the browser's sequence; it no longer
 * posts the order again). Prints orders per second and p50/p99 latency
 * of a whole order, on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL
 * (commerce issue "Done when"). Tunables: BENCH_CHECKOUT_ORDERS (default 300),
 * BENCH_CHECKOUT_CONCURRENCY (default 20).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { newPaymentReference } from "#common/checkout.ts";
import { insertProduct } from "#server/testing/builders.ts";
import { startFakePaystack } from "#server/testing/fake-paystack.ts";
import { createTestApp, type DbKind, dbKinds } from "#server/testing/test-app.ts";

const ORDERS = Number(process.env.BENCH_CHECKOUT_ORDERS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CHECKOUT_CONCURRENCY ?? 20);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

async function post(base: string, path: string, body: unknown) {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

async function run(kind: DbKind) {
  const fake = await startFakePaystack();
  const t = await createTestApp(kind, fake.env);
  const products: { id: number }[] = [];
  for (let i = 0; i < 5; i++) {
    products.push(
      await insertProduct(t.db, {
        name: `Bench Product ${i}`,
        price: 10000 + i * 1500,
        stock: 1_000_000,
      }),
    );
  }
  const server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function oneOrder(i: number): Promise<number> {
    const began = performance.now();
    const a = products[i % products.length];
    const b = products[(i + 2) % products.length];
    const payload = {
      customerName: "Bench Client",
      customerEmail: "bench@example.com",
      customerPhone: "0803 123 4567",
      deliveryAddress: "12 Admiralty Way, Lekki Phase 1",
      deliveryCity: "Lekki",
      deliveryState: ["Lagos", "FCT", "Kano", "Ekiti"][i % 4],
      deliveryPostalCode: "105102",
      items: [
        { id: a?.id, quantity: 1 },
        { id: b?.id, quantity: 2 },
      ],
      paymentReference: newPaymentReference(),
    };
    const started = await post(base, "/api/checkout/start", payload);
    fake.pay(payload.paymentReference, { amount: Number(started.amountKobo) });
    const verified = await post(base, "/api/paystack/verify", {
      reference: payload.paymentReference,
    });
    // The browser's sequence: verify completes the order; nothing is posted after it.
    const data = verified.data as { orderStatus?: string } | undefined;
    if (verified.verified !== true) throw new Error("not verified");
    if (data?.orderStatus !== "processing") throw new Error(`order ${data?.orderStatus}`);
    return performance.now() - began;
  }

  // Warm-up (JIT, connection pool, query plans), not measured.
  for (let i = 0; i < 10; i++) await oneOrder(i);

  const latencies: number[] = [];
  let next = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < ORDERS) {
        const i = next++;
        latencies.push(await oneOrder(i));
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  latencies.sort((x, y) => x - y);
  console.log(
    `checkout on ${kind.padEnd(9)} ${ORDERS} orders, ${CONCURRENCY} concurrent: ` +
      `${(ORDERS / seconds).toFixed(1)} orders/s, ` +
      `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms ` +
      "(start + verify per order, as the browser does)",
  );

  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
  await fake.close();
}

for (const kind of dbKinds) await run(kind);
if (!process.env.TEST_DATABASE_URL) {
  console.log("PostgreSQL skipped: set TEST_DATABASE_URL=postgres://… to include it.");
}
