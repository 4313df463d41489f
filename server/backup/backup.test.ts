/**
 * Backups (issue 16): a backup restored into a fresh DATA_DIR (and, with TEST_DATABASE_URL, into
 * an empty PostgreSQL database) finds the same bookings and orders; the daily rotation keeps 7
 * daily and 4 weekly copies; the download is for managers only.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, like } from "drizzle-orm";
import pg from "pg";
import { pino } from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "#server/db/client.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { orders } from "#server/db/schema/orders.ts";
import { seedDemoCatalogue } from "#server/db/seed/index.ts";
import { signedInMember } from "#server/testing/staff-accounts.ts";
import { createTestApp, TEST_ADMIN } from "#server/testing/test-app.ts";
import { runDailyBackup, writeBackup } from "./backup.ts";
import { requestBackup, startControlSocket } from "./control.ts";
import { RestoreRefusedError, restoreIntoPglite, restoreIntoPostgres } from "./restore.ts";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "clinic-backup-"));
  dirs.push(dir);
  return dir;
};

async function snapshot(db: Db) {
  return {
    bookings: await db.select().from(bookings).orderBy(asc(bookings.id)),
    orders: await db.select().from(orders).orderBy(asc(orders.id)),
  };
}

describe("backup and restore", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    t = await createTestApp("pglite");
    await seedDemoCatalogue(t.db);
    for (const [i, name] of ["Ada Obi", "Ngozi Eze"].entries()) {
      await request(t.app)
        .post("/api/bookings")
        .send({
          name,
          email: `client${i}@example.com`,
          phone: "0803 123 4567",
          service: "consultation-laser",
          date: `2026-12-0${i + 2}T14:00:00+01:00`,
          message: 'It\'s my "first" visit;\nnew line',
        })
        .expect(201);
    }
    await t.db.insert(orders).values({
      paymentReference: "GH-backup-1",
      paymentMethod: "paystack",
      customerName: "Tolu O'Brien",
      customerEmail: "tolu@example.com",
      customerPhone: "08031234567",
      deliveryAddress: "12 Adeola Odeku",
      deliveryCity: "Victoria Island",
      deliveryState: "Lagos",
      deliveryPostalCode: "101241",
      subtotalKobo: 1_250_050,
      shippingKobo: 250_000,
      totalKobo: 1_500_050,
    } as typeof orders.$inferInsert);
    before = await snapshot(t.db);
    expect(before.bookings).toHaveLength(2);
    expect(before.orders).toHaveLength(1);
  });

  afterAll(async () => {
    await t.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("restores the SQL dump and the PGlite snapshot into a fresh DATA_DIR", async () => {
    const backupDir = tempDir();
    const files = await writeBackup(t.db, backupDir, new Date("2026-11-23T10:00:00Z"));
    expect(files.map((f) => path.basename(f))).toEqual([
      "glowhaven-2026-11-23T10-00-00-000Z.sql",
      "glowhaven-2026-11-23T10-00-00-000Z.pglite.tar.gz",
    ]);
    for (const file of files) expect(statSync(file).mode & 0o777).toBe(0o600);

    for (const file of files) {
      const dataDir = tempDir();
      await restoreIntoPglite(file, dataDir);
      const restored = await openDatabase({ kind: "pglite", dataDir });
      try {
        expect(await snapshot(restored.db)).toEqual(before);
      } finally {
        await restored.close();
      }
      // A second restore into the same, now non-empty, directory is refused.
      await expect(restoreIntoPglite(file, dataDir)).rejects.toThrow(RestoreRefusedError);
    }
    // Two PGlite restores and starts: about a minute on a loaded shared 2-core machine.
  }, 300_000);

  it("a PGlite backup's SQL dump and snapshot are one moment, while the clinic keeps writing", async () => {
    // Writes land all through the backup (issue 34: one backup's SQL held 886 clients, its
    // tarball 954, because the dump was read before the tarball was taken).
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await t.db.insert(orders).values({
          ...(before.orders[0] as typeof orders.$inferInsert),
          id: undefined,
          paymentReference: `GH-during-backup-${written++}`,
        });
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    })();
    let files: string[];
    try {
      files = await writeBackup(t.db, tempDir());
    } finally {
      writing = false;
      await writer;
    }
    expect(written).toBeGreaterThan(0);
    const counts: number[] = [];
    for (const file of files) {
      const dataDir = tempDir();
      await restoreIntoPglite(file, dataDir);
      const restored = await openDatabase({ kind: "pglite", dataDir });
      try {
        counts.push((await restored.db.select().from(orders)).length);
      } finally {
        await restored.close();
      }
    }
    expect(counts).toHaveLength(2);
    expect(counts[0]).toBe(counts[1]);
    // Remove the extra orders again: the other tests compare against `before`.
    await t.db.delete(orders).where(like(orders.paymentReference, "GH-during-backup-%"));
  }, 300_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "restores the SQL dump into an empty PostgreSQL database, and refuses a non-empty one",
    async () => {
      const [sqlFile] = await writeBackup(t.db, tempDir());
      const baseUrl = process.env.TEST_DATABASE_URL as string;
      const name = `clinic_restore_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(baseUrl);
      url.pathname = `/${name}`;
      try {
        await restoreIntoPostgres(sqlFile as string, url.toString());
        // Opening migrates: a restored database is at the latest migration already.
        const restored = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 2 });
        try {
          expect(await snapshot(restored.db)).toEqual(before);
          // Sequences were carried over: a new booking does not collide with a restored id.
          const [row] = await restored.db
            .insert(orders)
            .values({
              ...(before.orders[0] as typeof orders.$inferInsert),
              id: undefined,
              paymentReference: "GH-after-restore",
            })
            .returning({ id: orders.id });
          expect(row?.id).toBeGreaterThan(before.orders[0]?.id ?? 0);
        } finally {
          await restored.close();
        }
        await expect(restoreIntoPostgres(sqlFile as string, url.toString())).rejects.toThrow(
          /already holds/,
        );
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
  );

  it.skipIf(process.platform === "win32")(
    "db:backup asks a running server over DATA_DIR/control.sock",
    async () => {
      const dataDir = tempDir();
      const backupDir = path.join(dataDir, "backups");
      const stop = await startControlSocket(dataDir, backupDir, t.db, pino({ level: "silent" }));
      try {
        const files = await requestBackup(dataDir);
        expect(files.map((f) => path.dirname(f))).toEqual([backupDir, backupDir]);
        expect(readdirSync(backupDir).sort()).toEqual(files.map((f) => path.basename(f)).sort());
      } finally {
        await stop();
      }
      await expect(requestBackup(dataDir)).rejects.toThrow();
    },
  );

  it("keeps 7 daily and 4 weekly copies", async () => {
    const backupDir = tempDir();
    // 40 consecutive days at 02:00 Lagos (01:00 UTC), from Thursday 1 October 2026.
    for (let day = 0; day < 40; day++) {
      await runDailyBackup({ backupDir }, t.db, new Date(Date.UTC(2026, 9, 1 + day, 1)));
    }
    expect(readdirSync(path.join(backupDir, "daily"))).toEqual(
      ["03", "04", "05", "06", "07", "08", "09"].map((d) => `glowhaven-2026-11-${d}.sql.gz`),
    );
    expect(readdirSync(path.join(backupDir, "weekly"))).toEqual(
      ["2026-W43", "2026-W44", "2026-W45", "2026-W46"].map((w) => `glowhaven-${w}.sql.gz`),
    );
    expect(statSync(path.join(backupDir, "daily")).mode & 0o777).toBe(0o700);
    // A ".sql.gz" is gzip (it was plain SQL, written as ".partial" first, until issue 34).
    const daily = readFileSync(path.join(backupDir, "daily/glowhaven-2026-11-09.sql.gz"));
    expect([...daily.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
  }, 180_000);

  it("GET /api/admin/backup streams the SQL dump to a manager only", async () => {
    await request(t.app).get("/api/admin/backup").expect(401);
    const agent = request.agent(t.app);
    await agent.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    const desk = await signedInMember(t.app, t.db, agent, "front_desk");
    await desk.agent.get("/api/admin/backup").expect(403);
    const res = await agent
      .get("/api/admin/backup")
      .buffer(true)
      .parse((r, done) => {
        let text = "";
        r.on("data", (c: Buffer) => {
          text += c.toString("utf8");
        });
        r.on("end", () => done(null, text));
      });
    expect(res.status).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(/attachment; filename="glowhaven-.*\.sql"/);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toContain('INSERT INTO "public"."orders"');
    expect(res.body.trim().endsWith("COMMIT;")).toBe(true);
  });
});
