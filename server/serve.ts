/**
 * The process: configuration, the database (with the DATA_DIR lock for PGlite), the middleware
 * stack (security headers, compression, static assets, Vite in development), HTTP listen and
 * graceful shutdown on SIGTERM/SIGINT (ARCHITECTURE.md "Two-file server", "Data rules").
 *
 * Started by server/main.ts, from these sources or from the server bundle built from them
 * (scripts/build-server.ts), which holds this file, the app and their packages in one graph.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";
import type { Logger } from "pino";
import type { AppDeps } from "./app.ts";
import { startControlSocket } from "./backup/control.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { exitOnDatabaseStartupError } from "./db/configured.ts";
import { onShutdown, startHttpServer } from "./http-server.ts";
import { createSmtpTransport } from "./integrations/smtp.ts";
import { createLogger } from "./logging.ts";
import { precompressedAssets } from "./precompressed-assets.ts";
import { dailyBackup, operationsJobs } from "./scheduler/jobs.ts";
import { createScheduler } from "./scheduler/scheduler.ts";
import { cspNonce, securityHeaders } from "./security.ts";
import { startBanner } from "./start-banner.ts";
import { startDatabase } from "./startup.ts";

/** How server/main.ts starts the process. */
export type ServeOptions = {
  /** The project's folder (build/, server/ and public/ are in it). */
  root: string;
  /** `npm run dev`: Vite in middleware mode, the app reloaded from the sources. */
  dev: boolean;
  /** The app, when it was bundled with this file; else imported from build/server/index.js. */
  app?: ProductionBundle;
  /** What was started, for the "listening" line: the server bundle or the sources. */
  from: "bundle" | "sources";
};

// Set once by serve(): the helpers below read them as the module constants they used to be.
let root = "";
let dev = false;

/**
 * Starts the process: config, database, middleware, the app, listen, scheduler, shutdown.
 * Resolves once listening (the scheduler starts after).
 */
export async function serve(options: ServeOptions): Promise<void> {
  ({ root, dev } = options);
  const config = readConfig();
  // React (and Express) pick their production code paths from NODE_ENV when first loaded, so the
  // production build always runs them in production mode; `config` was parsed above from the
  // operator's NODE_ENV, so `config.isProduction` (secure cookies, HSTS, the demo-credential
  // checks) keeps meaning "a real deployment" and `npm start` keeps its demo sign-in.
  // docs/decisions/0125-production-react-for-npm-start.md (issue 15).
  if (!dev) process.env.NODE_ENV = "production";
  // Plain lines for a person before the JSON ones (issue 34 "First start").
  if (config.LOG_LEVEL !== "silent") console.log(startBanner(config, dev));
  const logger = createLogger(config.LOG_LEVEL);

  // What a (re)start spends before listening, in ms since the process began (issue 34: a restart
  // after kill -9 must serve within 5 s); logged on the "listening" line.
  const startup: Record<string, number> = { boot: Math.round(performance.now()) };
  const lap = (phase: string, since: number) => {
    startup[phase] = Math.round(performance.now() - since);
    return performance.now();
  };
  let since = performance.now();
  // The app's bundle loads while the database opens: its module loading (seconds on a loaded
  // machine) overlaps PGlite's start, the password check's scrypt and PostgreSQL's round trips.
  const bundle = dev ? null : options.app ? Promise.resolve(options.app) : loadProductionBundle();
  // Migrations, the admin account and the demo seed under one advisory lock (server/startup.ts).
  const steps: Record<string, number> = {};
  const database = await startDatabase(config, logger, { timings: steps }).catch(
    exitOnDatabaseStartupError,
  );
  since = lap("database", since);
  const { db } = database;
  const stopControl = await startOnlineBackups(database, config, logger);
  const smtp = createSmtpTransport({ url: config.SMTP_URL, from: config.MAIL_FROM });
  const scheduler = createScheduler({
    db,
    logger,
    jobs: operationsJobs({ db, config, logger, smtp, backup: dailyBackup(config, db) }),
  });
  const deps: AppDeps = { db, config, logger, smtp, scheduler };

  const server = express();
  server.disable("x-powered-by");
  addProcessMiddleware(server, config);
  if (dev) await mountDevelopmentApp(server, deps);
  else mountProductionApp(server, deps, await (bundle as ReturnType<typeof loadProductionBundle>));
  lap("app", since);
  startup.ready = Math.round(performance.now());
  // CPU time spent so far (user + system, ms): on a shared machine the wall times above grow
  // with the load, this much less, so two starts compare by it.
  const cpu = process.cpuUsage();
  startup.cpu = Math.round((cpu.user + cpu.system) / 1000);

  // SIGTERM/SIGINT drain requests, run the onShutdown closers, then close the database.
  await startHttpServer(server, {
    port: config.PORT,
    host: config.HOST,
    logger,
    graceMs: config.SHUTDOWN_GRACE_MS,
    closeDatabase: () => database.close(),
    // `steps`: the database phase by step (open, migrate, admin, seed), ms.
    describe: { database: database.kind, dev, from: options.from, startup, steps },
  });
  onShutdown(stopControl);
  // The scheduler a moment later: its start writes a row per job, which on PGlite's one
  // connection queued ahead of the first requests after a restart (issue 34). A timer tick in
  // these seconds is missed, as if the process had started later.
  const afterStart = setTimeout(() => {
    if (config.SCHEDULER === "on") {
      scheduler.start().catch((err) => logger.error({ err }, "scheduler did not start"));
    }
  }, SCHEDULER_DELAY_MS);
  // Closers run newest first: runs under way finish before the control socket and the database.
  onShutdown(async () => {
    clearTimeout(afterStart);
    await scheduler.stop();
  });
}

/** How long after listening the scheduler starts (ms): the first pages are served first. */
const SCHEDULER_DELAY_MS = 3_000;

/** The configuration from the environment; a ConfigError prints its message and exits 1. */
function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * PGlite: `npm run db:backup` asks this process for the backup (server/backup/control.ts).
 * Answers the socket's closer (a no-op on PostgreSQL). Not fatal: a socket path too long for
 * the OS (about 100 bytes) only costs online backups.
 */
async function startOnlineBackups(
  database: Awaited<ReturnType<typeof startDatabase>>,
  config: Config,
  logger: Logger,
): Promise<() => Promise<void>> {
  if (database.kind !== "pglite") return async () => {};
  return startControlSocket(config.dataDir, config.backupDir, database.db, logger).catch((err) => {
    logger.warn({ err }, "control socket unavailable: db:backup needs the server stopped");
    return async () => {};
  });
}

/** The process's own middleware, before the app: assets, CSP nonce, security headers, gzip. */
function addProcessMiddleware(server: express.Express, config: Config) {
  if (!dev) {
    // Hashed scripts and styles, Brotli-encoded ahead of the page headers (issue 15): a document's
    // policy headers (CSP, frame and permission policies, about 1.2 KB) mean nothing on them.
    server.use("/assets", precompressedAssets(path.join(root, "build/client/assets")));
  }
  server.use(cspNonce);
  server.use(
    securityHeaders({
      production: config.isProduction,
      dev,
      metaPixel: Boolean(config.META_PIXEL_ID),
    }),
  );
  server.use(compression());
  // React Router flushes after every streamed chunk, and each flush ends a gzip block: pages came
  // out ~1.7x larger. Whole-document compression is worth more than early bytes for our pages.
  server.use((_req, res, next) => {
    (res as { flush?: () => void }).flush = () => {};
    next();
  });
}

/**
 * `--dev`: Vite in middleware mode, and the app rebuilt from server/ssr-entry.ts each time Vite
 * reloads that module (one app per module instance). Vite closes on shutdown.
 */
async function mountDevelopmentApp(server: express.Express, deps: AppDeps) {
  const vite = await import("vite").then((v) =>
    v.createServer({ root, server: { middlewareMode: true }, appType: "custom" }),
  );
  server.use(vite.middlewares);
  onShutdown(() => vite.close());
  const apps = new WeakMap<object, ReturnType<typeof createServerAppType>>();
  server.use(async (req, res, next) => {
    try {
      const mod = await vite.ssrLoadModule(path.join(root, "server/ssr-entry.ts"));
      let app = apps.get(mod);
      if (!app) {
        app = (mod.createServerApp as typeof createServerAppType)(deps);
        apps.set(mod, app);
      }
      app(req, res, next);
    } catch (err) {
      if (err instanceof Error) vite.ssrFixStacktrace(err);
      next(err);
    }
  });
}

/** What build/server/index.js (React Router's server build with the app) exports. */
export type ProductionBundle = { createServerApp: typeof createServerAppType };

/**
 * Starts importing build/server/index.js; without a build, prints how to make one and exits 1.
 * The promise is marked handled so a failing import waits for its `await` to be reported.
 */
function loadProductionBundle(): Promise<ProductionBundle> {
  const buildFile = path.join(root, "build/server/index.js");
  if (!existsSync(buildFile)) {
    console.error("No production build found. Run `npm run build` (npm start does it for you).");
    process.exit(1);
  }
  const loading = import(pathToFileURL(buildFile).href) as Promise<ProductionBundle>;
  loading.catch(() => {});
  return loading;
}

/**
 * The production build: static files (hashed assets cached a year, the rest an hour) and the
 * app from the loaded bundle (build/server/index.js).
 */
function mountProductionApp(
  server: express.Express,
  deps: AppDeps,
  { createServerApp }: ProductionBundle,
) {
  server.use(
    "/assets",
    express.static(path.join(root, "build/client/assets"), { immutable: true, maxAge: "1y" }),
  );
  server.use(express.static(path.join(root, "build/client"), { maxAge: "1h", index: false }));
  server.use(createServerApp(deps));
}

// Type-only stand-in so this file does not import the bundle's modules at compile time.
declare function createServerAppType(deps: AppDeps): express.Express;
