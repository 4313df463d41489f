/**
 * The build's responsive variants of a site picture (scripts/build-images.ts, issue 15
 * "Images"): AVIF and WebP `srcset`s at the widths generated, the intrinsic size, and the
 * 1200×630 JPEG for link previews. Pictures the build did not see (an administrator's URL, a
 * new upload) have none, and are shown as they are.
 */
import images from "#app/generated/images.json";

type Entry = { width: number; height: number; widths: number[]; share?: string };
const MANIFEST = images as Record<string, Entry>;

/** Variant `srcset`s of `src` (a path such as '/images/products/x.svg'), or null. */
export function imageVariants(
  src: string,
): { avif: string; webp: string; width: number; height: number } | null {
  const entry = MANIFEST[src];
  if (!entry || entry.widths.length === 0) return null;
  const base = `/images/variants/${src.slice(src.lastIndexOf("/") + 1).replace(/\.[a-z]+$/i, "")}`;
  const set = (ext: string) => entry.widths.map((w) => `${base}-${w}.${ext} ${w}w`).join(", ");
  return { avif: set("avif"), webp: set("webp"), width: entry.width, height: entry.height };
}

/** The 1200×630 JPEG share image of a site picture, or null when the build made none. */
export function shareImage(src: string): { url: string; width: number; height: number } | null {
  const share = MANIFEST[src]?.share;
  return share ? { url: share, width: 1200, height: 630 } : null;
}
