/**
 * Graceful shutdown of the real server process (issue 14 row 3): 20 keep-alive clients loop
 * `POST /api/bookings`, the server gets SIGTERM. No request may fail: each is answered, or its
 * connection is refused before anything is sent. A brand-new connection reset before any answer
 * counts as refused too: when the listener closes, the kernel resets connections it had queued but
 * the server never accepted (seen on a loaded machine); the test proves that claim by finding none
 * of those bookings in the database. The process exits 0 and every acknowledged booking is in the
 * database afterwards. PGlite always; PostgreSQL too with TEST_DATABASE_URL.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { openDayAhead } from "#server/testing/open-day.ts";
import {
  ensureBuilt,
  RequestFailure,
  requestJson,
  startServerProcess,
} from "#server/testing/server-process.ts";

const pgUrl = process.env.TEST_DATABASE_URL;
const kinds: Array<"pglite" | "postgres"> = pgUrl ? ["pglite", "postgres"] : ["pglite"];
const CLIENTS = 20;

beforeAll(() => ensureBuilt(), 300_000);

describe.each(kinds)("SIGTERM under load (%s)", (kind) => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let databaseUrl: string | undefined;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "shutdown-test-"));
    env = { DATA_DIR: dataDir };
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
    if (kind === "postgres") {
      const name = `shutdown_test_${randomBytes(5).toString("hex")}`;
      const admin = async (sql: string) => {
        const c = new pg.Client({ connectionString: pgUrl });
        await c.connect();
        await c.query(sql);
        await c.end();
      };
      await admin(`CREATE DATABASE ${name}`);
      const url = new URL(pgUrl as string);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      env.DATABASE_URL = databaseUrl;
      const removeDir = cleanup;
      cleanup = async () => {
        await removeDir();
        await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      };
    }
  });
  afterAll(() => cleanup?.());

  // One retry: in a loaded full suite about one run in ten saw 2-5 'read ECONNRESET' on PGlite
  // (2026-11-23; not reproduced alone in 10 runs; suspected: connections still in the kernel's
  // accept queue when the listener closes). A real drain regression fails both runs.
  const options = { timeout: 120_000, retry: 1 };
  it(
    "answers or cleanly refuses every request, exits 0 and keeps every acknowledged booking",
    options,
    async () => {
      const server = await startServerProcess(env);
      try {
        const probe = new http.Agent({ keepAlive: true });
        const services = await requestJson(probe, server.port, "GET", "/api/services");
        probe.destroy();
        const serviceId = (services.body as Array<{ id: number }>)[0]?.id;
        expect(serviceId).toBeTypeOf("number");
        const day = openDayAhead(7);

        const acknowledged: string[] = [];
        const failures: string[] = [];
        let refused = 0;
        const resetUnaccepted: string[] = [];
        let sent = 0;
        const clients = Array.from({ length: CLIENTS }, async (_, c) => {
          const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
          try {
            for (let i = 0; ; i++) {
              const email = `c${c}-${i}@example.com`;
              sent++;
              try {
                const reply = await requestJson(agent, server.port, "POST", "/api/bookings", {
                  name: "Ada Obi",
                  email,
                  phone: "08031234567",
                  service: String(serviceId),
                  date: `${day}T12:00:00+01:00`,
                  message: "Shutdown test",
                });
                if (reply.status === 201 || reply.status === 200) acknowledged.push(email);
                else failures.push(`HTTP ${reply.status}`);
              } catch (err) {
                if (err instanceof RequestFailure && err.refused) refused++;
                else if (
                  err instanceof RequestFailure &&
                  err.code === "ECONNRESET" &&
                  !err.reusedSocket
                ) {
                  refused++;
                  resetUnaccepted.push(email);
                } else failures.push(String((err as Error).message));
                return; // the server is going away
              }
            }
          } finally {
            agent.destroy();
          }
        });
        // Let the load run, then stop the server in the middle of it.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        const acknowledgedBeforeSignal = acknowledged.length;
        server.child.kill("SIGTERM");
        const code = await server.exited;
        await Promise.all(clients);

        expect(acknowledgedBeforeSignal).toBeGreaterThan(0);
        expect(failures).toEqual([]);
        expect(code).toBe(0);
        expect(server.output()).toMatch(/"msg":"stopped"/);
        expect(acknowledged.length + refused).toBe(sent);

        // Every acknowledged booking survived (PGlite: the data directory opens cleanly).
        const database =
          kind === "postgres"
            ? await openDatabase({ kind: "postgres", url: databaseUrl as string, poolSize: 1 })
            : await openDatabase({ kind: "pglite", dataDir });
        try {
          const rows = await database.db
            .select({ email: bookings.email })
            .from(bookings)
            .where(inArray(bookings.email, acknowledged));
          expect(new Set(rows.map((r) => r.email)).size).toBe(acknowledged.length);
          // A reset new connection was never accepted, so its booking was never made.
          const unaccepted = resetUnaccepted.length
            ? await database.db
                .select({ email: bookings.email })
                .from(bookings)
                .where(inArray(bookings.email, resetUnaccepted))
            : [];
          expect(unaccepted).toEqual([]);
        } finally {
          await database.close();
        }
      } finally {
        server.child.kill("SIGKILL");
      }
    },
  );
});
