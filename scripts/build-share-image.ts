/**
 * The default link-preview image as JPEG (issue 15 "Images"): WhatsApp and Facebook show no
 * SVG og:image, so `npm run build` renders public/images/og-default.svg (1200×630) with sharp to
 * public/images/og-default.jpg, which app/features/seo/meta.ts names with its width and height.
 * The output is committed (one small file) so `npm run dev` has it too; this refreshes it.
 */
import path from "node:path";
import sharp from "sharp";

const images = path.resolve(import.meta.dirname, "../public/images");

const info = await sharp(path.join(images, "og-default.svg"), { density: 144 })
  .resize(1200, 630, { fit: "cover" })
  .flatten({ background: "#ffffff" })
  .jpeg({ quality: 82, mozjpeg: true })
  .toFile(path.join(images, "og-default.jpg"));
console.log(`share image: ${info.width}×${info.height}, ${(info.size / 1024).toFixed(1)} KB`);
