/**
 * `npm run docker:check` (issue 16): the Dockerfile checked without Docker, since the machines
 * this project is built on have neither a daemon nor the base-image registry.
 *
 * 1. Lint: dockerfile-utils' validator (the one behind the VS Code Docker extension) with every
 *    rule an error, and the rules this project relies on: the base image's Node is the version
 *    pinned in package.json, the runtime runs as a non-root USER, a HEALTHCHECK probes /readyz,
 *    NODE_ENV is production, the data VOLUME exists.
 * 2. Build: replays every stage in a scratch directory standing for the stage's file system:
 *    ARG/ENV/WORKDIR/COPY/RUN, with the image's absolute paths mapped into it, COPY from the build
 *    context filtered by .dockerignore with Docker's own matching (@balena/dockerignore), and
 *    COPY --from between stages. `chown` is recorded, not run (the image's `node` user is not a
 *    user of this host).
 * 3. Run: starts the final stage's CMD with its ENV (PGlite on a fresh DATA_DIR, the secrets an
 *    operator gives), waits for the HEALTHCHECK command to pass, runs `npm run db:backup` against
 *    the running server as `docker compose run app npm run db:backup` would, checks that no dev
 *    dependency, .env or host data went into the image, then sends SIGTERM and expects exit 0.
 *
 * Usage: `npm run docker:check` (all three), `npm run docker:check -- --lint-only`.
 * Exits 1 with the reasons on the first failed check; prints each step's time.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import dockerignore from "@balena/dockerignore";
import { type Copy, DockerfileParser, type Env, type Instruction } from "dockerfile-ast";
import { ValidationSeverity, validate } from "dockerfile-utils";

const root = path.resolve(import.meta.dirname, "..");
const dockerfileText = readFileSync(path.join(root, "Dockerfile"), "utf8");
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
  devDependencies: Record<string, string>;
};
const lintOnly = process.argv.includes("--lint-only");

/** A failed check; thrown so that the `finally` blocks stop the server and remove the scratch. */
class CheckFailed extends Error {}

function fail(message: string): never {
  throw new CheckFailed(message);
}

function step(label: string, started: number): void {
  console.log(`  ✓ ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

// ---------------------------------------------------------------------------------------------
// 1. Lint

/** The lint findings of `text` (empty = clean): the validator's, then the project's rules. */
function lintDockerfile(text: string, pinnedNode: string): string[] {
  const all = ValidationSeverity.ERROR;
  const findings = validate(text, {
    deprecatedMaintainer: all,
    directiveCasing: all,
    emptyContinuationLine: all,
    instructionCasing: all,
    instructionCmdMultiple: all,
    instructionEntrypointMultiple: all,
    instructionHealthcheckMultiple: all,
    instructionJSONInSingleQuotes: all,
    instructionWorkdirRelative: all,
  }).map((d) => `line ${d.range.start.line + 1}: ${d.message}`);

  const dockerfile = DockerfileParser.parse(text);
  const imageArg = dockerfile
    .getInitialARGs()
    .map((a) => a.getProperty())
    .find((p) => p?.getName() === "NODE_IMAGE");
  const image = imageArg?.getValue() ?? "";
  if (!image.startsWith(`node:${pinnedNode}-`)) {
    findings.push(
      `the base image '${image}' is not Node ${pinnedNode}, the version package.json pins (devDependency 'node')`,
    );
  }
  const stages = splitStages(dockerfile.getInstructions());
  const final = stages.at(-1)?.instructions ?? [];
  const user = final.filter((i) => i.getKeyword() === "USER").at(-1);
  const userName = user?.getArgumentsContent()?.trim();
  if (!userName || userName === "root" || userName === "0") {
    findings.push("the runtime stage does not switch to a non-root USER");
  }
  const healthcheck = dockerfile.getHEALTHCHECKs().at(-1)?.getArgumentsContent() ?? "";
  if (!healthcheck.includes("/readyz")) findings.push("no HEALTHCHECK probing /readyz");
  if (!envOf(final).NODE_ENV?.startsWith("production")) {
    findings.push("the runtime stage does not set NODE_ENV=production");
  }
  if (!final.some((i) => i.getKeyword() === "VOLUME")) findings.push("no data VOLUME");
  findings.push(...pgDumpFindings(image, final));
  return findings;
}

/** PostgreSQL's major in each Debian release the base image may be (Debian's own packages). */
const DEBIAN_POSTGRESQL: Record<string, number> = { bookworm: 15, trixie: 17 };

/**
 * Issue 34: the runtime stage installs pg_dump, whose major is compose.yaml's database's (pg_dump
 * refuses a newer server) and is the one the base image's Debian ships (Debian's repository is
 * the only one the build reaches).
 */
function pgDumpFindings(image: string, final: Instruction[]): string[] {
  const compose = readFileSync(path.join(root, "compose.yaml"), "utf8");
  const serverMajor = Number(/image:\s*postgres:(\d+)/.exec(compose)?.[1]);
  const runs = final.filter((i) => i.getKeyword() === "RUN").map((i) => i.getArgumentsContent());
  const clientMajor = Number(
    runs.map((r) => /\bpostgresql-client-(\d+)\b/.exec(r ?? "")?.[1]).find(Boolean),
  );
  const release = Object.keys(DEBIAN_POSTGRESQL).find((r) => image.includes(`-${r}`));
  const findings: string[] = [];
  if (!clientMajor) findings.push("the runtime stage installs no postgresql-client-N (pg_dump)");
  else if (clientMajor !== serverMajor) {
    findings.push(
      `the runtime stage's pg_dump is PostgreSQL ${clientMajor}'s, compose.yaml's database ${serverMajor}`,
    );
  }
  if (!release) findings.push(`the base image '${image}' names no Debian release this check knows`);
  else if (clientMajor && DEBIAN_POSTGRESQL[release] !== clientMajor) {
    findings.push(
      `Debian ${release} ships PostgreSQL ${DEBIAN_POSTGRESQL[release]}, not postgresql-client-${clientMajor}`,
    );
  }
  return findings;
}

// ---------------------------------------------------------------------------------------------
// 2. Build

type Stage = { name: string; instructions: Instruction[] };

function splitStages(instructions: Instruction[]): Stage[] {
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.getKeyword() === "FROM") {
      const args = instruction.getArguments().map((a) => a.getValue());
      const asIndex = args.findIndex((a) => a.toUpperCase() === "AS");
      stages.push({ name: asIndex >= 0 ? (args[asIndex + 1] ?? "") : "", instructions: [] });
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return stages;
}

function envOf(instructions: Instruction[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const i of instructions) {
    if (i.getKeyword() !== "ENV") continue;
    for (const p of (i as Env).getProperties()) env[p.getName()] = p.getValue() ?? "";
  }
  return env;
}

/** A stage's file system: `rootDir` stands for `/`; absolute image paths map into it. */
class StageFs {
  readonly rootDir: string;
  constructor(rootDir: string) {
    this.rootDir = rootDir;
  }
  host(imagePath: string, workdir: string): string {
    const absolute = path.posix.isAbsolute(imagePath)
      ? imagePath
      : path.posix.join(workdir, imagePath);
    return path.join(this.rootDir, absolute);
  }
}

/**
 * Copies `src` to `dest` with Docker's COPY rules: a directory's contents, not the directory,
 * modification times kept (the server trusts its bundle by them: server/server-bundle.ts).
 */
function copyInto(src: string, dest: string, destIsDir: boolean, keep: (p: string) => boolean) {
  if (statSync(src).isDirectory()) {
    mkdirSync(dest, { recursive: true });
    for (const entry of readdirSync(src)) {
      const from = path.join(src, entry);
      if (keep(from)) {
        cpSync(from, path.join(dest, entry), {
          recursive: true,
          filter: keep,
          preserveTimestamps: true,
        });
      }
    }
  } else {
    const target = destIsDir ? path.join(dest, path.basename(src)) : dest;
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(src, target, { preserveTimestamps: true });
  }
}

/** Whether a host path under the repository is in the build context (not in .dockerignore). */
function buildContextFilter(): (p: string) => boolean {
  const ignore = dockerignore({ ignorecase: false }).add(
    readFileSync(path.join(root, ".dockerignore"), "utf8")
      .split("\n")
      .filter((l) => l.trim() && !l.startsWith("#")),
  );
  return (p: string) => {
    const rel = path.relative(root, p);
    return rel === "" || !ignore.ignores(rel.split(path.sep).join("/"));
  };
}

/** A directory of stand-in commands for RUN: `chown`, since the `node` user does not exist here. */
function commandShims(scratch: string): string {
  const shims = path.join(scratch, "shims");
  mkdirSync(shims);
  writeFileSync(path.join(shims, "chown"), '#!/bin/sh\necho "(chown $* recorded)"\n');
  chmodSync(path.join(shims, "chown"), 0o755);
  return shims;
}

/**
 * Replays one COPY into `fs`: from an earlier stage (`--from`) or from the build context, which
 * it may not leave and whose .dockerignore'd files it may not name. Fails the check otherwise.
 */
function replayCopy(
  instruction: Copy,
  args: string[],
  target: { fs: StageFs; workdir: string },
  built: Map<string, StageFs>,
  inContext: (p: string) => boolean,
) {
  const from = instruction
    .getFlags()
    .find((f) => f.getName() === "from")
    ?.getValue();
  const operands = args.filter((a) => !a.startsWith("--"));
  const destArg = operands.pop() ?? ".";
  const dest = target.fs.host(destArg, target.workdir);
  const destIsDir = destArg.endsWith("/") || destArg === "." || operands.length > 1;
  for (const source of operands) {
    if (from) {
      const sourceStage = built.get(from);
      if (!sourceStage) fail(`COPY --from=${from}: no such stage before it`);
      copyInto(sourceStage.host(source, "/"), dest, destIsDir, () => true);
    } else {
      const src = path.resolve(root, source);
      if (!src.startsWith(root)) fail(`COPY ${source} leaves the build context`);
      if (!existsSync(src)) fail(`COPY ${source}: not in the build context`);
      if (!inContext(src)) fail(`COPY ${source}: excluded by .dockerignore`);
      copyInto(src, dest, destIsDir, inContext);
    }
  }
}

/**
 * Replays the Dockerfile's stages on the host under `scratch` (WORKDIR, ENV, COPY, RUN); answers
 * the last stage's files and environment. Fails the check on a COPY or RUN that would fail.
 */
function replayBuild(scratch: string): { final: StageFs; env: Record<string, string> } {
  const dockerfile = DockerfileParser.parse(dockerfileText);
  const inContext = buildContextFilter();
  const shims = commandShims(scratch);

  const built = new Map<string, StageFs>();
  let last: StageFs | undefined;
  let lastEnv: Record<string, string> = {};
  for (const [index, stage] of splitStages(dockerfile.getInstructions()).entries()) {
    const started = performance.now();
    const fs = new StageFs(path.join(scratch, `stage-${index}`));
    mkdirSync(fs.rootDir);
    let workdir = "/";
    const env: Record<string, string> = {};
    const mapPaths = (command: string) =>
      // The image's absolute directories (WORKDIR, VOLUME, ENV paths) live under the stage root.
      command.replace(/(^|[\s=:'"])(\/(?:app|data)\b)/g, (_m, pre: string, p: string) => {
        return pre + fs.host(p, workdir);
      });
    for (const instruction of stage.instructions) {
      const keyword = instruction.getKeyword();
      const args = instruction.getArguments().map((a) => a.getValue());
      if (keyword === "WORKDIR") {
        workdir = path.posix.resolve(workdir, args[0] ?? "/");
        mkdirSync(fs.host(workdir, "/"), { recursive: true });
      } else if (keyword === "ENV") {
        Object.assign(env, envOf([instruction]));
      } else if (keyword === "COPY") {
        replayCopy(instruction as Copy, args, { fs, workdir }, built, inContext);
      } else if (
        keyword === "RUN" &&
        /^\s*apt-get\b/.test(instruction.getArgumentsContent() ?? "")
      ) {
        // The image's Debian packages (pg_dump): not this host's to install; the lint checked them.
        console.log(
          `  (apt-get recorded: ${instruction.getArgumentsContent()?.replace(/\s+/g, " ")})`,
        );
      } else if (keyword === "RUN") {
        const command = mapPaths(instruction.getArgumentsContent() ?? "");
        const run = spawnSync("sh", ["-c", command], {
          cwd: fs.host(workdir, "/"),
          env: {
            ...process.env,
            ...env,
            PATH: [shims, path.dirname(process.execPath), process.env.PATH].join(path.delimiter),
          },
          stdio: ["ignore", "inherit", "inherit"],
        });
        if (run.status !== 0) fail(`stage ${index} RUN ${command} exited ${run.status}`);
      }
      // FROM is the stage boundary; USER, EXPOSE, VOLUME, HEALTHCHECK and CMD matter at run time.
    }
    built.set(stage.name || String(index), fs);
    built.set(String(index), fs);
    last = fs;
    lastEnv = env;
    step(`stage ${index}${stage.name ? ` (${stage.name})` : ""} built`, started);
  }
  if (!last) fail("the Dockerfile has no stage");
  return { final: last, env: lastEnv };
}

// ---------------------------------------------------------------------------------------------
// 3. Run

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function jsonCommand(text: string, label: string): string[] {
  const json = text.match(/(\[[\s\S]*\])\s*$/)?.[1];
  if (!json) fail(`${label} is not in exec (JSON) form`);
  return JSON.parse(json) as string[];
}

async function runImage(final: StageFs, imageEnv: Record<string, string>): Promise<void> {
  const dockerfile = DockerfileParser.parse(dockerfileText);
  const cmd = jsonCommand(dockerfile.getCMDs().at(-1)?.getArgumentsContent() ?? "", "CMD");
  const health = jsonCommand(
    dockerfile.getHEALTHCHECKs().at(-1)?.getArgumentsContent() ?? "",
    "HEALTHCHECK",
  );
  const workdir = final.host("/app", "/");
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: [path.dirname(process.execPath), process.env.PATH].join(path.delimiter),
    HOME: process.env.HOME,
    ...imageEnv,
    DATA_DIR: final.host(imageEnv.DATA_DIR ?? "/data", "/"),
    HOST: "127.0.0.1",
    PORT: String(port),
    // What an operator gives at run time (compose.yaml); never the demo password in production.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ADMIN_PASSWORD: "docker-check-admin-password",
    SESSION_SECRET: "docker-check-session-secret-0123456789abcdef",
    SCHEDULER: "off",
    // No Paystack keys in the check: a staging start in test-payment mode.
    ALLOW_TEST_PAYMENTS: "true",
  };
  const [program, ...args] = cmd as [string, ...string[]];
  let started = performance.now();
  const server: ChildProcess = spawn(program, args, {
    cwd: workdir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  server.stdout?.on("data", (d) => {
    output += d;
  });
  server.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (server.exitCode !== null) fail(`the server exited ${server.exitCode}:\n${output}`);
      const [hProgram, ...hArgs] = health as [string, ...string[]];
      const probe = spawnSync(hProgram, hArgs, { env, timeout: 5_000 });
      if (probe.status === 0) break;
      if (Date.now() > deadline) fail(`HEALTHCHECK never passed:\n${output}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    step(`CMD ${cmd.join(" ")} served; HEALTHCHECK passed`, started);
    // The image starts from the server bundle the build made (a restart in seconds, issue 34).
    if (!output.includes('"from":"bundle"')) {
      fail(`the image started from the sources, not build/start/start.js:\n${output}`);
    }

    const home = await fetch(`http://127.0.0.1:${port}/shop`);
    if (!home.ok) fail(`GET /shop answered ${home.status}`);
    // The build makes the picture variants (scripts/build-images.ts); the image must serve them.
    const images = JSON.parse(
      readFileSync(path.join(root, "app/generated/images.json"), "utf8"),
    ) as Record<string, { share?: string }>;
    const share = Object.values(images).find((i) => i.share)?.share;
    if (share) {
      const picture = await fetch(`http://127.0.0.1:${port}${share}`);
      if (!picture.ok) fail(`GET ${share} (a built picture variant) answered ${picture.status}`);
    }

    started = performance.now();
    const backup = spawnSync("npm", ["run", "db:backup"], { cwd: workdir, env, encoding: "utf8" });
    if (backup.status !== 0) fail(`npm run db:backup failed:\n${backup.stdout}${backup.stderr}`);
    const backups = readdirSync(path.join(env.DATA_DIR as string, "backups"));
    if (!backups.some((f) => f.endsWith(".sql"))) fail("db:backup wrote no SQL dump");
    step(`npm run db:backup inside the image wrote ${backups.join(", ")}`, started);

    const leaks = [".env", "data", "node_modules/.bin/vite", "node_modules/vitest", "e2e"].filter(
      (p) => existsSync(path.join(workdir, p)),
    );
    if (leaks.length) fail(`the image holds what it must not: ${leaks.join(", ")}`);
  } finally {
    started = performance.now();
    if (server.exitCode === null) server.kill("SIGTERM");
    const code = await exited;
    if (code !== 0) fail(`after SIGTERM the server exited ${code}:\n${output}`);
    step("SIGTERM: exit 0", started);
  }
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const pinnedNode = pkg.devDependencies.node;
  if (!pinnedNode) fail("package.json pins no Node (devDependency 'node')");
  let started = performance.now();
  const findings = lintDockerfile(dockerfileText, pinnedNode);
  if (findings.length) fail(`Dockerfile lint:\n  ${findings.join("\n  ")}`);
  step("Dockerfile lint clean", started);
  if (lintOnly) return;

  const scratch = mkdtempSync(path.join(os.tmpdir(), "docker-check-"));
  try {
    started = performance.now();
    const { final, env } = replayBuild(scratch);
    step("all stages built", started);
    await runImage(final, env);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

try {
  await main();
  console.log("docker:check passed");
} catch (err) {
  console.error(`docker:check FAILED: ${err instanceof CheckFailed ? err.message : err}`);
  process.exitCode = 1;
}
