/**
 * A fresh database and the real Express app for API tests: in-memory PGlite always, a
 * throwaway PostgreSQL database when TEST_DATABASE_URL is set (ARCHITECTURE.md "tests"), and
 * one reached through PgBouncer in transaction mode when TEST_PGBOUNCER_URL is set (issue 34;
 * scripts/pgbouncer.sh starts one).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { pino } from "pino";
import { createApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { type Database, openDatabase } from "#server/db/client.ts";
import { createSmtpTransport } from "#server/integrations/smtp.ts";
import { ensureAdminUser } from "#server/modules/auth/service.ts";
import { pgliteTemplate } from "./pglite-template.ts";

export const TEST_ADMIN = { username: "admin", password: "test-password-123" } as const;

/**
 * Where an API suite's database lives: in-memory PGlite, PostgreSQL over direct connections, or
 * PostgreSQL through PgBouncer in transaction pooling (the app's pool connects to the pooler).
 */
export type DbKind = "pglite" | "postgres" | "pgbouncer";

/** The database kinds the API suites run on here. */
export const dbKinds: DbKind[] = [
  "pglite",
  ...(process.env.TEST_DATABASE_URL ? (["postgres"] as const) : []),
  ...(process.env.TEST_PGBOUNCER_URL ? (["pgbouncer"] as const) : []),
];

async function openTestDatabase(kind: DbKind): Promise<Database> {
  if (kind === "pglite") return openDatabase({ kind: "memory", template: await pgliteTemplate() });
  const appBase = (
    kind === "pgbouncer" ? process.env.TEST_PGBOUNCER_URL : process.env.TEST_DATABASE_URL
  ) as string;
  // Databases are made and dropped on a direct connection when there is one (DROP … FORCE ends
  // the pooler's server connections too; PgBouncer's `*` entry reaches the new database).
  const baseUrl = process.env.TEST_DATABASE_URL ?? appBase;
  const name = `clinic_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(appBase);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** Opens a fresh database of `kind`, creates the test admin and builds the app (API only). */
export async function createTestApp(kind: DbKind, env: Record<string, string> = {}) {
  const database = await openTestDatabase(kind);
  const config = loadConfig({
    NODE_ENV: "test",
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    LOG_LEVEL: "silent",
    // Suites send many public writes from one address; the limit's own test sets it low.
    PUBLIC_WRITE_RATE_LIMIT: "100000",
    ...env,
  });
  await ensureAdminUser(database.db, TEST_ADMIN.username, TEST_ADMIN.password);
  const logger = pino({ level: "silent" });
  const smtp = createSmtpTransport({ url: config.SMTP_URL, from: config.MAIL_FROM });
  const app = createApp({ db: database.db, config, logger, smtp });
  return { app, db: database.db, config, smtp, close: () => database.close() };
}
