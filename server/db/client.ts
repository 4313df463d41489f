/**
 * Opens the database: embedded PGlite in DATA_DIR (default) or PostgreSQL via DATABASE_URL,
 * behind one Drizzle type, and applies the SQL migrations (ARCHITECTURE.md "database").
 */
import { mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { DatabaseStartupError, isDatabaseUnavailable } from "./availability.ts";
import { migrationsFolder } from "./migrations-folder.ts";
import { DEFAULT_POOL_TIMEOUTS, GuardedPool, type PoolTimeouts, poolConfig } from "./pg-pool.ts";
import * as access from "./schema/access.ts";
import * as bookings from "./schema/bookings.ts";
import * as calendar from "./schema/calendar.ts";
import * as catalog from "./schema/catalog.ts";
import * as clients from "./schema/clients.ts";
import * as content from "./schema/content.ts";
import * as deposits from "./schema/deposits.ts";
import * as forms from "./schema/forms.ts";
import * as operations from "./schema/operations.ts";
import * as orders from "./schema/orders.ts";
import * as sales from "./schema/sales.ts";
import * as staff from "./schema/staff.ts";

/** Every table, one line per schema file (drizzle.config.ts reads the same folder). */
const schema = {
  ...access,
  ...bookings,
  ...calendar,
  ...catalog,
  ...clients,
  ...content,
  ...forms,
  ...deposits,
  ...operations,
  ...orders,
  ...sales,
  ...staff,
};

export type Schema = typeof schema;
/** The Drizzle database, whichever driver backs it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle, accepted wherever a `Db` is. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Whether other processes may share `db`: PostgreSQL through node-postgres (several instances
 * behind a load balancer), not an embedded PGlite, which only this process opens. Caches and
 * rate limits keep their state in the database exactly when this is true (issue 34).
 */
export function isSharedDatabase(db: Db): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof pg.Pool;
}

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * Applies the SQL migrations not yet applied. Not safe to run concurrently on one PostgreSQL
   * database by itself (drizzle-orm 0.45 takes no lock): server/startup.ts holds an advisory lock.
   */
  migrate(): Promise<void>;
  /** Flushes to disk (PGlite `CHECKPOINT`), then closes the connection(s). */
  close(): Promise<void>;
};

export type DatabaseOptions =
  | {
      kind: "postgres";
      url: string;
      poolSize?: number;
      /**
       * Told of connection-level errors (the server restarted, a connection was terminated). The
       * pool replaces a broken connection by itself; without a listener such an error would be
       * an uncaught exception that stops the process (node-postgres: always listen on the pool).
       */
      onConnectionError?: (err: Error) => void;
      /** Connect, statement and idle-in-transaction timeouts (default DEFAULT_POOL_TIMEOUTS). */
      timeouts?: PoolTimeouts;
      /**
       * Milliseconds to keep retrying, with backoff, a server that cannot be reached at start-up
       * (default 0: one attempt). Then DatabaseStartupError.
       */
      startupTimeoutMs?: number;
      /** Told of each failed start-up attempt and the wait before the next one. */
      onStartupRetry?: (err: Error, attempt: number, delayMs: number) => void;
    }
  | {
      kind: "pglite";
      dataDir: string;
      /** PGlite's code and files, when loaded ahead (loadPgliteArtifacts); else PGlite loads them. */
      artifacts?: PgliteArtifacts;
    }
  | {
      kind: "memory";
      /**
       * A data directory to start from (PGlite's `dumpDataDir` tarball), e.g. an already
       * migrated database: the tests open one per suite (server/testing/pglite-template.ts).
       * Migrations still run, so a template that is behind is brought up to date.
       */
      template?: Blob;
    };

/** PGlite's compiled WebAssembly and its file-system bundle (PGlite.create's options). */
export type PgliteArtifacts = { pgliteWasmModule: WebAssembly.Module; fsBundle: Blob };

/**
 * Compiles PGlite's WebAssembly (9 MB) and reads its file-system bundle: what PGlite.create does
 * first, none of it in DATA_DIR, so it may run before the DATA_DIR lock is taken, which after a
 * kill -9 waits a moment for a racing server (server/db/lock.ts): the two overlap (issue 34).
 */
export async function loadPgliteArtifacts(): Promise<PgliteArtifacts> {
  const dist = path.dirname(fileURLToPath(import.meta.resolve("@electric-sql/pglite")));
  const [wasm, data] = await Promise.all([
    readFile(path.join(dist, "pglite.wasm")),
    readFile(path.join(dist, "pglite.data")),
  ]);
  return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([data]) };
}

/** `migrate: false` opens without migrating (server/startup.ts migrates under its lock). */
export type OpenOptions = { migrate?: boolean };

/** Opens the database and (unless `migrate: false`) brings its schema up to date. */
export async function openDatabase(
  options: DatabaseOptions,
  { migrate = true }: OpenOptions = {},
): Promise<Database> {
  if (options.kind === "postgres") {
    const timeouts = options.timeouts ?? DEFAULT_POOL_TIMEOUTS;
    const pool = new GuardedPool(
      poolConfig(options.url, options.poolSize ?? 10, timeouts),
      options.onConnectionError ?? (() => {}),
      timeouts,
    );
    try {
      await waitForPostgres(pool, options);
      const db = drizzleNodePg({ client: pool, schema });
      const runMigrations = () => migrateNodePg(db, { migrationsFolder: migrationsFolder() });
      if (migrate) await runMigrations();
      return {
        db: db as unknown as Db,
        kind: "postgres",
        migrate: runMigrations,
        close: () => pool.end(),
      };
    } catch (err) {
      await pool.end().catch(() => {});
      throw err;
    }
  }
  let dataDir: string | undefined;
  if (options.kind === "pglite") {
    dataDir = path.join(options.dataDir, "pglite");
    mkdirSync(dataDir, { recursive: true });
  }
  const template = options.kind === "memory" ? options.template : undefined;
  const client = await PGlite.create({
    dataDir,
    extensions: { btree_gist },
    ...(template ? { loadDataDir: template } : {}),
    ...(options.kind === "pglite" ? options.artifacts : {}),
  });
  const db = drizzlePglite({ client, schema });
  const runMigrations = () => migratePglite(db, { migrationsFolder: migrationsFolder() });
  if (migrate) await runMigrations();
  return {
    db: db as unknown as Db,
    kind: "pglite",
    migrate: runMigrations,
    async close() {
      if (!client.closed) {
        await client.exec("CHECKPOINT");
        await client.close();
      }
    },
  };
}

/** "host:port/database" of a connection string, without user or password (for messages). */
function describeServer(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || "localhost"}:${u.port || 5432}${u.pathname}`;
  } catch {
    return "the configured server";
  }
}

/**
 * The operator's message when a connection pooler (PgBouncer and poolers built on it) refused
 * the connection for a reason retrying will not fix, or null. PgBouncer reports every refusal
 * as SQLSTATE 08P01 (protocol violation), the class that otherwise means "server out of reach",
 * so start-up would blame the network for 30 s (issue 34); its messages tell them apart.
 * Pooler conditions that pass (max_client_conn reached, server down or shutting down, login
 * failing "try again later") are not refusals: start-up keeps retrying them.
 */
export function poolerRefusal(err: unknown, server: string): string | null {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (code !== "08P01" || typeof message !== "string") return null;
  const parameter = /unsupported startup parameter: (\S+)/i.exec(message);
  if (parameter) {
    return (
      `The connection pooler at ${server} (PgBouncer or one built on it) refused the startup ` +
      `parameter "${parameter[1]}": ${message}.\n` +
      "The app sends none of its own; remove it from DATABASE_URL (e.g. ?options=…), or let " +
      "the pooler accept it (PgBouncer: ignore_startup_parameters)."
    );
  }
  if (
    /authentication failed|no such (?:user|database)|does not exist|password|cannot do (?:md5|scram)|ssl required/i.test(
      message,
    )
  ) {
    return (
      `The connection pooler at ${server} refused the connection: ${message}\n` +
      "Check DATABASE_URL (user, password, database name) and the pooler's user list and " +
      "[databases] section."
    );
  }
  return null;
}

/**
 * Waits until PostgreSQL answers `select 1`, retrying unreachable-server errors with doubling
 * waits (0.25 s up to 5 s) for `startupTimeoutMs`.
 * @throws DatabaseStartupError naming the server and the last error, at once for errors a retry
 *   cannot fix (authentication, missing database, a pooler refusing a startup parameter).
 */
async function waitForPostgres(
  pool: GuardedPool,
  options: Extract<DatabaseOptions, { kind: "postgres" }>,
): Promise<void> {
  const server = describeServer(options.url);
  const timeoutMs = options.startupTimeoutMs ?? 0;
  const started = Date.now();
  let delayMs = 250;
  for (let attempt = 1; ; attempt++) {
    try {
      await pool.query("select 1");
      return;
    } catch (err) {
      const reason = (err as Error).message || String(err);
      const refusal = poolerRefusal(err, server);
      if (refusal) throw new DatabaseStartupError(refusal, { cause: err });
      if (!isDatabaseUnavailable(err)) {
        throw new DatabaseStartupError(
          `PostgreSQL at ${server} refused the connection: ${reason}\n` +
            "Check DATABASE_URL (user, password, database name).",
          { cause: err },
        );
      }
      const elapsed = Date.now() - started;
      if (elapsed + delayMs > timeoutMs) {
        throw new DatabaseStartupError(
          `Could not reach PostgreSQL at ${server} within ${Math.round(timeoutMs / 1000)} s ` +
            `(${attempt} attempt${attempt === 1 ? "" : "s"}; last error: ${reason}).\n` +
            "Check that the database server is running and reachable, and DATABASE_URL. " +
            "DB_STARTUP_TIMEOUT_MS sets how long start-up waits.",
          { cause: err },
        );
      }
      options.onStartupRetry?.(err as Error, attempt, delayMs);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      delayMs = Math.min(delayMs * 2, 5_000);
    }
  }
}
