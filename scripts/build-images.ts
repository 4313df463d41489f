/**
 * Responsive images (issue 15 "Images"), generated at build time with sharp (`npm run build`,
 * and `npm run dev` through `predev`): every product picture in public/images/products and the
 * page pictures named in PAGE_IMAGES become AVIF and WebP at VARIANT_WIDTHS (never wider than
 * the source), written to public/images/variants/ (ignored by git, rebuilt when missing or
 * older than the source); each product picture also becomes a 1200×630 JPEG for link previews
 * (WhatsApp and Facebook show no SVG og:image).
 *
 * app/generated/images.json (committed, so typecheck and unit tests need no build) records, per
 * source path, its intrinsic width and height, the widths generated and the share JPEG; the
 * pages read it (app/lib/responsive-image.ts) and only name variants listed there, so an image an
 * administrator points at (any URL) is shown as it is.
 */
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
const publicDir = path.join(root, "public");
const variantsDir = path.join(publicDir, "images/variants");
const manifestPath = path.join(root, "app/generated/images.json");

/** Widths in CSS pixels × density the pages ask for: phone cards (1×–2×) up to the product page. */
const VARIANT_WIDTHS = [320, 480, 640, 960] as const;
const SHARE_SIZE = { width: 1200, height: 630 } as const;
const SOURCE = /\.(svg|png|jpe?g|webp)$/i;

type Entry = { width: number; height: number; widths: number[]; share?: string };

function fresh(output: string, source: string): boolean {
  return existsSync(output) && statSync(output).mtimeMs >= statSync(source).mtimeMs;
}

/** Renders one source; returns its manifest entry. */
async function build(url: string, withShare: boolean): Promise<Entry> {
  const file = path.join(publicDir, url);
  const density = /\.svg$/i.test(file) ? 288 : undefined;
  const meta = await sharp(file).metadata();
  const width = meta.width ?? 600;
  const height = meta.height ?? 600;
  const base = path.basename(url).replace(SOURCE, "");
  const isVector = /\.svg$/i.test(file);
  // A vector scales to any width; a photo is never enlarged.
  const widths = VARIANT_WIDTHS.filter((w) => isVector || w <= width);
  for (const w of widths) {
    const h = Math.round((w * height) / width);
    const avif = path.join(variantsDir, `${base}-${w}.avif`);
    const webp = path.join(variantsDir, `${base}-${w}.webp`);
    if (fresh(avif, file) && fresh(webp, file)) continue;
    const resized = sharp(file, { density }).resize(w, h, { fit: "cover" });
    await resized.clone().avif({ quality: 55, effort: 4 }).toFile(avif);
    await resized.clone().webp({ quality: 75 }).toFile(webp);
  }
  const entry: Entry = { width, height, widths };
  if (withShare) {
    const share = path.join(variantsDir, `${base}-share.jpg`);
    if (!fresh(share, file)) {
      const square = await sharp(file, { density })
        .resize(SHARE_SIZE.height, SHARE_SIZE.height, { fit: "cover" })
        .toBuffer();
      await sharp({
        create: { ...SHARE_SIZE, channels: 3, background: "#fbf6f1" },
      })
        .composite([{ input: square, gravity: "centre" }])
        .jpeg({ quality: 82, mozjpeg: true })
        .toFile(share);
    }
    entry.share = `/images/variants/${base}-share.jpg`;
  }
  return entry;
}

mkdirSync(variantsDir, { recursive: true });
const manifest: Record<string, Entry> = {};
const products = readdirSync(path.join(publicDir, "images/products"))
  .filter((name) => SOURCE.test(name))
  .sort()
  .map((name) => `/images/products/${name}`);
for (const url of products) manifest[url] = await build(url, true);
// Written as Biome formats JSON (arrays of numbers on one line), so lint stays clean after a build.
const lines = Object.entries(manifest).map(([url, entry]) => {
  const fields = Object.entries(entry).map(
    ([key, value]) => `    "${key}": ${JSON.stringify(value).replaceAll(",", ", ")}`,
  );
  return `  ${JSON.stringify(url)}: {\n${fields.join(",\n")}\n  }`;
});
writeFileSync(manifestPath, `{\n${lines.join(",\n")}\n}\n`);
console.log(
  `images: ${Object.keys(manifest).length} sources → AVIF/WebP at ${VARIANT_WIDTHS.join("/")} px`,
);
