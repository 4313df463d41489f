import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { openConfiguredDatabase } from "./configured.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function modesUnder(dir: string): Array<{ file: string; mode: number; dir: boolean }> {
  const out: Array<{ file: string; mode: number; dir: boolean }> = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isSymbolicLink()) continue;
    out.push({ file, mode: statSync(file).mode & 0o777, dir: entry.isDirectory() });
  }
  return out;
}

describe.skipIf(process.platform === "win32")("DATA_DIR permissions (PGlite)", () => {
  it("creates DATA_DIR 0700 and leaves PGlite's files readable by the owner only", async () => {
    const parent = mkdtempSync(path.join(tmpdir(), "clinic-perm-"));
    dirs.push(parent);
    const dataDir = path.join(parent, "data");
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    const database = await openConfiguredDatabase(config, pino({ level: "silent" }));
    // A write after start-up creates files under the process umask.
    await database.db.execute("CREATE TABLE perm_probe (id int)");
    await database.close();

    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    const entries = modesUnder(dataDir);
    expect(entries.length).toBeGreaterThan(10);
    for (const entry of entries) {
      expect({ file: entry.file, mode: entry.mode.toString(8) }).toEqual({
        file: entry.file,
        mode: entry.dir ? "700" : "600",
      });
    }
  });
});
