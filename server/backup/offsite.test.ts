/**
 * Backups off the host (issue 34), against a local S3-compatible server the test starts (s3rver,
 * on a free port, storing in a scratch folder): the daily job copies its backup to the bucket
 * and keeps 7 daily and 4 weekly copies there; the restore drill of docs/deployment.md
 * (`npm run db:fetch-backup latest`, then `db:restore`) brings back the same bookings and orders
 * on every database kind; a bucket that refuses leaves the local copy and says why.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gunzipSync, gzipSync } from "node:zlib";
import { format } from "date-fns/format";
import { asc } from "drizzle-orm";
import pg from "pg";
import S3rver from "s3rver";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inLagos } from "#common/lagos-time.ts";
import { loadConfig } from "#server/config.ts";
import { type Db, openDatabase } from "#server/db/client.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { seedDemoCatalogue } from "#server/db/seed/index.ts";
import { dailyBackup } from "#server/scheduler/jobs.ts";
import { createTestApp, dbKinds } from "#server/testing/test-app.ts";
import { backupBucket, shipDailyBackup } from "./offsite.ts";
import { restoreIntoPglite, restoreIntoPostgres } from "./restore.ts";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "clinic-offsite-"));
  dirs.push(dir);
  return dir;
};

let s3: S3rver;
let endpoint: string;
/** The BACKUP_S3_* variables of a bucket on the local server (one bucket, one prefix per test). */
const bucketEnv = (prefix: string) => ({
  BACKUP_S3_BUCKET: "clinic-backups",
  BACKUP_S3_PREFIX: prefix,
  BACKUP_S3_ENDPOINT: endpoint,
  BACKUP_S3_REGION: "us-east-1",
  // s3rver's fixed development keys.
  BACKUP_S3_ACCESS_KEY_ID: "S3RVER",
  BACKUP_S3_SECRET_ACCESS_KEY: "S3RVER",
});

beforeAll(async () => {
  s3 = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: tempDir(),
    configureBuckets: [{ name: "clinic-backups", configs: [] }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await s3.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const bookingsOf = (db: Db) => db.select().from(bookings).orderBy(asc(bookings.id));

describe("backups off the host", () => {
  it("keeps 7 daily and 4 weekly copies in the bucket, under the names the disk uses", async () => {
    const config = loadConfig({ NODE_ENV: "test", ...bucketEnv("retention/") });
    const bucket = backupBucket(config);
    if (!bucket) throw new Error("no bucket");
    expect(bucket.where).toBe("s3://clinic-backups/retention/");
    const file = path.join(tempDir(), "dump.sql.gz");
    writeFileSync(file, gzipSync("-- a dump\n"));
    // 40 consecutive days at 02:00 Lagos (01:00 UTC), from Thursday 1 October 2026, named as
    // runDailyBackup names them (its own test checks those names on disk).
    let kept: { daily: string[]; weekly: string[] } | undefined;
    for (let day = 0; day < 40; day++) {
      const lagos = inLagos(new Date(Date.UTC(2026, 9, 1 + day, 1)));
      kept = await shipDailyBackup(
        bucket,
        file,
        `glowhaven-${format(lagos, "yyyy-MM-dd")}.sql.gz`,
        `glowhaven-${format(lagos, "RRRR-'W'II")}.sql.gz`,
      );
    }
    const daily = ["03", "04", "05", "06", "07", "08", "09"].map(
      (d) => `daily/glowhaven-2026-11-${d}.sql.gz`,
    );
    const weekly = ["2026-W43", "2026-W44", "2026-W45", "2026-W46"].map(
      (w) => `weekly/glowhaven-${w}.sql.gz`,
    );
    expect((await bucket.list()).map((o) => o.key)).toEqual([...daily, ...weekly]);
    expect(kept).toEqual({ daily, weekly });
    // The week's copy is its first day's: Monday 2 November for W45.
    const weekCopy = path.join(tempDir(), "w45.sql.gz");
    await bucket.download("weekly/glowhaven-2026-W45.sql.gz", weekCopy);
    expect(gunzipSync(readFileSync(weekCopy)).toString()).toBe("-- a dump\n");
  }, 120_000);

  it("a bucket that refuses fails the job with its reason and keeps the local copy", async () => {
    const t = await createTestApp("pglite");
    try {
      const backupDir = tempDir();
      const config = loadConfig({
        NODE_ENV: "test",
        BACKUP_DIR: backupDir,
        ...bucketEnv("x/"),
        BACKUP_S3_BUCKET: "no-such-bucket",
      });
      await expect(dailyBackup(config, t.db)(new Date("2026-11-26T01:30:00Z"))).rejects.toThrow(
        /bucket/i,
      );
      expect(existsSync(path.join(backupDir, "daily/glowhaven-2026-11-26.sql.gz"))).toBe(true);
    } finally {
      await t.close();
    }
  }, 120_000);

  describe.each(dbKinds)("restore drill on %s", (kind) => {
    let t: Awaited<ReturnType<typeof createTestApp>>;
    beforeAll(async () => {
      t = await createTestApp(kind);
      await seedDemoCatalogue(t.db);
      await request(t.app)
        .post("/api/bookings")
        .send({
          name: "Adaeze Offsite",
          email: "adaeze.offsite@example.com",
          phone: "0803 555 0101",
          service: "consultation-laser",
          date: "2026-12-02T14:00:00+01:00",
          message: "Backed up off the host",
        })
        .expect(201);
    });
    afterAll(() => t.close());

    it("fetches the newest daily backup from the bucket and restores the same bookings", async () => {
      const prefix = `drill-${kind}/`;
      const backupDir = tempDir();
      const config = loadConfig({ NODE_ENV: "test", BACKUP_DIR: backupDir, ...bucketEnv(prefix) });
      const said = await dailyBackup(config, t.db)(new Date("2026-11-26T01:30:00Z"));
      expect(said).toContain(`s3://clinic-backups/${prefix}: 1 daily and 1 weekly`);
      // The drill starts from a machine that has lost the disk: only the bucket is left.
      rmSync(backupDir, { recursive: true, force: true });
      const fetchDir = tempDir();
      const env = {
        PATH: process.env.PATH,
        NODE_ENV: "test",
        BACKUP_DIR: fetchDir,
        ...bucketEnv(prefix),
      };
      const listed = await run(process.execPath, ["scripts/db-fetch-backup.ts"], {
        cwd: root,
        env,
      });
      expect(listed.stdout).toContain("daily/glowhaven-2026-11-26.sql.gz");
      expect(listed.stdout).toContain("weekly/glowhaven-2026-W48.sql.gz");
      const fetched = await run(process.execPath, ["scripts/db-fetch-backup.ts", "latest"], {
        cwd: root,
        env,
      });
      const file = path.join(fetchDir, "fetched/glowhaven-2026-11-26.sql.gz");
      expect(fetched.stdout).toContain(`npm run db:restore ${file}`);

      const before = await bookingsOf(t.db);
      expect(before.map((b) => b.name)).toContain("Adaeze Offsite");
      if (kind === "pglite") {
        const dataDir = tempDir();
        await restoreIntoPglite(file, dataDir);
        const restored = await openDatabase({ kind: "pglite", dataDir });
        try {
          expect(await bookingsOf(restored.db)).toEqual(before);
        } finally {
          await restored.close();
        }
      } else {
        const baseUrl = process.env.TEST_DATABASE_URL as string;
        const name = `clinic_drill_${randomBytes(6).toString("hex")}`;
        const admin = new pg.Client({ connectionString: baseUrl });
        await admin.connect();
        await admin.query(`CREATE DATABASE ${name}`);
        const url = new URL(baseUrl);
        url.pathname = `/${name}`;
        try {
          await restoreIntoPostgres(file, url.toString());
          const restored = await openDatabase({
            kind: "postgres",
            url: url.toString(),
            poolSize: 2,
          });
          try {
            expect(await bookingsOf(restored.db)).toEqual(before);
          } finally {
            await restored.close();
          }
        } finally {
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await admin.end();
        }
      }
    }, 180_000);
  });

  it("db:fetch-backup without a bucket says how to set one", async () => {
    const failed = await run(process.execPath, ["scripts/db-fetch-backup.ts"], {
      cwd: root,
      env: { PATH: process.env.PATH, NODE_ENV: "test", BACKUP_DIR: tempDir() },
    }).catch((err: { code: number; stderr: string }) => err);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toContain("set BACKUP_S3_BUCKET");
  }, 60_000);
});
