/**
 * The server bundle (issue 34 "a restart after kill -9 serves in under 5 s"; decision 0335):
 * `node server/main.ts` starts from build/start/start.js while no file it was built from has
 * changed, and serves the pages and the API from it; a bundle older than one of those files, or
 * one whose list of them is missing, is not used: the process starts from the sources and says
 * why.
 */

import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshServerBundle, SERVER_BUNDLE, SERVER_BUNDLE_INPUTS } from "./server-bundle.ts";
import {
  ensureBuilt,
  requestJson,
  root,
  type ServerProcess,
  startServerProcess,
} from "./testing/server-process.ts";

describe("which bundle server/main.ts trusts", () => {
  let dir: string;
  const write = (file: string, text: string, mtime: Date) => {
    const full = path.join(dir, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
    utimesSync(full, mtime, mtime);
  };
  const earlier = new Date("2026-11-20T10:00:00Z");
  const built = new Date("2026-11-21T10:00:00Z");
  const later = new Date("2026-11-22T10:00:00Z");

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "server-bundle-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const project = (inputs: string[] | null) => {
    rmSync(dir, { recursive: true, force: true });
    write("server/serve.ts", "", earlier);
    write("package-lock.json", "{}", earlier);
    write(SERVER_BUNDLE, "", built);
    if (inputs) write(SERVER_BUNDLE_INPUTS, JSON.stringify({ files: inputs }), built);
  };

  it("uses a bundle newer than every file it was built from", () => {
    project(["server/serve.ts", "package-lock.json"]);
    expect(freshServerBundle(dir)).toEqual({
      file: path.join(dir, SERVER_BUNDLE),
      reason: "fresh",
    });
  });

  it("does not use a bundle when a source it was built from changed after it", () => {
    project(["server/serve.ts", "package-lock.json"]);
    utimesSync(path.join(dir, "server/serve.ts"), later, later);
    expect(freshServerBundle(dir)).toEqual({
      file: null,
      reason: "server/serve.ts changed since the bundle",
    });
  });

  it("does not use a bundle when the packages changed after it (package-lock.json)", () => {
    project(["server/serve.ts", "package-lock.json"]);
    utimesSync(path.join(dir, "package-lock.json"), later, later);
    expect(freshServerBundle(dir).file).toBeNull();
  });

  it("does not use a bundle when a file it was built from is gone", () => {
    project(["server/serve.ts", "server/gone.ts"]);
    expect(freshServerBundle(dir)).toEqual({ file: null, reason: "server/gone.ts is gone" });
  });

  it("does not use a bundle without its list of inputs, nor when there is none", () => {
    project(null);
    expect(freshServerBundle(dir).file).toBeNull();
    rmSync(path.join(dir, SERVER_BUNDLE));
    expect(freshServerBundle(dir)).toEqual({ file: null, reason: "no server bundle" });
  });
});

describe("node server/main.ts and the bundle", () => {
  const bundle = path.join(root, SERVER_BUNDLE);
  let server: ServerProcess | undefined;
  let dataDir: string;

  beforeAll(() => {
    ensureBuilt();
    if (!freshServerBundle(root).file) {
      execFileSync(process.execPath, ["scripts/build-server.ts"], { cwd: root, stdio: "inherit" });
    }
    dataDir = mkdtempSync(path.join(tmpdir(), "server-bundle-data-"));
  }, 300_000);

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const stop = async () => {
    if (!server) return;
    server.child.kill("SIGTERM");
    await server.exited;
    server = undefined;
  };

  /** The "listening" line's fields. */
  const listening = (output: string) =>
    JSON.parse(output.split("\n").find((line) => line.includes('"listening on ')) ?? "{}");

  it("starts from a fresh bundle and serves a page and the API", async () => {
    server = await startServerProcess({ DATA_DIR: dataDir });
    try {
      expect(listening(server.output())).toMatchObject({ from: "bundle", database: "pglite" });
      const agent = new http.Agent({ keepAlive: true });
      const page = await requestJson(agent, server.port, "GET", "/");
      expect(page.status).toBe(200);
      expect(String(page.body)).toContain("<html");
      const services = await requestJson(agent, server.port, "GET", "/api/services");
      expect(services.status).toBe(200);
      expect((services.body as unknown[]).length).toBeGreaterThan(0);
      agent.destroy();
    } finally {
      await stop();
    }
  }, 120_000);

  it("starts from the sources with SERVER_BUNDLE=off, fresh bundle or not", async () => {
    expect(freshServerBundle(root).file).not.toBeNull();
    server = await startServerProcess({ DATA_DIR: dataDir, SERVER_BUNDLE: "off" });
    try {
      expect(listening(server.output())).toMatchObject({ from: "sources" });
      const page = await requestJson(new http.Agent(), server.port, "GET", "/");
      expect(page.status).toBe(200);
    } finally {
      await stop();
    }
  }, 120_000);

  it("starts from the sources, saying why, when the bundle is older than a source", async () => {
    const { atime, mtime } = statSync(bundle);
    // As if server/serve.ts had been edited after the build.
    const stale = new Date(statSync(path.join(root, "server/serve.ts")).mtimeMs - 60_000);
    utimesSync(bundle, stale, stale);
    try {
      server = await startServerProcess({ DATA_DIR: dataDir });
      expect(listening(server.output())).toMatchObject({ from: "sources" });
      expect(server.output()).toMatch(
        /build\/start\/start\.js not used \(.+ changed since the bundle\)/,
      );
      const services = await requestJson(new http.Agent(), server.port, "GET", "/api/services");
      expect(services.status).toBe(200);
    } finally {
      utimesSync(bundle, atime, mtime);
      await stop();
    }
  }, 120_000);
});
