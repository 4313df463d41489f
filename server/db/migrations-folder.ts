/**
 * Where the SQL migrations are: MIGRATIONS_DIR, else `migrations` beside this file, else
 * `server/db/migrations` in a folder above it. The walk up matters in production: the server
 * runs from the build (build/server/assets/*.js, server/main.ts), where a path relative to the
 * bundled file pointed nowhere and the admin's Download backup answered 500 (issue 34).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The absolute path of the migrations folder (it holds meta/_journal.json).
 * @throws Error when none is found (set MIGRATIONS_DIR).
 */
export function migrationsFolder(from = import.meta.url): string {
  if (process.env.MIGRATIONS_DIR) return process.env.MIGRATIONS_DIR;
  let dir = path.dirname(fileURLToPath(from));
  for (;;) {
    for (const candidate of [
      path.join(dir, "migrations"),
      path.join(dir, "server/db/migrations"),
    ]) {
      if (existsSync(path.join(candidate, "meta/_journal.json"))) return candidate;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("No server/db/migrations folder found: set MIGRATIONS_DIR");
    dir = parent;
  }
}
