/**
 * Backups off the host (issue 34): the daily backup is copied to an S3-compatible bucket (AWS S3,
 * Cloudflare R2, DigitalOcean Spaces, Backblaze B2, MinIO…) named by BACKUP_S3_BUCKET, with the
 * same retention as the local copies (decision 0247: 7 daily, 4 weekly), so a lost disk or a
 * lost instance does not take the backups with it. Keys are
 * `<BACKUP_S3_PREFIX>daily/glowhaven-<Lagos date>.sql.gz` and
 * `<BACKUP_S3_PREFIX>weekly/glowhaven-<ISO week>.sql.gz`; names sort by date.
 *
 * `npm run db:fetch-backup` lists and downloads them for the restore drill (docs/deployment.md).
 */
import { createReadStream, createWriteStream, statSync } from "node:fs";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Config } from "#server/config.ts";
import { isNotFound, lazyS3 } from "#server/integrations/s3.ts";
import { DAILY_KEEP, WEEKLY_KEEP } from "./retention.ts";

/** The configuration the bucket needs (BACKUP_S3_*). */
export type BucketConfig = Pick<
  Config,
  | "BACKUP_S3_BUCKET"
  | "BACKUP_S3_PREFIX"
  | "BACKUP_S3_ENDPOINT"
  | "BACKUP_S3_REGION"
  | "BACKUP_S3_ACCESS_KEY_ID"
  | "BACKUP_S3_SECRET_ACCESS_KEY"
>;

/** One backup object: its key (without the prefix), size in bytes and upload time. */
export type BucketObject = { key: string; bytes: number; modified: Date | null };

/** The backup bucket: upload, list, download and delete objects under BACKUP_S3_PREFIX. */
export type BackupBucket = {
  /** Where the backups go, for messages: `s3://bucket/prefix`. */
  readonly where: string;
  /** Uploads the file at `file` as `key` (private, server-side encrypted where the store can). */
  upload(file: string, key: string): Promise<void>;
  /** Whether `key` exists. */
  has(key: string): Promise<boolean>;
  /** The objects whose keys start with `under` (e.g. "daily/"), sorted by key. */
  list(under?: string): Promise<BucketObject[]>;
  /** Downloads `key` to the file `file` (created 0600). @throws when the key does not exist. */
  download(key: string, file: string): Promise<void>;
  /** Deletes the objects `keys` (none: no request). */
  remove(keys: string[]): Promise<void>;
};

/**
 * The bucket of `config`, or null when BACKUP_S3_BUCKET is unset (backups stay local).
 * Credentials: BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY, else the AWS SDK's own
 * chain (AWS_ACCESS_KEY_ID…, an instance role); the client is made by server/integrations/s3.ts
 * (path-style for a custom endpoint, loaded on the first upload).
 */
export function backupBucket(config: BucketConfig): BackupBucket | null {
  const bucket = config.BACKUP_S3_BUCKET;
  if (!bucket) return null;
  const prefix = config.BACKUP_S3_PREFIX;
  const s3 = lazyS3({
    endpoint: config.BACKUP_S3_ENDPOINT,
    region: config.BACKUP_S3_REGION,
    accessKeyId: config.BACKUP_S3_ACCESS_KEY_ID,
    secretAccessKey: config.BACKUP_S3_SECRET_ACCESS_KEY,
  });
  return {
    where: `s3://${bucket}/${prefix}`,
    async upload(file, key) {
      const { sdk, client } = await s3();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: prefix + key,
          Body: createReadStream(file),
          ContentLength: statSync(file).size,
          ContentType: "application/gzip",
        }),
      );
    },
    async has(key) {
      const { sdk, client } = await s3();
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: prefix + key }));
        return true;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw err;
      }
    },
    async list(under = "") {
      const { sdk, client } = await s3();
      const found: BucketObject[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({
            Bucket: bucket,
            Prefix: prefix + under,
            ContinuationToken: token,
          }),
        );
        for (const o of page.Contents ?? []) {
          if (!o.Key) continue;
          found.push({
            key: o.Key.slice(prefix.length),
            bytes: o.Size ?? 0,
            modified: o.LastModified ?? null,
          });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return found.sort((a, b) => a.key.localeCompare(b.key));
    },
    async download(key, file) {
      const { sdk, client } = await s3();
      const answer = await client.send(
        new sdk.GetObjectCommand({ Bucket: bucket, Key: prefix + key }),
      );
      if (!answer.Body) throw new Error(`${prefix}${key}: empty answer from the bucket`);
      await pipeline(answer.Body as Readable, createWriteStream(file, { mode: 0o600 }));
    },
    async remove(keys) {
      if (keys.length === 0) return;
      const { sdk, client } = await s3();
      const answer = await client.send(
        new sdk.DeleteObjectsCommand({
          Bucket: bucket,
          Delete: { Objects: keys.map((key) => ({ Key: prefix + key })), Quiet: true },
        }),
      );
      const failed = answer.Errors ?? [];
      if (failed.length > 0) {
        throw new Error(
          `the bucket kept ${failed.length} old backup(s): ${failed.map((e) => `${e.Key} (${e.Code})`).join(", ")}`,
        );
      }
    },
  };
}

/** The keys of `objects` past the `keep` newest (names sort by date). */
function beyond(objects: BucketObject[], keep: number): string[] {
  const keys = objects.map((o) => o.key).filter((k) => /\/glowhaven-[^/]+$/.test(k));
  return keys.slice(0, Math.max(0, keys.length - keep));
}

/**
 * Copies one daily backup to the bucket and applies the retention there: the daily file as
 * `daily/<name>` (again the same day: replaced), as `weekly/<name of the week>` when the bucket
 * has no copy for that week yet, then deletes all but the DAILY_KEEP newest daily and the
 * WEEKLY_KEEP newest weekly objects (decision 0247: erased clients leave every backup within
 * 5 weeks, the bucket included).
 * @param file the local daily file (runDailyBackup's `file`).
 * @param dailyName the daily copy's file name; @param weeklyName the week copy's file name.
 * @returns the daily and weekly keys kept in the bucket.
 * @throws the bucket's error (the local backup is already written).
 */
export async function shipDailyBackup(
  bucket: BackupBucket,
  file: string,
  dailyName: string,
  weeklyName: string,
): Promise<{ daily: string[]; weekly: string[] }> {
  await bucket.upload(file, `daily/${dailyName}`);
  if (!(await bucket.has(`weekly/${weeklyName}`))) {
    await bucket.upload(file, `weekly/${weeklyName}`);
  }
  const daily = await bucket.list("daily/");
  const weekly = await bucket.list("weekly/");
  const old = [...beyond(daily, DAILY_KEEP), ...beyond(weekly, WEEKLY_KEEP)];
  await bucket.remove(old);
  const gone = new Set(old);
  return {
    daily: daily.map((o) => o.key).filter((k) => !gone.has(k)),
    weekly: weekly.map((o) => o.key).filter((k) => !gone.has(k)),
  };
}
