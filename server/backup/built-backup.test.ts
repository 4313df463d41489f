/**
 * The admin's Download backup in the built app (issue 34): the production server runs from the
 * build (server/main.ts imports build/server/index.js), where the SQL dump once looked for the
 * migrations beside the bundle and answered 500 (ENOENT …/_journal.json).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ensureBuilt,
  SERVER_ADMIN,
  type ServerProcess,
  startServerProcess,
} from "#server/testing/server-process.ts";

describe("the built app's backup download", () => {
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    ensureBuilt();
    dataDir = mkdtempSync(path.join(tmpdir(), "built-backup-"));
    server = await startServerProcess({ DATA_DIR: dataDir, SCHEDULER: "off" });
  }, 300_000);
  afterAll(async () => {
    server?.child.kill("SIGTERM");
    await server?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("streams the SQL dump with every migration to the signed-in manager", async () => {
    const base = `http://127.0.0.1:${server.port}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(SERVER_ADMIN),
    });
    expect(login.status).toBe(200);
    const session = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const backup = await fetch(`${base}/api/admin/backup`, { headers: { Cookie: session } });
    expect(backup.status).toBe(200);
    const text = await backup.text();
    expect(text).toContain("-- migration 0000");
    expect(text).toContain("-- migration 0019_money_bigint");
  }, 120_000);
});
