/**
 * The Express application: the /api routers, health checks and (given a server build) the
 * React Router request handler, sharing one db through the load context (ARCHITECTURE.md
 * "Two-file server"). Process concerns (listen, headers, static files, shutdown) are in serve.ts.
 */

import { randomUUID } from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import cookieParser from "cookie-parser";
import { sql } from "drizzle-orm";
import express, { type Express } from "express";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { pageContext } from "#common/page-context.ts";
import { depositRouter } from "#server/modules/bookings/deposit-routes.ts";
import { paymentProviderFor } from "#server/modules/orders/payment.ts";
import { backupRouter } from "./backup/routes.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import {
  apiErrorHandler,
  configuredOrigin,
  databaseUnavailableHandler,
  HttpError,
  rejectControlCharacters,
  siteOrigin,
} from "./http.ts";
import type { EmailTransport } from "./integrations/smtp.ts";
import { safeChild, safeErrorSerializer, safeUrl } from "./logging.ts";
import { adminRouter } from "./modules/admin/routes.ts";
import { advisorRouter } from "./modules/advisor/routes.ts";
import { auditRouter } from "./modules/audit/routes.ts";
import { loadSession } from "./modules/auth/middleware.ts";
import { sessionEndedHeader } from "./modules/auth/offline-key.ts";
import { authRouter } from "./modules/auth/routes.ts";
import { bookingsAdminRouter } from "./modules/bookings/admin-routes.ts";
import { bookingsRouter } from "./modules/bookings/routes.ts";
import { calendarFeedRouter, calendarRouter } from "./modules/calendar/routes.ts";
import { catalogAdminRouter } from "./modules/catalog/admin-routes.ts";
import { invalidateOnWrite } from "./modules/catalog/cache.ts";
import { catalogRouter } from "./modules/catalog/routes.ts";
import { clientsRouter } from "./modules/clients/routes.ts";
import { configRouter } from "./modules/config/routes.ts";
import { consentRouter } from "./modules/consent/routes.ts";
import { whatsappWebhookRouter } from "./modules/consent/webhook.ts";
import { installFormLinks } from "./modules/forms/links.ts";
import { formsRouter } from "./modules/forms/routes.ts";
import { healthRouter } from "./modules/health/routes.ts";
import { installMessagesWorker, messageTransports } from "./modules/messages/worker.ts";
import { newsletterRouter } from "./modules/newsletter/routes.ts";
import { operationsRouter } from "./modules/operations/routes.ts";
import { checkoutRouter } from "./modules/orders/checkout-routes.ts";
import { ordersRouter } from "./modules/orders/routes.ts";
import { installOrderLinks } from "./modules/orders/status-links.ts";
import { paystackWebhookRouter } from "./modules/orders/webhook.ts";
import { outboxRouter } from "./modules/outbox/routes.ts";
import { installAftercareLinks } from "./modules/records/aftercare.ts";
import { photoStoreFor } from "./modules/records/bucket-photo-store.ts";
import { recordsRouter } from "./modules/records/routes.ts";
import { reportsRouter } from "./modules/reports/routes.ts";
import { installReviewLinks } from "./modules/reviews/on-completion.ts";
import { reviewsRouter } from "./modules/reviews/routes.ts";
import { salesRouter } from "./modules/sales/routes.ts";
import { seoRouter } from "./modules/seo/routes.ts";
import { settingsRouter } from "./modules/settings/routes.ts";
import { staffRouter } from "./modules/staff/routes.ts";
import { openApiDocumentOf, openApiRouter } from "./openapi/routes.ts";
import { publicPageCache } from "./page-cache.ts";
import { pageServices, type RequestFacts } from "./pages.ts";
import { publicWriteLimiter } from "./rate-limit.ts";
import { dailyBackup, operationsJobs } from "./scheduler/jobs.ts";
import { createScheduler, type Scheduler } from "./scheduler/scheduler.ts";
import { originCheck } from "./security.ts";

export type AppDeps = {
  db: Db;
  config: Config;
  logger: Logger;
  /** The SMTP transport; null without SMTP_URL (emails are then only stored in the outbox). */
  smtp: EmailTransport | null;
  /**
   * The process's scheduler (serve.ts starts it); without one, the app builds an unstarted one
   * so the admin can still see and run the jobs (API tests).
   */
  scheduler?: Scheduler;
};

export type AppOptions = {
  /** The React Router server build; without it only the API is served (API tests). */
  build?: ServerBuild | (() => Promise<ServerBuild>);
};

/**
 * Builds the application: request logging, health checks, the session, the /api routers, the
 * public feeds and (given a build) the pages. Throws nothing; errors surface per request.
 */
export function createApp(deps: AppDeps, options: AppOptions = {}): Express {
  const { db, config } = deps;
  // Every line the app writes goes through the redaction and safe error rules (issue 14).
  const logger = safeChild(deps.logger);
  const safeDeps: AppDeps = { ...deps, logger };
  // Messages enqueued by requests are sent in the background right after their transaction
  // (issue 17); the scheduler's 'messages' job catches up the rest.
  installMessagesWorker({
    db,
    transports: messageTransports(config, deps.smtp),
    logger,
    settings: { publicUrl: config.PUBLIC_URL, clinicWhatsApp: config.CLINIC_WHATSAPP_NUMBER },
  });
  installReviewLinks({
    secret: config.SESSION_SECRET,
    origin: configuredOrigin(config),
  });
  installAftercareLinks({
    secret: config.SESSION_SECRET,
    origin: configuredOrigin(config),
  });
  installFormLinks({
    secret: config.SESSION_SECRET,
    origin: configuredOrigin(config),
  });
  installOrderLinks({
    secret: config.SESSION_SECRET,
    origin: configuredOrigin(config),
  });
  const app = express();
  app.disable("x-powered-by");
  // The client address (rate limits, sign-in throttle) is read through exactly the configured
  // number of proxies: 0 ignores X-Forwarded-For, so a forged header changes nothing (issue 14).
  app.set("trust proxy", config.TRUST_PROXY_HOPS > 0 ? config.TRUST_PROXY_HOPS : false);
  app.use(requestLogging(logger));
  addHealthChecks(app, db, logger);

  // Any state-changing request may change what the catalogue cache holds (issue 15).
  app.use(invalidateOnWrite(db));
  app.use(cookieParser());
  app.use(loadSession(db));
  // A cookie of an ended session: the back office erases the device's offline data (issue 35).
  app.use(sessionEndedHeader(db));

  const scheduler =
    deps.scheduler ??
    createScheduler({
      db,
      logger,
      jobs: operationsJobs({ ...safeDeps, backup: dailyBackup(config, db) }),
    });
  const apiDocument = openApiDocumentOf(app);
  app.use("/api", apiRouter(safeDeps, scheduler, apiDocument));
  app.use(seoRouter(db, config));
  app.use(calendarFeedRouter(db));
  if (options.build) mountPages(app, deps, options.build, { jobs: scheduler.jobs, apiDocument });
  app.use(databaseUnavailableHandler);
  return app;
}

/**
 * One log line per request, tagged with X-Request-Id (the caller's, cut to 64 characters, or a
 * new UUID, echoed back); no headers, and URLs without query values or tokens.
 */
function requestLogging(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (req, res) => {
      const id = (req.headers["x-request-id"] as string | undefined)?.slice(0, 64) ?? randomUUID();
      res.setHeader("x-request-id", id);
      return id;
    },
    autoLogging: {
      ignore: (req) => req.url === "/healthz" || req.url?.startsWith("/assets/") === true,
    },
    // Log no headers: cookies carry session tokens.
    serializers: {
      // The URL without query values or tokens: review signatures and search terms stay out.
      req: (req: { id: unknown; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: safeUrl(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: safeErrorSerializer,
    },
  });
}

/** GET /healthz (the process answers) and GET /readyz (the database answers too, else 503). */
function addHealthChecks(app: Express, db: Db, logger: Logger) {
  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    try {
      await db.execute(sql`select 1`);
      res.json({ status: "ready" });
    } catch (err) {
      logger.error({ err }, "readiness check failed");
      res.status(503).json({ status: "unavailable" });
    }
  });
}

/**
 * The /api router: the signed webhooks, then the JSON parser, control-character, Origin and
 * public-write checks every other route shares, the module routers, a JSON 404 and the API's
 * error handler. `deps.logger` is the app's redacting logger.
 */
function apiRouter(
  deps: AppDeps,
  scheduler: Scheduler,
  apiDocument: ReturnType<typeof openApiDocumentOf>,
): express.Router {
  const { db, config, logger } = deps;
  const api = express.Router();
  // Before the JSON parser and the Origin check: it needs the raw body for its signature.
  // The deposits' provider (issue 32); in test-payment mode its outcomes are rows of
  // test_payments, shared by every instance (decision 0287).
  const depositProvider = paymentProviderFor(config, db);
  api.use(paystackWebhookRouter({ ...deps, depositProvider }));
  api.use(whatsappWebhookRouter(deps));
  api.use(express.json({ limit: "100kb" }));
  api.use(rejectControlCharacters);
  api.use(originCheck(config));
  api.use(publicWriteLimiter(db, { limit: config.PUBLIC_WRITE_RATE_LIMIT, logger }));
  api.use(configRouter(config));
  api.use(catalogRouter(db));
  api.use(bookingsRouter(db, config));
  api.use(depositRouter({ db, config, logger, provider: depositProvider }));
  api.use(newsletterRouter(db));
  api.use(authRouter(db, config));
  api.use(outboxRouter(db));
  api.use(checkoutRouter(deps));
  api.use(ordersRouter({ db, config, logger }));
  api.use(advisorRouter(db, config, logger));
  api.use(catalogAdminRouter(db));
  api.use(bookingsAdminRouter(db));
  api.use(calendarRouter(db, config));
  api.use(staffRouter(db, config));
  api.use(salesRouter(db, config));
  api.use(reportsRouter(db));
  api.use(healthRouter(db));
  const photoStore = photoStoreFor(config);
  api.use(recordsRouter(db, photoStore, config.SESSION_SECRET));
  api.use(formsRouter(db, config));
  api.use(clientsRouter(db, config.dataDir, photoStore));
  api.use(reviewsRouter(db, config));
  api.use(settingsRouter(db));
  api.use(adminRouter(db, config, photoStore));
  api.use(auditRouter(db));
  api.use(backupRouter(db));
  api.use(consentRouter(db, config));
  api.use(operationsRouter(db, scheduler));
  api.use(openApiRouter(apiDocument));
  api.use((_req, _res, next) => next(new HttpError(404, "Not found")));
  api.use(apiErrorHandler);
  return api;
}

/**
 * The React Router pages, each request given the page services through the load context. With
 * a fixed build (not a development loader), the pages every visitor shares come from the
 * public page cache first.
 */
function mountPages(
  app: Express,
  deps: AppDeps,
  build: NonNullable<AppOptions["build"]>,
  services: { jobs: Scheduler["jobs"]; apiDocument: ReturnType<typeof openApiDocumentOf> },
) {
  const { db, config } = deps;
  const loadContext = (request: RequestFacts) => {
    const context = new RouterContextProvider();
    context.set(pageContext, pageServices(db, config, request, services));
    return context;
  };
  // The pages every visitor shares, rendered once per catalogue generation (issue 15).
  if (typeof build !== "function") {
    app.use(
      publicPageCache({
        db,
        build,
        mode: config.NODE_ENV,
        origin: (req) => siteOrigin(config, req),
        loadContext: (origin) => loadContext({ admin: null, nonce: "", origin }),
      }),
    );
  }
  app.use(
    createRequestHandler({
      build,
      mode: config.NODE_ENV,
      getLoadContext: (req, res) =>
        loadContext({
          admin: req.admin ?? null,
          nonce: (res.locals.nonce as string | undefined) ?? "",
          origin: siteOrigin(config, req),
        }),
    }),
  );
}
