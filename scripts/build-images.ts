/**
 * Responsive images (issue 15 "Images"), generated at build time with sharp (`npm run build`,
 * and `npm run dev` through `predev`): every product picture in public/images/products and the
 * page pictures named in PAGE_IMAGES become AVIF and WebP at VARIANT_WIDTHS (never wider than
 * the source), written to public/images/variants/; each product picture also becomes a 1200×630
 * JPEG for link previews (WhatsApp and Facebook show no SVG og:image).
 *
 * Made once (issue 34 "First start": encoding them took about 3 of a fresh clone's first
 * `npm start` minutes, silently): the variants are committed, and public/images/variants/
 * sources.json records the SHA-256 of each source and of the encoder settings they were made
 * with, so a source is encoded again only when it or the settings change (file times, which a
 * clone sets at random, are not trusted). A progress line is printed while encoding.
 *
 * app/generated/images.json (committed, so typecheck and unit tests need no build) records, per
 * source path, its intrinsic width and height, the widths generated and the share JPEG; the
 * pages read it (app/lib/responsive-image.ts) and only name variants listed there, so an image an
 * administrator points at (any URL) is shown as it is.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
const publicDir = path.join(root, "public");
const variantsDir = path.join(publicDir, "images/variants");
const manifestPath = path.join(root, "app/generated/images.json");
const sourcesPath = path.join(variantsDir, "sources.json");

/** Widths in CSS pixels × density the pages ask for: phone cards (1×–2×) up to the product page. */
const VARIANT_WIDTHS = [320, 480, 640, 960] as const;
const SHARE_SIZE = { width: 1200, height: 630 } as const;
const SOURCE = /\.(svg|png|jpe?g|webp)$/i;

type Entry = { width: number; height: number; widths: number[]; share?: string };

/** Bump when the encoding below changes: every variant is then made again. */
const SETTINGS = "avif q55 e4 / webp q75 / share jpeg q82 mozjpeg / svg 288 dpi";

/** The SHA-256 of a source's bytes and the settings: what its variants were made from. */
function sourceHash(file: string): string {
  return createHash("sha256").update(SETTINGS).update(readFileSync(file)).digest("hex");
}

/** source URL → sourceHash of the source its variants were made from. */
const made: Record<string, string> = existsSync(sourcesPath)
  ? (JSON.parse(readFileSync(sourcesPath, "utf8")) as Record<string, string>)
  : {};
/** The source being built, its hash now, and how many files were encoded (for the progress). */
let current = "";
let currentHash = "";
let encoded = 0;

/** Whether `output` exists and was made from the current source with the current settings. */
function fresh(output: string): boolean {
  return existsSync(output) && made[current] === currentHash;
}

/** Renders one source; returns its manifest entry. */
async function build(url: string, withShare: boolean): Promise<Entry> {
  const file = path.join(publicDir, url);
  current = url;
  currentHash = sourceHash(file);
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
    if (fresh(avif) && fresh(webp)) continue;
    encoded++;
    const resized = sharp(file, { density }).resize(w, h, { fit: "cover" });
    await resized.clone().avif({ quality: 55, effort: 4 }).toFile(avif);
    await resized.clone().webp({ quality: 75 }).toFile(webp);
  }
  const entry: Entry = { width, height, widths };
  if (withShare) {
    const share = path.join(variantsDir, `${base}-share.jpg`);
    if (!fresh(share)) {
      encoded++;
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
const started = performance.now();
const progress = (done: number) => {
  const line = `images: ${done}/${products.length} sources (${encoded} files encoded, ${((performance.now() - started) / 1000).toFixed(0)} s)`;
  // One line rewritten in place on a terminal; every 5th source on a log.
  if (process.stdout.isTTY) process.stdout.write(`\r${line}`);
  else if (encoded > 0 && (done % 5 === 0 || done === products.length)) console.log(line);
};
for (const [i, url] of products.entries()) {
  manifest[url] = await build(url, true);
  made[url] = currentHash;
  progress(i + 1);
}
if (process.stdout.isTTY) process.stdout.write("\n");
for (const url of Object.keys(made)) if (!(url in manifest)) delete made[url];
writeFileSync(sourcesPath, `${JSON.stringify(made, null, 2)}\n`);
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
