/**
 * Findability (storefront issue): titles, descriptions, canonical URLs, Open Graph / Twitter tags
 * (a product link shows its name, price and image), JSON-LD, sitemap.xml and robots.txt.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

async function meta(page: Page, selector: string): Promise<string | null> {
  return page.locator(selector).first().getAttribute("content");
}

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t));
}

test("every public page has its own title, description and canonical URL", async ({ page }) => {
  const titles = new Set<string>();
  for (const path of [
    "/",
    "/about",
    "/services",
    "/shop",
    "/contact",
    "/privacy",
    "/terms",
    "/cookie-policy",
  ]) {
    await page.goto(path);
    const title = await page.title();
    expect(title).toMatch(/Glow Haven/);
    titles.add(title);
    const description = await meta(page, 'meta[name="description"]');
    expect(description?.length ?? 0).toBeGreaterThan(50);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(canonical).toBe(new URL(path, page.url()).href);
    expect(await meta(page, 'meta[property="og:title"]')).toBeTruthy();
    expect(await meta(page, 'meta[name="twitter:card"]')).toBe("summary_large_image");
  }
  expect(titles.size).toBe(8);
});

test("a product page shares its name, price and image; JSON-LD offer in NGN", async ({ page }) => {
  const products = (await (await page.request.get("/api/products")).json()) as {
    id: number;
    name: string;
    price: number;
    description: string;
    image: string;
  }[];
  const product = products.find((p) => p.description.length > 150) ?? products[0];
  if (!product) throw new Error("no products");
  await page.goto(`/product/${product.id}`);
  const price = new Intl.NumberFormat("en-NG", {
    style: "currency",
    currency: "NGN",
    maximumFractionDigits: 0,
  }).format(product.price);
  expect(await meta(page, 'meta[property="og:title"]')).toBe(`${product.name} – ${price}`);
  expect(await meta(page, 'meta[property="og:type"]')).toBe("product");
  // The preview picture is the build's 1200×630 JPEG of the product's picture (WhatsApp and
  // Facebook show no SVG), named with its size, and it is served.
  const slug = product.image.slice(product.image.lastIndexOf("/") + 1).replace(/\.\w+$/, "");
  const ogImage = await meta(page, 'meta[property="og:image"]');
  expect(ogImage).toBe(new URL(`/images/variants/${slug}-share.jpg`, page.url()).href);
  expect(await meta(page, 'meta[property="og:image:type"]')).toBe("image/jpeg");
  expect(await meta(page, 'meta[property="og:image:width"]')).toBe("1200");
  expect(await meta(page, 'meta[property="og:image:height"]')).toBe("630");
  const picture = await page.request.get(ogImage ?? "");
  expect(picture.status()).toBe(200);
  expect(picture.headers()["content-type"]).toBe("image/jpeg");
  expect(await meta(page, 'meta[property="og:description"]')).toContain(price);
  expect(await meta(page, 'meta[name="twitter:title"]')).toContain(product.name);
  expect(await meta(page, 'meta[property="product:price:currency"]')).toBe("NGN");
  const description = await meta(page, 'meta[name="description"]');
  expect(description).toBe(product.description.slice(0, 150));
  expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(
    new URL(`/product/${product.id}`, page.url()).href,
  );
  const ld = (await jsonLd(page)).find((d) => d["@type"] === "Product") as
    | { name: string; offers: { priceCurrency: string; price: string; availability: string } }
    | undefined;
  expect(ld?.name).toBe(product.name);
  expect(ld?.offers.priceCurrency).toBe("NGN");
  expect(Number(ld?.offers.price)).toBe(product.price);
});

test("the clinic is described as a local business with address and opening hours", async ({
  page,
}) => {
  await page.goto("/");
  const clinic = (await jsonLd(page))[0] as {
    name: string;
    address: { addressLocality: string; addressCountry: string };
    openingHoursSpecification: { dayOfWeek: string[]; opens: string; closes: string }[];
  };
  expect(clinic.name).toBe("Glow Haven Skin & Wellness Clinic");
  expect(clinic.address.addressLocality).toBe("Victoria Island");
  expect(clinic.address.addressCountry).toBe("NG");
  expect(clinic.openingHoursSpecification[0]).toMatchObject({ opens: "10:00", closes: "19:00" });
  expect(clinic.openingHoursSpecification[0]?.dayOfWeek).toContain("Saturday");
  expect(clinic.openingHoursSpecification[0]?.dayOfWeek).not.toContain("Sunday");
});

test("sitemap.xml lists the live products; robots.txt points to it", async ({ page }) => {
  const products = (await (await page.request.get("/api/products")).json()) as { id: number }[];
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  for (const p of products) expect(sitemap).toContain(`/product/${p.id}</loc>`);
  const robots = await (await page.request.get("/robots.txt")).text();
  expect(robots).toMatch(/Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml/);
  expect(robots).toContain("Disallow: /admin");
});
