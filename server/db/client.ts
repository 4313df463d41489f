/**
 * Opens the database: embedded PGlite in DATA_DIR (default) or PostgreSQL via DATABASE_URL,
 * behind one Drizzle type, and applies the SQL migrations (ARCHITECTURE.md "database").
 */
import { mkdirSync } from "node:fs";
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
import * as access from "./schema/access.ts";
import * as bookings from "./schema/bookings.ts";
import * as calendar from "./schema/calendar.ts";
import * as catalog from "./schema/catalog.ts";
import * as clients from "./schema/clients.ts";
import * as content from "./schema/content.ts";
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

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
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
    }
  | { kind: "pglite"; dataDir: string }
  | { kind: "memory" };

const migrationsFolder =
  process.env.MIGRATIONS_DIR ??
  path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    const onError = options.onConnectionError ?? (() => {});
    pool.on("error", onError);
    // A connection that breaks while checked out or being closed reports on itself, not the pool.
    pool.on("connect", (client) => client.on("error", onError));
    const db = drizzleNodePg({ client: pool, schema });
    await migrateNodePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: "postgres", close: () => pool.end() };
  }
  let dataDir: string | undefined;
  if (options.kind === "pglite") {
    dataDir = path.join(options.dataDir, "pglite");
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({ dataDir, extensions: { btree_gist } });
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    async close() {
      if (!client.closed) {
        await client.exec("CHECKPOINT");
        await client.close();
      }
    },
  };
}
