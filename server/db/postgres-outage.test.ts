/**
 * PostgreSQL outages (issue 14 rows 1 and 2): the app's connections terminated under load, the
 * server gone and back (a proxy that drops everything, as a restart does), and a server that
 * accepts but never answers. The app must stay up, answer 503 quickly while the database is
 * away, say so on /readyz, and serve again by itself when it returns. Runs with
 * TEST_DATABASE_URL only (it needs a real PostgreSQL server).
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import pg from "pg";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { TcpProxy } from "#server/testing/tcp-proxy.ts";
import { DatabaseStartupError } from "./availability.ts";
import { type Database, openDatabase } from "./client.ts";

const baseUrl = process.env.TEST_DATABASE_URL;
const name = `outage_test_${randomBytes(5).toString("hex")}`;

/** The scratch database's URL, optionally through the proxy's port. */
function dbUrl(port?: number): string {
  const url = new URL(baseUrl as string);
  url.pathname = `/${name}`;
  if (port) {
    url.hostname = "127.0.0.1";
    url.port = String(port);
  }
  return url.toString();
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** pg_terminate_backend on every connection of the scratch database; how many ended. */
function terminateAppConnections(): Promise<number> {
  return admin(async (c) => {
    const { rows } = await c.query(
      "select count(*) filter (where pg_terminate_backend(pid)) as n from pg_stat_activity " +
        "where datname = $1 and pid <> pg_backend_pid()",
      [name],
    );
    return Number(rows[0].n);
  });
}

type Running = { url: string; database: Database; stop(): Promise<void> };

/** The real app over `databaseUrl` with short timeouts and a small pool, on a free port. */
async function startApp(databaseUrl: string): Promise<Running> {
  const database = await openDatabase({
    kind: "postgres",
    url: databaseUrl,
    poolSize: 4,
    timeouts: { connectMs: 1_000, statementMs: 1_500, idleInTransactionMs: 5_000 },
    startupTimeoutMs: 5_000,
  });
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PUBLIC_WRITE_RATE_LIMIT: "100000",
  });
  const logger = pino({ level: "silent" });
  const app = createApp({ db: database.db, config, logger, smtp: null });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    database,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await database.close();
    },
  };
}

let seq = 0;
/** One newsletter sign-up (a transaction: BEGIN, two writes, COMMIT); its status or 'network'. */
async function signUp(url: string): Promise<number | "network"> {
  try {
    const res = await fetch(`${url}/api/newsletter`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: `reader${seq++}@example.com`, consent: true }),
      signal: AbortSignal.timeout(20_000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return "network";
  }
}

/** `workers` loops of sign-ups until `until` resolves; every status seen. */
async function load(url: string, workers: number, until: Promise<unknown>) {
  let done = false;
  void until.then(() => {
    done = true;
  });
  const statuses: Array<number | "network"> = [];
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (!done) statuses.push(await signUp(url));
    }),
  );
  return statuses;
}

/** Polls sign-ups until one succeeds; throws after `withinMs`. */
async function servingAgain(url: string, withinMs = 15_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if ((await signUp(url)) === 201) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not serving again within ${withinMs} ms`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!baseUrl)("PostgreSQL outages", () => {
  beforeAll(async () => {
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
  });
  afterAll(async () => {
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it("survives its connections being terminated under load, answering 503 at worst", async () => {
    const app = await startApp(dbUrl());
    try {
      const rounds = (async () => {
        for (let i = 0; i < 6; i++) {
          await sleep(250);
          await terminateAppConnections();
        }
        await sleep(250);
      })();
      const statuses = await load(app.url, 8, rounds);
      // The process never died (no network error) and nothing was a 500.
      expect(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([]);
      expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(0);
      await servingAgain(app.url);
      // No pool slot leaked: 4 connections serve 30 more sign-ups at 8 at a time.
      const after = await Promise.all(Array.from({ length: 30 }, () => signUp(app.url)));
      expect(after.filter((s) => s !== 201)).toEqual([]);
      expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    } finally {
      await app.stop();
    }
  });

  it("answers 503 while the server is gone, says not ready, and serves again when it is back", async () => {
    const target = new URL(baseUrl as string);
    const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    const port = await proxy.up();
    const app = await startApp(dbUrl(port));
    try {
      expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
      const outage = (async () => {
        await sleep(300);
        await proxy.down();
        await sleep(1_500);
        const ready = await fetch(`${app.url}/readyz`);
        const during = await fetch(`${app.url}/api/newsletter`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "during@example.com", consent: true }),
        });
        await proxy.up();
        return { ready: ready.status, during: during.status, body: await during.json() };
      })();
      const statuses = await load(app.url, 6, outage);
      const seen = await outage;
      expect(seen.ready).toBe(503);
      expect(seen.during).toBe(503);
      expect(seen.body.error.message).toMatch(/briefly unavailable/);
      expect(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([]);
      expect(statuses).toContain(503);
      await servingAgain(app.url);
      expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    } finally {
      await app.stop();
      await proxy.down();
    }
  });

  it("gives up start-up with a clear message when the server accepts but never answers", async () => {
    const target = new URL(baseUrl as string);
    const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    proxy.mode = "swallow";
    const port = await proxy.up();
    try {
      const opening = openDatabase({
        kind: "postgres",
        url: dbUrl(port),
        timeouts: { connectMs: 300, statementMs: 500, idleInTransactionMs: 5_000 },
        startupTimeoutMs: 1_000,
      });
      await expect(opening).rejects.toBeInstanceOf(DatabaseStartupError);
      await expect(opening).rejects.toThrow(
        new RegExp(`Could not reach PostgreSQL at 127\\.0\\.0\\.1:${port}/${name} within 1 s`),
      );
    } finally {
      await proxy.down();
    }
  });

  it("discards a connection whose transaction stopped getting answers, instead of reusing it", async () => {
    const target = new URL(baseUrl as string);
    const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    const port = await proxy.up();
    const database = await openDatabase({
      kind: "postgres",
      url: dbUrl(port),
      poolSize: 1,
      timeouts: { connectMs: 300, statementMs: 500, idleInTransactionMs: 5_000 },
    });
    try {
      const stuck = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        proxy.mode = "swallow";
        await tx.execute(sql`select 2`);
      });
      await expect(stuck).rejects.toThrow();
      proxy.mode = "forward";
      // The pool's only slot holds a fresh connection, not the one waiting for lost answers.
      const rows = await database.db.execute(sql`select 3 as n`);
      expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(3);
    } finally {
      await database.close();
      await proxy.down();
    }
  });

  it("answers 503 instead of hanging when a connected server stops answering", async () => {
    const target = new URL(baseUrl as string);
    const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    const port = await proxy.up();
    const app = await startApp(dbUrl(port));
    try {
      expect(await signUp(app.url)).toBe(201);
      proxy.mode = "swallow";
      // Idle pooled connections and new ones alike: the read or connect timeout gives up.
      const statuses = await Promise.all(Array.from({ length: 6 }, () => signUp(app.url)));
      expect(statuses).toEqual(Array(6).fill(503));
      expect((await fetch(`${app.url}/readyz`)).status).toBe(503);
      proxy.mode = "forward";
      await servingAgain(app.url);
    } finally {
      await app.stop();
      await proxy.down();
    }
  });
});
