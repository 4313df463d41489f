import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "./lock.ts";

const logger = pino({ level: "silent" });

describe("DATA_DIR lock", () => {
  it("lets one holder in, refuses a second with a message naming the folder, then frees it", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "lock-test-"));
    const release = await acquireDataDirLock(dir, logger);
    const second = acquireDataDirLock(dir, logger);
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(acquireDataDirLock(dir, logger)).rejects.toThrow(dir);
    await release();
    const again = await acquireDataDirLock(dir, logger);
    await again();
  });
});
