/**
 * `npm run bench -- start` (issue 34 "first start", "a restart after kill -9 serves in under
 * 5 s"): how long `node server/main.ts`, as `npm start` runs it (no NODE_ENV, demo catalogue),
 * takes until GET / answers 200, on PGlite (a temporary DATA_DIR) and on PostgreSQL (a throwaway
 * database, when one answers):
 * - on an empty database (creating it, migrations, admin account, demo catalogue);
 * - after kill -9 under write load (4 keep-alive clients posting bookings and newsletter
 *   sign-ups), `--rounds` times (default 3);
 * each with the phases of its "listening" line (boot, database, app, and the CPU time spent: ms)
 * and, as the machine is shared, beside a reference timed in the same run: a bare `node -e 0`.
 * Prints; asserts nothing. The build and `npm ci` are not in it: time `npm start` on a fresh
 * clone for those.
 *
 * Options: `--rounds N` (3); `--from bundle|sources|both`: start from the server bundle as
 * `npm start` does (default, server/server-bundle.ts), from the TypeScript sources
 * (SERVER_BUNDLE=off), or both in turn, on the same database, for a comparison in one run;
 * `--db pglite|postgres|both` (both; PostgreSQL when one answers).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { requestJson } from "#server/testing/server-process.ts";
import {
  ensureBuild,
  localPostgres,
  printTable,
  root,
  run,
  withScratchPostgres,
} from "./harness.ts";

const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    from: { type: "string", default: "bundle" },
    db: { type: "string", default: "both" },
  },
});
const ROUNDS = Number(args.rounds);
const FROM = args.from === "both" ? ["bundle", "sources"] : [args.from as string];
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error("--rounds: a whole number, 1 or more");
if (!FROM.every((f) => f === "bundle" || f === "sources")) {
  throw new Error("--from: bundle, sources or both");
}
if (!["pglite", "postgres", "both"].includes(args.db as string)) {
  throw new Error("--db: pglite, postgres or both");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/** Median wall time of `node -e 0` over 3 runs, ms: how slow the machine is right now. */
function reference(): number {
  const times = [0, 1, 2].map(() => {
    const t = performance.now();
    execFileSync(process.execPath, ["-e", "0"]);
    return performance.now() - t;
  });
  return Math.round(median(times) as number);
}

/** A port free right now (the server is restarted on the same one). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** `from`: what the "listening" line says it started from (bundle or sources). */
type Started = { child: ChildProcess; ms: number; phases: string; from: string };

/** Spawns the server on `port` and resolves once GET / answers 200, with the time it took. */
async function start(env: Record<string, string>, port: number): Promise<Started> {
  const inherited = { ...process.env };
  delete inherited.NODE_ENV;
  const t = performance.now();
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: {
      ...inherited,
      LOG_LEVEL: "info",
      PUBLIC_URL: "",
      PUBLIC_WRITE_RATE_LIMIT: "100000",
      HOST: "127.0.0.1",
      PORT: String(port),
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
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  const agent = new http.Agent();
  try {
    for (;;) {
      if (exited) throw new Error(`server exited:\n${output}`);
      if (performance.now() - t > 180_000) throw new Error(`not serving after 180 s:\n${output}`);
      const reply = await requestJson(agent, port, "GET", "/").catch(() => null);
      if (reply?.status === 200) break;
      await sleep(25);
    }
  } finally {
    agent.destroy();
  }
  const ms = Math.round(performance.now() - t);
  const startup = /"startup":(\{[^}]*\})/.exec(output)?.[1];
  const phases = startup
    ? Object.entries(JSON.parse(startup) as Record<string, number>)
        .filter(([k]) => k !== "ready")
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")
    : "?";
  const steps = /"steps":(\{[^}]*\})/.exec(output)?.[1];
  const from = /"from":"(\w+)"/.exec(output)?.[1] ?? "?";
  const detail = steps
    ? `${phases}; ${Object.entries(JSON.parse(steps) as Record<string, number>)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}`
    : phases;
  return { child, ms, phases: detail, from };
}

function kill9(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

function stopGracefully(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** Keep-alive clients writing until stopped; refused connections (while down) are expected. */
function writeLoad(port: number) {
  let stop = false;
  let acknowledged = 0;
  // Nine days ahead, or ten when the ninth is a Sunday: the clinic is closed on Sundays and a
  // booking then is refused (400), which left every chaos booking unacknowledged on such days.
  const ahead = new Date(Date.now() + 9 * 86400_000);
  if (ahead.getUTCDay() === 0) ahead.setUTCDate(ahead.getUTCDate() + 1);
  const day = ahead.toISOString().slice(0, 10);
  const clients = Array.from({ length: 4 }, async (_, w) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let serviceId = "";
    for (let i = 0; !stop; i++) {
      const id = `${w}-${i}-${Date.now()}`;
      try {
        if (!serviceId) {
          const services = await requestJson(agent, port, "GET", "/api/services");
          serviceId = String((services.body as Array<{ id: number }>)[0]?.id ?? "");
        }
        const reply =
          i % 2
            ? await requestJson(agent, port, "POST", "/api/newsletter", {
                email: `n${id}@example.com`,
                consent: true,
              })
            : await requestJson(agent, port, "POST", "/api/bookings", {
                name: "Ada Obi",
                email: `b${id}@example.com`,
                phone: "08031234567",
                service: serviceId,
                date: `${day}T12:00:00+01:00`,
                message: "start bench",
              });
        if (reply.status < 300) acknowledged++;
      } catch {
        await sleep(50);
      }
    }
    agent.destroy();
  });
  return {
    acknowledged: () => acknowledged,
    async stop() {
      stop = true;
      await Promise.all(clients);
    },
  };
}

/** The environment that makes server/main.ts start from `from`. */
const fromEnv = (from: string): Record<string, string> => ({
  SERVER_BUNDLE: from === "sources" ? "off" : "on",
});

/**
 * The empty-database start, then ROUNDS kill -9 restarts under load (each round once per
 * `--from` choice, in turn), as table rows.
 */
async function measure(kind: string, env: Record<string, string>): Promise<string[][]> {
  const rows: string[][] = [];
  const port = await freePort();
  const ref = reference();
  const first = FROM[0] as string;
  let server = await start({ ...env, ...fromEnv(first) }, port);
  rows.push([kind, server.from, "empty database", `${server.ms}`, server.phases, `${ref}`]);
  const load = writeLoad(port);
  const restarts = new Map(FROM.map((from) => [from, [] as number[]]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const from of FROM) {
      await sleep(1_500 + Math.random() * 1_000);
      await kill9(server.child);
      const ref = reference();
      server = await start({ ...env, ...fromEnv(from) }, port);
      restarts.get(from)?.push(server.ms);
      rows.push([
        kind,
        server.from,
        `kill -9 restart ${round}`,
        `${server.ms}`,
        server.phases,
        `${ref}`,
      ]);
    }
  }
  await load.stop();
  await stopGracefully(server.child);
  for (const [from, times] of restarts) {
    rows.push([kind, from, "restart median", `${median(times)}`, "", ""]);
  }
  rows.push([kind, "", `${load.acknowledged()} writes acknowledged`, "", "", ""]);
  return rows;
}

run(async () => {
  ensureBuild();
  // The app and its server bundle as `npm start` would have them (rebuilt when stale).
  execFileSync(process.execPath, ["scripts/ensure-build.ts"], { cwd: root, stdio: "inherit" });
  const rows = [
    [
      "database",
      "from",
      "start",
      "to GET / 200 (ms)",
      "phases; database steps (ms)",
      "node -e 0 (ms)",
    ],
  ];
  if (args.db !== "postgres") {
    const dataDir = mkdtempSync(path.join(tmpdir(), "clinic-bench-start-"));
    try {
      rows.push(...(await measure("PGlite", { DATA_DIR: dataDir })));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const baseUrl = args.db === "pglite" ? undefined : await localPostgres();
  if (baseUrl) {
    await withScratchPostgres(baseUrl, async (url) => {
      rows.push(...(await measure("PostgreSQL", { DATABASE_URL: url })));
    });
  } else if (args.db !== "pglite") {
    console.log("PostgreSQL skipped: set TEST_DATABASE_URL=postgres://… to include it.");
  }
  console.log(`start bench, ${new Date().toISOString()}`);
  printTable(rows);
});
