/**
 * The HTTP listener and graceful shutdown (issue 14 "Graceful shutdown"; ARCHITECTURE.md
 * "Two-file server").
 *
 * On SIGTERM or SIGINT:
 * 1. stop accepting connections (a new client is refused at once, never half-served);
 * 2. answer every request in flight, each with `Connection: close` when its headers are not yet
 *    out, and keep serving requests that arrive on already-open keep-alive connections for a
 *    short linger (LINGER_MS), each answered with `Connection: close`; a client that loops on one
 *    connection thus ends it itself instead of writing into a socket the server resets. Then
 *    idle connections are closed;
 * 3. when the last connection has closed, run the closers registered with `onShutdown` (newest
 *    first, errors logged), then `closeDatabase`, then exit 0;
 * 4. past `graceMs` (SHUTDOWN_GRACE_MS) the connections still open are cut and step 3 runs anyway.
 *
 * Registering a closer (e.g. the scheduler's `stop()`):
 *
 *     import { onShutdown } from "#server/http-server.ts";
 *     const scheduler = startScheduler(deps);
 *     onShutdown(() => scheduler.stop());   // may return a promise; awaited before the db closes
 *
 * Header, request and keep-alive timeouts are set so idle, slow and half-open connections close
 * in normal running too.
 */
import http from "node:http";
import type { Socket } from "node:net";
import net from "node:net";
import type { Logger } from "pino";

/** Work to finish before exit; it runs while the database is still open. */
export type Closer = () => void | Promise<void>;

const closers: Closer[] = [];

/**
 * Registers `fn` to run at shutdown, after the last HTTP connection closed and before the
 * database closes. Closers run newest first, one at a time; one that throws is logged and the
 * others still run. @returns a function that unregisters it.
 */
export function onShutdown(fn: Closer): () => void {
  closers.push(fn);
  return () => {
    const index = closers.indexOf(fn);
    if (index >= 0) closers.splice(index, 1);
  };
}

/**
 * How long an idle keep-alive connection stays open: longer than a load balancer's idle timeout
 * (60 s on AWS, Google Cloud and most proxies' defaults), so the balancer, not the app, closes
 * it. Closing first races a request the other side is sending on it, which then fails with
 * ECONNRESET (a 502 behind a balancer; seen in the browser suite at Node's 5 s default under
 * load). Slow or half-open clients are still cut by the header and request timeouts.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** How long already-open keep-alive connections may still send a request after the signal. */
export const LINGER_MS = 1_000;

export type HttpServerOptions = {
  port: number;
  host: string;
  logger: Logger;
  /** Milliseconds from the signal to cutting the connections still open (SHUTDOWN_GRACE_MS). */
  graceMs: number;
  /** Runs last, after the registered closers (flushes and closes the database). */
  closeDatabase: () => Promise<void>;
  /** Extra fields for the "listening" log line. */
  describe?: Record<string, unknown>;
  /** Idle keep-alive connections close after this many ms (default KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveTimeoutMs?: number;
  /** A client must send its request headers within this many ms (default 15000). */
  headersTimeoutMs?: number;
  /** A client must send its whole request within this many ms (default 60000). */
  requestTimeoutMs?: number;
  /** Called with the exit code when shutdown is over (default `process.exit`). */
  exit?: (code: number) => void;
};

export type RunningServer = {
  server: http.Server;
  /** The port listened on (the real one when `port` was 0). */
  port: number;
  /** Runs the shutdown as a signal would (once; later calls return the same promise). */
  shutdown(reason: string): Promise<void>;
};

/**
 * Listens with `handler` and installs the SIGTERM/SIGINT shutdown described above. Logs
 * "listening on http://localhost:PORT" once listening (scripts wait for that line).
 */
export async function startHttpServer(
  handler: http.RequestListener,
  options: HttpServerOptions,
): Promise<RunningServer> {
  const { logger } = options;
  const server = http.createServer(handler);
  server.keepAliveTimeout = options.keepAliveTimeoutMs ?? KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = options.headersTimeoutMs ?? 15_000;
  server.requestTimeout = options.requestTimeoutMs ?? 60_000;
  const connections = trackConnections(server);
  const port = await listen(server, options.port, options.host);
  logger.info({ port, ...options.describe }, `listening on http://localhost:${port}`);

  let stopping: Promise<void> | null = null;
  const shutdown = (reason: string): Promise<void> => {
    stopping ??= (async () => {
      const started = Date.now();
      logger.info(
        { reason, connections: connections.sockets.size },
        "shutting down: draining requests",
      );
      connections.drain();
      await stopAccepting(server, connections.sockets, options);
      await runClosers(options);
      logger.info({ ms: Date.now() - started }, "stopped");
      (options.exit ?? process.exit)(0);
    })();
    return stopping;
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  return { server, port, shutdown };
}

/**
 * Keeps the open sockets and the responses under way. `drain()` marks every response not yet
 * started, and every request that starts afterwards, as its connection's last
 * (`Connection: close`).
 */
function trackConnections(server: http.Server) {
  const sockets = new Set<Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  const inFlight = new Set<http.ServerResponse>();
  let draining = false;
  // Before the app's listener: a request that starts while draining is the connection's last.
  server.prependListener("request", (_req, res) => {
    if (draining) res.setHeader("Connection", "close");
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
  });
  const drain = () => {
    draining = true;
    for (const res of inFlight) {
      if (!res.headersSent) res.setHeader("Connection", "close");
    }
  };
  return { sockets, drain };
}

/** Listens on `port` (0: any free one) and `host`; answers the real port. Rejects on 'error'. */
async function listen(server: http.Server, port: number, host: string) {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  return typeof address === "object" && address ? address.port : port;
}

/**
 * Stops accepting and resolves once every connection has closed: idle ones are closed after
 * LINGER_MS (or the grace period if shorter), the rest forcibly when `graceMs` is over.
 */
async function stopAccepting(
  server: http.Server,
  sockets: Set<Socket>,
  { graceMs, logger }: Pick<HttpServerOptions, "graceMs" | "logger">,
) {
  // net.Server's close stops accepting only; http.Server's would also reset idle
  // keep-alive connections at once, racing clients that are writing their next request.
  const closed = new Promise<void>((resolve) => {
    net.Server.prototype.close.call(server, () => resolve());
  });
  const forced = setTimeout(() => {
    logger.warn({ connections: sockets.size }, "grace period over: closing connections");
    server.closeAllConnections();
    for (const socket of sockets) socket.destroy();
  }, graceMs);
  // After the linger, a connection is closed as soon as it is idle (one whose response had
  // started before the signal could not be told `Connection: close`).
  let sweep: NodeJS.Timeout | undefined;
  const linger = setTimeout(
    () => {
      server.closeIdleConnections();
      sweep = setInterval(() => server.closeIdleConnections(), 100);
    },
    Math.min(LINGER_MS, graceMs),
  );
  await closed;
  clearTimeout(forced);
  clearTimeout(linger);
  clearInterval(sweep);
}

/** Runs the onShutdown closers newest first, then closes the database; failures are logged. */
async function runClosers({
  logger,
  closeDatabase,
}: Pick<HttpServerOptions, "logger" | "closeDatabase">) {
  for (const closer of [...closers].reverse()) {
    try {
      await closer();
    } catch (err) {
      logger.error({ err }, "shutdown step failed");
    }
  }
  try {
    await closeDatabase();
  } catch (err) {
    logger.error({ err }, "closing the database failed");
  }
}
