/**
 * PostgreSQL directly and behind PgBouncer in transaction mode alike (issue 34): the app sends
 * no startup parameters, every transaction carries the server timeouts (SET LOCAL) and leaves
 * no session state behind for the next client of the server connection, and a pooler's refusal
 * at start-up is named as such, at once, instead of "could not reach" after 30 s. The database
 * runs need TEST_DATABASE_URL and/or TEST_PGBOUNCER_URL (scripts/pgbouncer.sh).
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, dbKinds } from "#server/testing/test-app.ts";
import { DatabaseStartupError } from "./availability.ts";
import { type Database, openDatabase, poolerRefusal } from "./client.ts";

describe("a pooler's refusals at start-up", () => {
  const server = "db.example:6432/clinic";
  const fatal = (message: string) => Object.assign(new Error(message), { code: "08P01" });

  it("names a refused startup parameter and how to allow it", () => {
    const message = poolerRefusal(fatal("unsupported startup parameter: options"), server);
    expect(message).toContain(
      'The connection pooler at db.example:6432/clinic (PgBouncer or one built on it) refused the startup parameter "options"',
    );
    expect(message).toContain("ignore_startup_parameters");
  });

  it("sends wrong credentials and unknown databases to DATABASE_URL, not the network", () => {
    for (const reason of ['"trust" authentication failed', "no such database: clinic"]) {
      expect(poolerRefusal(fatal(reason), server)).toContain("Check DATABASE_URL");
    }
  });

  it("leaves what passes by itself to the retries", () => {
    for (const reason of [
      "no more connections allowed (max_client_conn)",
      "pgbouncer cannot connect to server",
      "server login has been failing, try again later (server_login_retry)",
    ]) {
      expect(poolerRefusal(fatal(reason), server)).toBeNull();
    }
    expect(poolerRefusal(Object.assign(new Error("x"), { code: "ECONNREFUSED" }), server)).toBe(
      null,
    );
  });
});

const pooled = process.env.TEST_PGBOUNCER_URL;

it.runIf(pooled)(
  "refuses to start through PgBouncer with a startup parameter, naming it at once",
  async () => {
    const url = new URL(pooled as string);
    url.searchParams.set("options", "-c search_path=public");
    const started = Date.now();
    const err = await openDatabase({
      kind: "postgres",
      url: url.toString(),
      startupTimeoutMs: 30_000,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabaseStartupError);
    expect((err as Error).message).toContain('refused the startup parameter "options"');
    expect((err as Error).message).not.toContain("Could not reach");
    expect(Date.now() - started).toBeLessThan(5_000);
  },
);

describe.each(dbKinds.filter((k) => k !== "pglite"))("server timeouts on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let strict: Database;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const { connectionString } = (t.db as unknown as { $client: pg.Pool }).$client.options;
    strict = await openDatabase({
      kind: "postgres",
      url: connectionString as string,
      poolSize: 2,
      timeouts: { connectMs: 5_000, statementMs: 300, idleInTransactionMs: 400 },
    });
  });
  afterAll(async () => {
    await strict?.close();
    await t?.close();
  });

  const setting = async (db: Database["db"], name: string) =>
    (
      (await db.execute(sql`select current_setting(${name}) as v`)) as unknown as {
        rows: Array<{ v: string }>;
      }
    ).rows[0]?.v;

  it("cancels a transaction's statement at the statement timeout", async () => {
    const err = await strict.db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(2)`);
      })
      .catch((e: unknown) => e);
    expect(
      (err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code,
    ).toBe("57014");
    // The pool is fine afterwards.
    expect(await setting(strict.db, "server_version_num")).toMatch(/^\d+$/);
  });

  it("ends a transaction left idle past the idle-in-transaction timeout", async () => {
    const err = await strict.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await new Promise((r) => setTimeout(r, 800));
        await tx.execute(sql`select 1`);
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
  });

  it("sets the timeouts per transaction, leaving none on the connection for the next client", async () => {
    const inside: string[] = [];
    for (let i = 0; i < 5; i++) {
      await strict.db.transaction(async (tx) => {
        inside.push((await setting(tx as unknown as Database["db"], "statement_timeout")) ?? "");
      });
    }
    expect(new Set(inside)).toEqual(new Set(["300ms"]));
    // What another client of the same server connections gets: the server's own default.
    const direct = new pg.Client({
      connectionString: (strict.db as unknown as { $client: pg.Pool }).$client.options
        .connectionString,
    });
    await direct.connect();
    try {
      for (let i = 0; i < 5; i++) {
        const { rows } = await direct.query("select current_setting('statement_timeout') as v");
        expect(rows[0].v).toBe("0");
      }
    } finally {
      await direct.end();
    }
    expect(await setting(strict.db, "idle_in_transaction_session_timeout")).toBe("0");
  });
});
