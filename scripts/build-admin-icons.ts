/**
 * The back office's app icons (issue 35, installable /admin): public/favicon.svg, the clinic's
 * mark, rendered with sharp to 192 and 512 px PNGs, and a 512 px "maskable" one with the mark
 * inside the safe zone on the brand colour (platforms crop maskable icons to their own shape).
 * The outputs are committed (three small files), as the share image is; this refreshes them.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const publicDir = path.resolve(import.meta.dirname, "../public");
const out = path.join(publicDir, "admin-icons");
mkdirSync(out, { recursive: true });
const svg = path.join(publicDir, "favicon.svg");

for (const size of [192, 512]) {
  await sharp(svg, { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, `icon-${size}.png`));
}
// Maskable: the mark at 70% (inside the 80% safe circle) on the brand brown, edge to edge.
const inner = await sharp(svg, { density: (72 * 360) / 32 })
  .resize(360, 360)
  .png()
  .toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: "#6f4823" } })
  .composite([{ input: inner, gravity: "center" }])
  .png({ compressionLevel: 9 })
  .toFile(path.join(out, "maskable-512.png"));
console.log("admin icons: 192, 512, maskable 512");
