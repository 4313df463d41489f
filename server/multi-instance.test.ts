/**
 * Two app instances starting together on one empty PostgreSQL through the real start-up path
 * (server/startup.ts, as server/main.ts runs it): both come up, the migrations and the demo
 * catalogue are applied once, a session made on one instance works on the other, and an order
 * started on one is paid, completed and listed across both (issue 16).
 * Runs when TEST_DATABASE_URL is set, on a scratch database of its own; again through PgBouncer
 * in transaction mode when TEST_PGBOUNCER_URL is set (issue 34: the start-up lock holds there).
 */
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { count, sql } from "drizzle-orm";
import pg from "pg";
import { pino } from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import type { Database } from "./db/client.ts";
import { products, services } from "./db/schema/catalog.ts";
import { SEED_PRODUCTS } from "./db/seed/products-data.ts";
import { SEED_SERVICES } from "./db/seed/services-data.ts";
import { createSmtpTransport } from "./integrations/smtp.ts";
import { rowsOf } from "./modules/clients/service.ts";
import { startDatabase } from "./startup.ts";
import { orderPayload } from "./testing/orders.ts";

const baseUrl = process.env.TEST_DATABASE_URL;
/** How the instances reach the server: directly, and through the pooler when there is one. */
const routes: Array<[string, string | undefined]> = [
  ["directly", baseUrl],
  ...(process.env.TEST_PGBOUNCER_URL
    ? [["through PgBouncer", process.env.TEST_PGBOUNCER_URL] as [string, string]]
    : []),
];

describe.skipIf(!baseUrl).each(routes)("two instances on one empty PostgreSQL %s", (_, via) => {
  const name = `clinic_multi_${randomBytes(6).toString("hex")}`;
  const databases: Database[] = [];
  let url: string;

  async function admin(query: string) {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    const u = new URL(via as string);
    u.pathname = `/${name}`;
    url = u.toString();
  });

  afterAll(async () => {
    for (const database of databases) await database.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it("both start, share one catalogue and orders, and accept each other's sessions", async () => {
    const config = loadConfig({
      NODE_ENV: "test",
      DATABASE_URL: url,
      ADMIN_USERNAME: "admin",
      ADMIN_PASSWORD: "multi-instance-password",
      SEED_DEMO: "true",
      LOG_LEVEL: "silent",
    });
    const logger = pino({ level: "silent" });
    // Each instance has its own connection pool, as two processes would.
    const started = await Promise.allSettled([
      startDatabase(config, logger),
      startDatabase(config, logger),
    ]);
    for (const result of started) if (result.status === "fulfilled") databases.push(result.value);
    expect(started.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
    const [one, two] = databases as [Database, Database];

    const [serviceCount] = await one.db.select({ n: count() }).from(services);
    const [productCount] = await two.db.select({ n: count() }).from(products);
    expect(serviceCount?.n).toBe(SEED_SERVICES.length);
    expect(productCount?.n).toBe(SEED_PRODUCTS.length);
    const migrationFiles = readdirSync(path.join(import.meta.dirname, "db/migrations")).filter(
      (f) => f.endsWith(".sql"),
    );
    const applied = rowsOf<{ n: string }>(
      await one.db.execute(sql`SELECT count(*)::text AS n FROM drizzle.__drizzle_migrations`),
    );
    expect(Number(applied[0]?.n)).toBe(migrationFiles.length);

    const smtp = createSmtpTransport({ url: undefined, from: config.MAIL_FROM });
    const appOne = createApp({ db: one.db, config, logger, smtp });
    const appTwo = createApp({ db: two.db, config, logger, smtp });
    const login = await request(appOne)
      .post("/api/auth/login")
      .send({ username: "admin", password: "multi-instance-password" })
      .expect(200);
    const cookies = login.headers["set-cookie"] as unknown as string[];
    expect(cookies.length).toBeGreaterThan(0);
    await request(appTwo).get("/api/admin/summary").expect(401);
    await request(appTwo).get("/api/admin/summary").set("Cookie", cookies).expect(200);
    const session = await request(appTwo).get("/api/auth/session").set("Cookie", cookies);
    expect(session.body.user).toMatchObject({ username: "admin" });

    // An order started on one instance, approved (test-payment mode: no Paystack keys) and
    // completed on the other, is the same order on both.
    const [product] = await one.db.select({ id: products.id }).from(products).limit(1);
    const payload = orderPayload([{ id: product?.id as number, quantity: 1 }]);
    const checkout = await request(appOne).post("/api/checkout/start").send(payload).expect(201);
    await request(appTwo)
      .post("/api/paystack/test-payment")
      .send({ reference: payload.paymentReference, outcome: "approve" })
      .expect(200);
    const done = await request(appTwo).post("/api/checkout").send(payload).expect(201);
    expect(done.body).toMatchObject({ id: checkout.body.orderId, status: "processing" });
    // Completed already: the other instance answers the same order, 200 and not a second one.
    await request(appOne).post("/api/checkout").send(payload).expect(200);
    for (const app of [appOne, appTwo]) {
      const list = await request(app).get("/api/orders").set("Cookie", cookies).expect(200);
      const rows = Array.isArray(list.body) ? list.body : list.body.items;
      const listed = rows.filter((o: { paymentReference: string }) => {
        return o.paymentReference === payload.paymentReference;
      });
      expect(listed).toHaveLength(1);
    }
  });
});
