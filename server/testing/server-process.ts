/**
 * The real server as a child process, for the shutdown test and `npm run chaos` (issue 14):
 * `node server/main.ts` with the production configuration (NODE_ENV=production, PUBLIC_URL, a
 * non-demo password), plus a small JSON
 * client over keep-alive connections that tells a refused connection (never sent, harmless)
 * from a failed request.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import http from "node:http";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");

/**
 * Builds the app (`react-router build`) when there is no build at all: a production build even
 * under Vitest's NODE_ENV=test, which would otherwise bundle React's development build into
 * build/ for whatever serves it next (an e2e run beside the tests, a benchmark).
 */
export function ensureBuilt(): void {
  if (existsSync(path.join(root, "build/server/index.js"))) return;
  console.log("No build found: running `react-router build`…");
  execFileSync(path.join(root, "node_modules/.bin/react-router"), ["build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
}

export const SERVER_ADMIN = { username: "chaos", password: "chaos-password-not-for-production" };

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or the signal's name) when the process has exited. */
  exited: Promise<number | string>;
};

/**
 * Starts the server with `env` added to a production environment (test-payment mode, demo
 * catalogue, public write limit lifted) and waits for its "listening" line.
 * @throws when it exits or does not listen within `timeoutMs`.
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      ADMIN_USERNAME: SERVER_ADMIN.username,
      ADMIN_PASSWORD: SERVER_ADMIN.password,
      SESSION_SECRET: randomBytes(32).toString("hex"),
      LOG_LEVEL: "info",
      PUBLIC_WRITE_RATE_LIMIT: "100000",
      LOGIN_RATE_LIMIT: "1000",
      SEED_DEMO: "true",
      // No Paystack keys: the fake checkout (test-payment mode) is wanted here.
      ALLOW_TEST_PAYMENTS: "true",
      // Required in production (issue 16); the test clients send no Origin header.
      PUBLIC_URL: "http://127.0.0.1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown")),
  );
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const poll = setInterval(() => {
      const match = /listening on http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    }, 20);
    void exited.then((code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${output}`));
    });
  });
  return { child, port, output: () => output, exited };
}

export type JsonReply = { status: number; body: unknown; headers: http.IncomingHttpHeaders };

/**
 * An error the client saw; `refused` when the connection was never opened (nothing sent);
 * `reusedSocket` when the request went over a keep-alive connection that had served before.
 */
export class RequestFailure extends Error {
  readonly refused: boolean;
  readonly code?: string;
  readonly reusedSocket: boolean;
  constructor(err: NodeJS.ErrnoException, reusedSocket = false) {
    super(err.message);
    this.code = err.code;
    this.refused = err.code === "ECONNREFUSED";
    this.reusedSocket = reusedSocket;
  }
}

/**
 * Sends `method path` with a JSON body over `agent` (keep-alive); resolves with the reply, or
 * rejects with a RequestFailure.
 */
export function requestJson(
  agent: http.Agent,
  port: number,
  method: string,
  urlPath: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<JsonReply> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: urlPath,
        agent,
        headers: {
          ...(payload ? { "content-type": "application/json" } : {}),
          ...headers,
        },
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", (err) => reject(new RequestFailure(err)));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString();
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode ?? 0, body: parsed, headers: res.headers });
        });
      },
    );
    req.on("timeout", () => req.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    req.on("error", (err) => reject(new RequestFailure(err, req.reusedSocket)));
    req.end(payload);
  });
}
