/**
 * `npm run db:fetch-backup [KEY|latest]` (issue 34, the restore drill of docs/deployment.md):
 * without an argument lists the backups in the BACKUP_S3_BUCKET bucket (key, size, upload time);
 * with a key (e.g. `daily/glowhaven-2026-11-26.sql.gz`) or `latest` (the newest daily copy)
 * downloads it into BACKUP_DIR/fetched/ and prints the `npm run db:restore` line that restores it.
 * Exits 1 when no bucket is configured or the key is not there.
 */
import path from "node:path";
import { backupBucket } from "#server/backup/offsite.ts";
import { loadConfig } from "#server/config.ts";
import { ensurePrivateDir } from "#server/db/permissions.ts";

const config = loadConfig();
const bucket = backupBucket(config);
if (!bucket) {
  console.error("No bucket configured: set BACKUP_S3_BUCKET (and its keys) as in .env.example.");
  process.exit(1);
}

const wanted = process.argv[2];
const objects = await bucket.list();
if (!wanted) {
  console.log(`Backups in ${bucket.where}:`);
  for (const o of objects) {
    console.log(
      `  ${o.key}  ${(o.bytes / 1024).toFixed(0)} KiB  ${o.modified?.toISOString() ?? ""}`,
    );
  }
  if (objects.length === 0) console.log("  (none yet: the daily backup runs at 02:30 Lagos time)");
  process.exit(0);
}

const key =
  wanted === "latest" ? objects.filter((o) => o.key.startsWith("daily/")).at(-1)?.key : wanted;
if (!key || !objects.some((o) => o.key === key)) {
  console.error(`${wanted}: no such backup in ${bucket.where} (run without an argument to list).`);
  process.exit(1);
}
const dir = path.join(config.backupDir, "fetched");
ensurePrivateDir(config.backupDir);
ensurePrivateDir(dir);
const file = path.join(dir, path.basename(key));
await bucket.download(key, file);
console.log(`Downloaded ${bucket.where}${key}\n  to ${file}`);
console.log(`Restore it into an EMPTY database with:\n  npm run db:restore ${file}`);
