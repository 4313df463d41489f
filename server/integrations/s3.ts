/**
 * An S3-compatible bucket's client (AWS S3, Cloudflare R2, DigitalOcean Spaces, Backblaze B2,
 * MinIO…), made the same way for every bucket the server uses: the off-site backups
 * (BACKUP_S3_*, server/backup/offsite.ts) and the treatment photos (PHOTO_S3_*,
 * server/modules/records/bucket-photo-store.ts). Transport only: no database, no module.
 *
 * The SDK is loaded on the first call, not at start-up: importing it costs seconds of a
 * (re)start on a loaded machine (issue 34: a restart must serve within 5 s).
 */
import type { S3Client } from "@aws-sdk/client-s3";

/** Where a bucket is and how to sign in to it. */
export type S3Settings = {
  /** The store's address for a store other than AWS S3 (path-style); undefined = AWS S3. */
  endpoint?: string | undefined;
  /** The bucket's region ("auto" for Cloudflare R2). */
  region: string;
  /** Both set: these keys; otherwise the AWS SDK's own chain (AWS_ACCESS_KEY_ID…, a role). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
};

export type LoadedS3 = { sdk: typeof import("@aws-sdk/client-s3"); client: S3Client };

/**
 * A function that gives the SDK and one client for `settings`, loading them on its first call
 * (later calls reuse them). A custom endpoint uses path-style addresses, which every
 * S3-compatible store accepts; checksums are sent only where the operation requires one,
 * because several S3-compatible stores refuse the SDK's newer default (a CRC32 trailer).
 */
export function lazyS3(settings: S3Settings): () => Promise<LoadedS3> {
  let loaded: Promise<LoadedS3> | undefined;
  return () => {
    loaded ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
        ...(settings.accessKeyId && settings.secretAccessKey
          ? {
              credentials: {
                accessKeyId: settings.accessKeyId,
                secretAccessKey: settings.secretAccessKey,
              },
            }
          : {}),
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
    }));
    return loaded;
  };
}

/** Whether `err` is the store's 404 (no such key). */
export function isNotFound(err: unknown): boolean {
  const e = err as { $metadata?: { httpStatusCode?: number }; name?: string };
  return e?.$metadata?.httpStatusCode === 404 || e?.name === "NoSuchKey" || e?.name === "NotFound";
}
