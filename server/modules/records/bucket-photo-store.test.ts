/**
 * Treatment photos in an S3-compatible bucket (PHOTO_S3_BUCKET; decision 0302), against a local
 * S3 server the test starts (s3rver, as server/backup/offsite.test.ts) behind a small recording
 * proxy, on PGlite and, with TEST_DATABASE_URL, PostgreSQL: an upload lands in the bucket under
 * the prefix and nothing is written to PHOTO_DIR; the object is written with no ACL (never
 * public-read) and the app alone serves it, to clinical roles, audited; the export zip carries
 * it; erasing the client deletes the object.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { GetObjectCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { and, eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import S3rver from "s3rver";
import sharp from "sharp";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { auditLog } from "#server/db/schema/access.ts";
import { signedForms } from "#server/db/schema/forms.ts";
import { treatmentPhotos } from "#server/db/schema/records.ts";
import { insertAppointment, insertClient, insertService } from "#server/testing/builders.ts";
import { signConsent } from "#server/testing/forms.ts";
import { signedInMember } from "#server/testing/staff-accounts.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "#server/testing/test-app.ts";
import { bucketPhotoStore, photoStoreFor } from "./bucket-photo-store.ts";

const BUCKET = "clinic-photos";
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "clinic-photo-bucket-"));
  dirs.push(dir);
  return dir;
};

let s3: S3rver;
let proxy: http.Server;
let endpoint: string;
/** Every request the app made to the bucket: method, path and headers. */
const seen: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders }> = [];

/** The PHOTO_S3_* variables of the bucket on the local server, reached through the proxy. */
const bucketEnv = (prefix: string) => ({
  PHOTO_S3_BUCKET: BUCKET,
  PHOTO_S3_PREFIX: prefix,
  PHOTO_S3_ENDPOINT: endpoint,
  PHOTO_S3_REGION: "us-east-1",
  // s3rver's fixed development keys.
  PHOTO_S3_ACCESS_KEY_ID: "S3RVER",
  PHOTO_S3_SECRET_ACCESS_KEY: "S3RVER",
});

/** A client of the bucket that goes straight to s3rver (the test's own look). */
let direct: S3Client;

beforeAll(async () => {
  s3 = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: tempDir(),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3.run();
  direct = new S3Client({
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  // Records each request, then passes it on unchanged.
  proxy = http.createServer((req, res) => {
    seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers });
    const upstream = http.request(
      { host: "127.0.0.1", port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  direct?.destroy();
  await new Promise((resolve) => proxy?.close(resolve));
  await s3?.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function objectExists(key: string): Promise<boolean> {
  try {
    await direct.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    return true;
  } catch (err) {
    if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) {
      return false;
    }
    throw err;
  }
}

describe("the photo store chosen by env", () => {
  it("is the bucket with PHOTO_S3_BUCKET, else the disk", async () => {
    const dataDir = tempDir();
    const disk = photoStoreFor(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir }));
    const onDisk = await disk.put(Buffer.from("jpeg"));
    expect(existsSync(path.join(dataDir, "photos", onDisk))).toBe(true);

    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, ...bucketEnv("unit/") });
    const store = photoStoreFor(config);
    const key = await store.put(Buffer.from("jpeg bytes"));
    expect(key).toMatch(/^\d{4}\/[0-9a-f-]{36}\.jpg$/);
    expect(existsSync(path.join(dataDir, "photos", key))).toBe(false);
    expect(await objectExists(`unit/${key}`)).toBe(true);
    expect((await store.get(key))?.toString()).toBe("jpeg bytes");
    await store.remove(key);
    expect(await store.get(key)).toBeNull();
    // Removing twice is not an error; a key that is not a photo key is never sent.
    await store.remove(key);
    await expect(store.get("../../etc/passwd")).rejects.toThrow(/not a photo key/);
    expect(() => bucketPhotoStore({ ...config, PHOTO_S3_BUCKET: undefined })).toThrow();
  });

  it("refuses a prefix that starts with / or does not end with one", () => {
    expect(() => loadConfig({ NODE_ENV: "test", ...bucketEnv("/photos/") })).toThrow(
      /PHOTO_S3_PREFIX/,
    );
    expect(() => loadConfig({ NODE_ENV: "test", ...bucketEnv("photos") })).toThrow(
      /PHOTO_S3_PREFIX/,
    );
  });
});

describe.each(dbKinds)("treatment photos in a bucket on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let dataDir: string;
  let manager: ReturnType<typeof request.agent>;
  const prefix = `${kind}/`;

  beforeAll(async () => {
    dataDir = tempDir();
    t = await createTestApp(kind, {
      LOGIN_RATE_LIMIT: "1000",
      DATA_DIR: dataDir,
      ...bucketEnv(prefix),
    });
    manager = request.agent(t.app);
    await manager.post("/api/auth/login").send(TEST_ADMIN).expect(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("stores the upload privately in the bucket, serves it through the app only, exports and erases it", async () => {
    const desk = (await signedInMember(t.app, t.db, manager, "front_desk")).agent;
    const peel = await insertService(t.db, { name: "Bucket Peel", category: "chemical-peel" });
    const email = `bucket.${kind}@example.com`;
    const client = await insertClient(t.db, { email, firstName: "Ife", lastName: "Adeyemi" });
    const appointment = await insertAppointment(t.db, {
      clientId: client.id,
      serviceId: peel.id,
      serviceName: peel.name,
      customerEmail: email,
      status: "confirmed",
      startsAt: new Date(Date.now() - 3_600_000),
      durationMinutes: 45,
    });
    await signConsent(t.db, client.id, "chemical-peel");
    // With the photography tick: no photo is taken without it.
    await t.db
      .update(signedForms)
      .set({ photographyConsent: true })
      .where(eq(signedForms.clientId, client.id));

    const jpeg = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 190, g: 140, b: 110 } },
    })
      .jpeg()
      .toBuffer();
    seen.length = 0;
    const created = await manager
      .post(`/api/appointments/${appointment.id}/photos?kind=before`)
      .set("content-type", "image/jpeg")
      .send(jpeg)
      .expect(201);
    const [row] = await t.db
      .select()
      .from(treatmentPhotos)
      .where(eq(treatmentPhotos.id, created.body.id));
    const key = `${prefix}${row?.storageKey}`;

    // In the bucket under the prefix, written with no ACL: the bucket's own (private).
    const put = seen.find((r) => r.method === "PUT");
    expect(put?.url.split("?")[0]).toBe(`/${BUCKET}/${key}`);
    expect(put?.headers["x-amz-acl"]).toBeUndefined();
    expect(put?.headers["x-amz-grant-read"]).toBeUndefined();
    expect(put?.headers["content-type"]).toBe("image/jpeg");
    const stored = await direct.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(stored.CacheControl).toBe("private, no-store");
    const bytes = Buffer.from(await (stored.Body?.transformToByteArray() ?? new Uint8Array()));
    expect((await sharp(bytes).metadata()).format).toBe("jpeg");
    expect(existsSync(path.join(dataDir, "photos"))).toBe(false);
    // The photo's URL is the app's, never the bucket's.
    expect(created.body.url).toBe(`/api/treatment-photos/${created.body.id}`);
    expect(JSON.stringify(created.body)).not.toContain(BUCKET);

    // Served by the app to clinical roles only, each view audited.
    await desk.get(created.body.url).expect(403);
    await request(t.app).get(created.body.url).expect(401);
    const served = await manager.get(created.body.url).buffer(true).expect(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect(served.headers["cache-control"]).toContain("no-store");
    expect(Buffer.from(served.body as Buffer)).toEqual(bytes);
    const views = await t.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "photo.view"), eq(auditLog.adminUsername, TEST_ADMIN.username)),
      );
    expect(views.length).toBeGreaterThanOrEqual(1);

    // The export zip reads it from the bucket.
    const zip = await manager
      .get(`/api/customers/${client.id}/export.zip`)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const files = unzipSync(new Uint8Array(zip.body as Buffer));
    expect(Buffer.from(files[`photos/${created.body.id}-before.jpg`] as Uint8Array)).toEqual(bytes);

    // Erasure deletes the object after its transaction.
    await manager.post(`/api/customers/${client.id}/erase`).expect(200);
    expect(await objectExists(key)).toBe(false);
  });
});
