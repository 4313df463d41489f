/**
 * The start banner (issue 34 "First start"): a few plain lines a person reads before the JSON
 * log lines begin: where the site and the back office answer, how to sign in (the demo account's
 * password only while it is the demo one, which production refuses) and which database is in
 * use. Printed once by `server/main.ts` after the configuration is read; no secret but the
 * public demo password, never a database password.
 */
import type { Config } from "./config.ts";
import { DEMO_ADMIN_PASSWORD } from "./config.ts";

/** The database in use, in words: PGlite's folder or PostgreSQL's host, port and name. */
export function describeDatabase(config: Pick<Config, "DATABASE_URL" | "dataDir">): string {
  if (!config.DATABASE_URL) return `PGlite (embedded), files in ${config.dataDir}`;
  const url = new URL(config.DATABASE_URL);
  const port = url.port || "5432";
  return `PostgreSQL at ${url.hostname}:${port}${url.pathname} as ${decodeURIComponent(url.username) || "(default user)"}`;
}

/**
 * The banner's lines for `config` (no trailing newline).
 * @param config the parsed configuration; `dev` for `npm run dev`.
 */
export function startBanner(
  config: Pick<
    Config,
    "DATABASE_URL" | "dataDir" | "PORT" | "PUBLIC_URL" | "ADMIN_USERNAME" | "ADMIN_PASSWORD"
  > & { isProduction: boolean },
  dev = false,
): string {
  const local = `http://localhost:${config.PORT}`;
  const site = config.PUBLIC_URL ? config.PUBLIC_URL.replace(/\/$/, "") : local;
  const signIn =
    config.ADMIN_PASSWORD === DEMO_ADMIN_PASSWORD
      ? `${config.ADMIN_USERNAME} / ${DEMO_ADMIN_PASSWORD} (the demo account: set ADMIN_PASSWORD for a real clinic)`
      : `${config.ADMIN_USERNAME} with the password in ADMIN_PASSWORD`;
  return [
    "",
    `Glow Haven ${dev ? "(development)" : config.isProduction ? "(production)" : "(npm start)"}`,
    `  Site:        ${site}${site !== local ? `  (this machine: ${local})` : ""}`,
    `  Back office: ${site}/admin, signing in as ${signIn}`,
    `  Database:    ${describeDatabase(config)}`,
    "  Log lines (JSON) follow; the server is ready at the line 'listening on …'.",
    "",
  ].join("\n");
}
