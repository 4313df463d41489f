/**
 * Clear Admin Data and its export (admin spec §2 "Top bar", §4, §5 "Confirmations"; issue 6):
 * every registered clearable table is exported to JSON, then emptied, in one transaction.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";
import type { AdminIdentity } from "#common/auth.ts";
import type { Db } from "#server/db/client.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import { type PhotoStore, removePhotoFiles } from "#server/modules/records/photo-store.ts";
import { photoKeysOf } from "#server/modules/records/service.ts";
import { CLEARABLE_TABLES } from "./registry.ts";

/**
 * Every row of every clearable table, keyed by table name (the export before a clear), except
 * tables marked `exported: false` (health records: only the client's own export holds them).
 */
export async function exportAdminData(db: Db): Promise<{
  exportedAt: string;
  tables: Record<string, unknown[]>;
}> {
  const tables: Record<string, unknown[]> = {};
  for (const { name, table, exported } of CLEARABLE_TABLES) {
    if (exported === false) continue;
    tables[name] = await db.select().from(table);
  }
  return { exportedAt: new Date().toISOString(), tables };
}

export type ClearResult = { success: true; cleared: string[]; message: string; backup: string };

/**
 * Clears admin data (POST /api/admin/clear-data): first writes a full JSON export to
 * `{dataDir}/exports/`, then deletes the rows of CLEARABLE_TABLES and records the clear in the
 * audit log, all in one transaction; then removes the treatment photos' files from `photoStore`.
 * @returns the cleared table names and the export's file name.
 */
export async function clearAdminData(
  db: Db,
  admin: AdminIdentity,
  dataDir: string,
  photoStore: PhotoStore | null = null,
  log?: Pick<Logger, "warn">,
): Promise<ClearResult> {
  const { result, photoKeys } = await db.transaction(async (tx) => {
    // Every client goes, and their treatment photos' rows with them (ON DELETE CASCADE).
    const photoKeys = await photoKeysOf(tx, null);
    const snapshot = await exportAdminData(tx as unknown as Db);
    const dir = path.join(dataDir, "exports");
    await mkdir(dir, { recursive: true });
    const file = `admin-data-${snapshot.exportedAt.replace(/[:.]/g, "-")}.json`;
    await writeFile(path.join(dir, file), JSON.stringify(snapshot, null, 2), { mode: 0o600 });
    const cleared: string[] = [];
    const counts: Record<string, number> = {};
    for (const { name, table } of CLEARABLE_TABLES) {
      const deleted = await tx.delete(table).returning();
      counts[name] = deleted.length;
      cleared.push(name);
    }
    await recordAudit(tx, admin, {
      action: "admin.clear-data",
      entity: "admin-data",
      details: { counts, backup: file },
    });
    const result: ClearResult = {
      success: true as const,
      cleared,
      message: `Admin data cleared. A copy was kept as ${file}.`,
      backup: file,
    };
    return { result, photoKeys };
  });
  // The photo files, once the clear has committed (files cannot join it); failures logged only.
  if (photoStore) await removePhotoFiles(photoStore, photoKeys, log);
  return result;
}
