/**
 * Treatment photos in an S3-compatible bucket (issue 31; decision 0302, the second driver of
 * decision 0271's `PhotoStore`): selected when PHOTO_S3_BUCKET is set, so several app instances
 * share the photos. The bucket stays private: objects are written with no ACL (the bucket's own,
 * private by default; never `public-read`) and are never linked to: the app reads them and serves
 * them to clinical roles through GET /api/treatment-photos/{id}, audited, as with the disk.
 * Object keys are `<PHOTO_S3_PREFIX><year>/<uuid>.jpg`; the stored key (without the prefix) is
 * the disk driver's, made by the server, never taken from a request.
 */
import { randomUUID } from "node:crypto";
import type { Config } from "#server/config.ts";
import { isNotFound, lazyS3 } from "#server/integrations/s3.ts";
import { diskPhotoStore, type PhotoStore } from "./photo-store.ts";

/** The configuration the photo bucket needs (PHOTO_S3_*). */
export type PhotoBucketConfig = Pick<
  Config,
  | "PHOTO_S3_BUCKET"
  | "PHOTO_S3_PREFIX"
  | "PHOTO_S3_ENDPOINT"
  | "PHOTO_S3_REGION"
  | "PHOTO_S3_ACCESS_KEY_ID"
  | "PHOTO_S3_SECRET_ACCESS_KEY"
>;

/** Keys are '{yyyy}/{uuid}.jpg' (as on disk): never a path from the request. */
const KEY_PATTERN = /^\d{4}\/[0-9a-f-]{36}\.jpg$/;

/**
 * The bucket driver for `config.PHOTO_S3_BUCKET`.
 * @throws Error when PHOTO_S3_BUCKET is unset (the caller chooses the disk instead).
 */
export function bucketPhotoStore(config: PhotoBucketConfig): PhotoStore {
  const bucket = config.PHOTO_S3_BUCKET;
  if (!bucket) throw new Error("PHOTO_S3_BUCKET is not set");
  const prefix = config.PHOTO_S3_PREFIX;
  const s3 = lazyS3({
    endpoint: config.PHOTO_S3_ENDPOINT,
    region: config.PHOTO_S3_REGION,
    accessKeyId: config.PHOTO_S3_ACCESS_KEY_ID,
    secretAccessKey: config.PHOTO_S3_SECRET_ACCESS_KEY,
  });
  const objectKey = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`not a photo key: ${key}`);
    return prefix + key;
  };
  return {
    async put(bytes) {
      const key = `${new Date().getUTCFullYear()}/${randomUUID()}.jpg`;
      const { sdk, client } = await s3();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: "image/jpeg",
          // Were a copy ever fetched past the app (a leaked presigned URL, a misconfigured CDN),
          // nothing on the way may keep it.
          CacheControl: "private, no-store",
        }),
      );
      return key;
    },
    async get(key) {
      const { sdk, client } = await s3();
      try {
        const answer = await client.send(
          new sdk.GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }),
        );
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async remove(key) {
      const { sdk, client } = await s3();
      // DeleteObject of a missing key succeeds on S3 and its compatibles.
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
  };
}

/**
 * The photo store `config` selects: the bucket when PHOTO_S3_BUCKET is set, else the disk
 * under PHOTO_DIR (default DATA_DIR/photos).
 */
export function photoStoreFor(config: PhotoBucketConfig & Pick<Config, "photoDir">): PhotoStore {
  return config.PHOTO_S3_BUCKET ? bucketPhotoStore(config) : diskPhotoStore(config.photoDir);
}
