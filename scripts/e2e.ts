/**
 * `npm run e2e`: `npm run build` (scripts/build.ts), then the Playwright suite's two projects
 * (desktop 1280 px and mobile 375 px), each split in `E2E_SHARDS` runs (default: one per two
 * cores, so one on this project's 2-core machines, where two runs already keep both cores busy),
 * all at the same time, each against its own server, port (E2E_PORT, E2E_PORT + 1, …) and fresh
 * data directory, so that no run sees another's data (decision 0320).
 *
 * A project's spec files are dealt to its runs by their time in the last recorded run
 * (e2e/durations.json, seconds per project and file; a file not there counts as DEFAULT_SECONDS),
 * longest first, each to the run with the least so far. `--write-durations` writes this run's
 * own times into that file (from the list reporter's lines; files not run keep theirs), to be
 * committed when specs change much.
 * `--skip-build` uses the build that is there (.ci/run builds once, before the unit suite).
 * Other arguments go to every run; a spec file or filter among them turns sharding off (one run
 * per project). Each line of output is prefixed with its run; failures are under
 * test-results/<run>/. Exits 1 when any run fails.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { runBuild } from "./build.ts";

type Durations = Record<string, Record<string, number>>;

const root = path.resolve(import.meta.dirname, "..");
const cli = path.join(root, "node_modules/@playwright/test/cli.js");
const durationsFile = path.join(root, "e2e/durations.json");
const PROJECTS = ["desktop", "mobile"] as const;
/** Weight of a spec file with no recorded time (about the median file). */
const DEFAULT_SECONDS = 15;

const basePort = Number(process.env.E2E_PORT ?? 3310);
const ownFlags = new Set(["--skip-build", "--write-durations"]);
const args = process.argv.slice(2).filter((arg) => !ownFlags.has(arg));
const filtered = args.some((arg) => !arg.startsWith("-"));
const shards = filtered
  ? 1
  : Math.max(1, Number(process.env.E2E_SHARDS ?? Math.floor(availableParallelism() / 2)));
if (!process.argv.includes("--skip-build")) runBuild();

const recorded: Durations = existsSync(durationsFile)
  ? (JSON.parse(readFileSync(durationsFile, "utf8")) as Durations)
  : {};
const measured: Durations = {};

/**
 * The spec files (paths relative to the root) split in `count` groups of about equal recorded
 * time for `project`: longest first, each to the lightest group.
 */
function split(project: string, count: number): string[][] {
  const files = readdirSync(path.join(root, "e2e"))
    .filter((f) => f.endsWith(".spec.ts"))
    .map((f) => `e2e/${f}`);
  const seconds = (f: string) => recorded[project]?.[f] ?? DEFAULT_SECONDS;
  const groups = Array.from({ length: count }, () => ({ files: [] as string[], total: 0 }));
  for (const file of [...files].sort((a, b) => seconds(b) - seconds(a) || a.localeCompare(b))) {
    const lightest = groups.reduce((min, g) => (g.total < min.total ? g : min));
    lightest.files.push(file);
    lightest.total += seconds(file);
  }
  return groups.map((g) => g.files.sort());
}

/** A list-reporter line: "✓  12 [desktop] › e2e/x.spec.ts:161:1 › name (2.1s)". */
const RESULT_LINE =
  /[✓✘]\s+\d+\s+\[(\w+)\] › (e2e\/[\w.-]+):\d+:\d+ › .*\((\d+(?:\.\d+)?)(m?s)\)\s*$/;

/** Runs Playwright for `project` on `files` (all when empty); resolves with its exit code. */
function run(name: string, project: string, files: string[], port: number): Promise<number> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    E2E_PORT: String(port),
    E2E_OUTPUT_DIR: `test-results/${name}`,
    PLAYWRIGHT_HTML_OUTPUT_DIR: `playwright-report/${name}`,
  };
  delete env.E2E_DATA_DIR; // each run makes its own (playwright.config.ts)
  const child = spawn(process.execPath, [cli, "test", `--project=${project}`, ...args, ...files], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const prefix = (stream: NodeJS.WritableStream) => {
    let rest = "";
    return (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) {
        stream.write(`[${name}] ${line}\n`);
        const m = RESULT_LINE.exec(line);
        if (m?.[1] && m[2] && m[3]) {
          const s = Number(m[3]) / (m[4] === "ms" ? 1000 : 1);
          const files = measured[m[1]] ?? {};
          files[m[2]] = (files[m[2]] ?? 0) + s;
          measured[m[1]] = files;
        }
      }
    };
  };
  child.stdout.on("data", prefix(process.stdout));
  child.stderr.on("data", prefix(process.stderr));
  return new Promise((resolve) => child.on("exit", (code) => resolve(code ?? 1)));
}

const runs: Promise<number>[] = [];
for (const project of PROJECTS) {
  if (shards === 1) {
    runs.push(run(project, project, [], basePort + runs.length));
    continue;
  }
  split(project, shards).forEach((files, i) => {
    if (files.length > 0)
      runs.push(run(`${project}-${i + 1}`, project, files, basePort + runs.length));
  });
}
const codes = await Promise.all(runs);

if (process.argv.includes("--write-durations")) {
  // The files this run measured replace their old times; the others keep theirs while they exist.
  const rounded = Object.fromEntries(
    PROJECTS.map((project) => [
      project,
      Object.fromEntries(
        Object.entries({ ...recorded[project], ...measured[project] })
          .filter(([file]) => existsSync(path.join(root, file)))
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([file, s]) => [file, Math.round(s * 10) / 10]),
      ),
    ]),
  );
  writeFileSync(durationsFile, `${JSON.stringify(rounded, null, 2)}\n`);
  console.log(`Wrote ${path.relative(root, durationsFile)}.`);
}
process.exit(codes.every((code) => code === 0) ? 0 : 1);
