/**
 * Where treatment photos live (issue 31): behind one small interface so a bucket can replace the
 * disk. The disk driver keeps files under PHOTO_DIR (default DATA_DIR/photos), outside every
 * public folder, readable by the server's user only; the app serves them to clinical roles
 * through GET /api/treatment-photos/{id}. The bucket driver (PHOTO_S3_BUCKET) is
 * bucket-photo-store.ts (decisions 0271 and 0302).
 *
 * `preparePhoto` turns an upload into what is stored: auto-rotated, at most 2048 px on its long
 * side, re-encoded as JPEG with every metadata block (EXIF with GPS location, XMP, IPTC, ICC
 * comments) dropped: sharp writes none unless asked (`withMetadata`), which we never do.
 */
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";
import sharp from "sharp";
import { RECORD_MESSAGES } from "#common/records.ts";
import { HttpError } from "#server/http.ts";

/** The longest side of a stored photo, in pixels: enough to compare skin, small on a phone. */
export const PHOTO_MAX_SIDE = 2048;
/** The upload types a phone or tablet sends from `<input type=file accept="image/*">`. */
export const PHOTO_UPLOAD_TYPES = [
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/heic",
  "image/heif",
] as const;

export type PhotoStore = {
  /** Stores `bytes` under a new key and returns it. */
  put(bytes: Buffer): Promise<string>;
  /** The bytes of `key`, or null when the file is missing. */
  get(key: string): Promise<Buffer | null>;
  /** Removes `key`; a missing file is not an error. */
  remove(key: string): Promise<void>;
};

/**
 * Removes the files of photo rows already deleted (an erasure, a client's deletion, Clear Admin
 * Data), called after their transaction commits since files cannot join it. A failure (bucket
 * down, disk error) is logged with the key only and does not fail the caller: the rows are gone,
 * so the file is unreachable; an operator can remove it by the logged key.
 * @returns how many files could not be removed.
 */
export async function removePhotoFiles(
  store: PhotoStore,
  keys: readonly string[],
  log?: Pick<Logger, "warn">,
): Promise<number> {
  let failed = 0;
  for (const key of keys) {
    try {
      await store.remove(key);
    } catch (err) {
      failed++;
      log?.warn({ err, key }, "photo file not removed");
    }
  }
  return failed;
}

/** Keys are '{yyyy}/{uuid}.jpg': never a path from the request. */
const KEY_PATTERN = /^\d{4}\/[0-9a-f-]{36}\.jpg$/;

/** The disk driver: files under `dir` (created 0700), each written 0600. */
export function diskPhotoStore(dir: string): PhotoStore {
  const fileOf = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`not a photo key: ${key}`);
    return path.join(dir, key);
  };
  return {
    async put(bytes) {
      const key = `${new Date().getUTCFullYear()}/${randomUUID()}.jpg`;
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeFile(file, bytes, { mode: 0o600, flag: "wx" });
      return key;
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

export type PreparedPhoto = { bytes: Buffer; width: number; height: number };

/**
 * Resizes and re-encodes an upload (see the header): what is stored carries no EXIF, GPS, XMP
 * or IPTC metadata.
 * @throws HttpError 400 when the bytes are not an image sharp can read.
 */
export async function preparePhoto(upload: Buffer): Promise<PreparedPhoto> {
  try {
    const { data, info } = await sharp(upload, { failOn: "error" })
      .rotate()
      .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    throw new HttpError(400, RECORD_MESSAGES.photoUnreadable, {
      photo: RECORD_MESSAGES.photoUnreadable,
    });
  }
}
