/**
 * What the server does to its database before it listens (server/startup.ts: migrations, the
 * admin account, the demo catalogue when SEED_DEMO), as a process of its own: `npm start` runs
 * it beside the build on a first start (scripts/ensure-build.ts), so creating a PGlite database
 * (its initdb alone is half a minute on a loaded 2-core machine) and migrating it overlap the
 * Vite build instead of following it (issue 34: serving within 60 s of `npm install`).
 *
 * Prints one line; exits 1 (quietly apart from the reason) when the database cannot be prepared,
 * leaving the server to report the problem as it always does.
 */
import { pino } from "pino";
import { loadConfig } from "#server/config.ts";
import { startDatabase } from "#server/startup.ts";

const started = performance.now();
try {
  const config = loadConfig();
  const database = await startDatabase(config, pino({ level: "warn" }));
  await database.close();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Database ready (${database.kind}, ${seconds} s, beside the build).`);
} catch (err) {
  console.log(`Database not prepared beside the build (${(err as Error).message.split("\n")[0]}).`);
  process.exit(1);
}
