/**
 * Several instances behind a load balancer (issue 34 "Several instances", Done when: "Two
 * instances behind a small load balancer in a test: a change is seen on the other within 1 s;
 * limits are shared; a test payment completes across both").
 *
 * Two real server processes (`node server/main.ts`, production configuration, the same
 * SESSION_SECRET, TRUST_PROXY_HOPS=1) on one PostgreSQL database, behind the project's own
 * round-robin balancer (server/testing/load-balancer.ts). Runs when TEST_DATABASE_URL is set; again
 * with both instances connected through PgBouncer in transaction mode when TEST_PGBOUNCER_URL is.
 * Needs the production build (made when there is none: rebuild after changing server code).
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoadBalancer, startLoadBalancer } from "#server/testing/load-balancer.ts";
import { orderPayload } from "#server/testing/orders.ts";
import {
  ensureBuilt,
  type JsonReply,
  requestJson,
  SERVER_ADMIN,
  type ServerProcess,
  startServerProcess,
} from "#server/testing/server-process.ts";

const baseUrl = process.env.TEST_DATABASE_URL;
const routes: Array<[string, string | undefined]> = [
  ["directly", baseUrl],
  ...(process.env.TEST_PGBOUNCER_URL
    ? [["through PgBouncer", process.env.TEST_PGBOUNCER_URL] as [string, string]]
    : []),
];

/** The limits under test, low so a few requests reach them. */
const ADVISOR_LIMIT = 6;
const LOGIN_LIMIT = 4;
const PUBLIC_WRITE_LIMIT = 5;

if (baseUrl) beforeAll(() => ensureBuilt(), 300_000);

describe.skipIf(!baseUrl).each(routes)("two instances behind a load balancer, %s", (_, via) => {
  const name = `clinic_lb_${randomBytes(6).toString("hex")}`;
  const instances: ServerProcess[] = [];
  let balancer: LoadBalancer;
  const agent = new http.Agent({ keepAlive: true });
  let cookie = "";

  async function admin(query: string) {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  }

  /** `method path` on `port` (an instance, or the balancer), as the client at `address`. */
  function call(
    port: number,
    method: string,
    path: string,
    body?: unknown,
    address = "198.51.100.1",
  ): Promise<JsonReply> {
    const headers: Record<string, string> = { "x-forwarded-for": address };
    if (cookie) headers.cookie = cookie;
    return requestJson(agent, port, method, path, body, headers);
  }

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(via as string);
    url.pathname = `/${name}`;
    const env = {
      DATABASE_URL: url.toString(),
      SESSION_SECRET: randomBytes(32).toString("hex"),
      TRUST_PROXY_HOPS: "1",
      ADVISOR_RATE_LIMIT: String(ADVISOR_LIMIT),
      LOGIN_RATE_LIMIT: String(LOGIN_LIMIT),
      PUBLIC_WRITE_RATE_LIMIT: String(PUBLIC_WRITE_LIMIT),
    };
    // One after the other: the first applies the migrations and the demo catalogue.
    for (let i = 0; i < 2; i++) instances.push(await startServerProcess(env, 120_000));
    balancer = await startLoadBalancer(instances.map((s) => s.port));
    const login = await call(balancer.port, "POST", "/api/auth/login", SERVER_ADMIN);
    expect(login.status).toBe(200);
    const setCookie = login.headers["set-cookie"] ?? [];
    cookie = setCookie.map((c) => c.split(";")[0]).join("; ");
  }, 300_000);

  afterAll(async () => {
    agent.destroy();
    await balancer?.close();
    for (const server of instances) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }, 60_000);

  it("a change made through one instance is served by the other within 1 s", async () => {
    const [one, two] = instances as [ServerProcess, ServerProcess];
    const list = await call(two.port, "GET", "/api/products");
    const product = (list.body as Array<{ id: number; price: number }>)[0];
    if (!product) throw new Error("no demo product");
    // Both instances hold the product in their caches.
    for (const server of instances) {
      expect((await call(server.port, "GET", `/api/products/${product.id}`)).status).toBe(200);
    }
    const price = product.price + 1234;
    const patched = await call(one.port, "PATCH", `/api/products/${product.id}`, { price });
    expect(patched.status).toBe(200);
    const written = Date.now();
    let seenAfter = Number.POSITIVE_INFINITY;
    while (Date.now() - written < 5_000) {
      const shown = await call(two.port, "GET", `/api/products/${product.id}`);
      if ((shown.body as { price: number }).price === price) {
        seenAfter = Date.now() - written;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(seenAfter).toBeLessThan(1_000);
    // The public shop page's list, on the first instance too.
    const again = await call(one.port, "GET", "/api/products");
    const listed = (again.body as Array<{ id: number; price: number }>).find(
      (p) => p.id === product.id,
    );
    expect(listed?.price).toBe(price);
  });

  it("shares the advisor's, the public writes' and the sign-in limits between the instances", async () => {
    // As anonymous visitors: signed-in staff are not held to the public write limit.
    const saved = cookie;
    cookie = "";
    const before = new Map(balancer.counts);
    const advisor: number[] = [];
    for (let i = 0; i <= ADVISOR_LIMIT; i++) {
      const reply = await call(
        balancer.port,
        "POST",
        "/api/chatbot/treatment-recommendation",
        { userQuery: "Something for dry skin?" },
        "203.0.113.10",
      );
      advisor.push(reply.status);
    }
    // Round robin: each instance answered half; together they allow the limit once, not twice.
    expect(advisor).toEqual([...Array(ADVISOR_LIMIT).fill(200), 429]);
    for (const [port, n] of balancer.counts) {
      expect(n - (before.get(port) ?? 0), `requests to ${port}`).toBeGreaterThanOrEqual(3);
    }

    const writes: number[] = [];
    for (let i = 0; i <= PUBLIC_WRITE_LIMIT; i++) {
      const reply = await call(
        balancer.port,
        "POST",
        "/api/newsletter",
        { email: `shared-limit-${i}@example.com`, consent: true },
        "203.0.113.11",
      );
      writes.push(reply.status);
    }
    expect(writes.slice(0, PUBLIC_WRITE_LIMIT).every((s) => s < 400)).toBe(true);
    expect(writes[PUBLIC_WRITE_LIMIT]).toBe(429);

    const logins: number[] = [];
    for (let i = 0; i <= LOGIN_LIMIT; i++) {
      const reply = await call(
        balancer.port,
        "POST",
        "/api/auth/login",
        { username: SERVER_ADMIN.username, password: `wrong-password-${i}` },
        "203.0.113.12",
      );
      logins.push(reply.status);
    }
    cookie = saved;
    expect(logins).toEqual([...Array(LOGIN_LIMIT).fill(401), 429]);
  });

  it("a test payment started on one instance is approved on the other and completes", async () => {
    const [one, two] = instances as [ServerProcess, ServerProcess];
    const list = await call(one.port, "GET", "/api/products");
    const product = (list.body as Array<{ id: number; stock: number }>).find((p) => p.stock > 0);
    if (!product) throw new Error("no product in stock");
    const payload = orderPayload([{ id: product.id, quantity: 1 }]);
    const address = "203.0.113.13";
    const started = await call(one.port, "POST", "/api/checkout/start", payload, address);
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ mode: "test" });
    const approved = await call(
      two.port,
      "POST",
      "/api/paystack/test-payment",
      { reference: payload.paymentReference, outcome: "approve" },
      address,
    );
    expect(approved.status).toBe(200);
    const done = await call(one.port, "POST", "/api/checkout", payload, address);
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({ status: "processing" });
    // Verified on the other instance too: paid, the same order.
    const verified = await call(
      two.port,
      "POST",
      "/api/paystack/verify",
      { reference: payload.paymentReference },
      address,
    );
    expect(verified.body).toMatchObject({ verified: true, data: { orderStatus: "processing" } });
  });
});
