/**
 * A migrated in-memory PGlite database, made once per `npm test` run, that every API suite starts
 * from instead of migrating its own: PGlite starting from this tarball takes ~1 s on the 2-core
 * machines, against ~3-4.5 s to initialise and migrate (measured 2026-11-24), and the suites open
 * one per file and database kind.
 *
 * `setup` is Vitest's global setup (vitest.config.ts): it writes the tarball to a temporary file
 * and provides its path as `pgliteTemplate`; `pgliteTemplate()` reads it in a test worker (once
 * per worker). Outside Vitest's run, or when the file is missing, it answers undefined and the
 * suite migrates a fresh database as before.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#server/db/client.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The path of the migrated PGlite tarball, or "" when none could be made. */
    pgliteTemplate: string;
  }
}

/** Vitest global setup: migrates a database, writes its tarball, removes it after the run. */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), "pglite-template-"));
  const file = path.join(dir, "migrated.tar");
  const database = await openDatabase({ kind: "memory" });
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const tarball = await client.dumpDataDir("none");
    writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide("pgliteTemplate", file);
  return () => rmSync(dir, { recursive: true, force: true });
}

let cached: Promise<Blob | undefined> | undefined;

/** The migrated tarball for a test worker; undefined when the global setup made none. */
export function pgliteTemplate(): Promise<Blob | undefined> {
  cached ??= (async () => {
    try {
      const { inject } = await import("vitest");
      const file = inject("pgliteTemplate");
      return file ? new Blob([readFileSync(file)]) : undefined;
    } catch {
      return undefined;
    }
  })();
  return cached;
}
