/**
 * The DATA_DIR lock (issue 14 rows 8 and 9): refused while the owner lives, also when the owner
 * is paused (SIGSTOP: the split-brain reproduction), and free the moment it is killed.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "./lock.ts";

const logger = pino({ level: "silent" });
const lockModule = path.join(import.meta.dirname, "lock.ts");

/** A separate process that takes the lock on `dir` and keeps it until killed. */
async function holder(dir: string): Promise<ChildProcess> {
  const code =
    `import { acquireDataDirLock } from ${JSON.stringify(lockModule)};` +
    `await acquireDataDirLock(${JSON.stringify(dir)}, { info() {} });` +
    `console.log("locked"); setInterval(() => {}, 60_000);`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", code], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      if (output.includes("locked")) resolve();
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    child.on("exit", (exitCode) => reject(new Error(`holder exited (${exitCode}): ${output}`)));
  });
  return child;
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners("exit");
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

const dirs: string[] = [];
const children: ChildProcess[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "lock-test-"));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(children.splice(0).map(killed));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("DATA_DIR lock", () => {
  it("lets one holder in, refuses a second with a message naming the folder, then frees it", async () => {
    const dir = tempDir();
    const release = await acquireDataDirLock(dir, logger);
    const second = acquireDataDirLock(dir, logger);
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(acquireDataDirLock(dir, logger)).rejects.toThrow(dir);
    await release();
    const again = await acquireDataDirLock(dir, logger);
    await again();
  });

  it("refuses while another process holds it, naming that process", async () => {
    const dir = tempDir();
    const child = await holder(dir);
    children.push(child);
    await expect(acquireDataDirLock(dir, logger)).rejects.toThrow(
      `Another server is already using the data directory ${dir} (process ${child.pid}, lock`,
    );
  });

  it("refuses while the holder is paused (SIGSTOP), so two servers never share a folder", async () => {
    const dir = tempDir();
    const child = await holder(dir);
    children.push(child);
    child.kill("SIGSTOP");
    try {
      await expect(acquireDataDirLock(dir, logger)).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(acquireDataDirLock(dir, logger)).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      child.kill("SIGCONT");
    }
  });

  it("is free at once after the holder is killed with SIGKILL, even while paused", async () => {
    const dir = tempDir();
    const child = await holder(dir);
    child.kill("SIGSTOP");
    await killed(child);
    const release = await acquireDataDirLock(dir, logger);
    // And held again by us: a third opener is refused.
    await expect(acquireDataDirLock(dir, logger)).rejects.toBeInstanceOf(DataDirLockedError);
    await release();
  });

  it("lets exactly one of several processes starting together on a stale lock win", async () => {
    const dir = tempDir();
    await killed(await holder(dir)); // leaves a stale socket behind
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => holder(dir).then((c) => children.push(c))),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    for (const r of rejected) expect(String(r.reason)).toMatch(/already using the data directory/);
  });
});
