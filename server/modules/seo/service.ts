/**
 * sitemap.xml and robots.txt from the live catalogue (storefront issue "Findability"): the public
 * pages, one URL per shop category and one per product, with the product's last change as lastmod.
 */
import { asc, max } from "drizzle-orm";
import { PRODUCT_CATEGORY_IDS } from "#common/catalog.ts";
import type { Db } from "#server/db/client.ts";
import { products, services } from "#server/db/schema/catalog.ts";

/** Public pages listed in the sitemap, with how often they change. */
export const SITEMAP_PAGES: readonly { path: string; changefreq: string; priority: string }[] = [
  { path: "/", changefreq: "weekly", priority: "1.0" },
  { path: "/services", changefreq: "weekly", priority: "0.9" },
  { path: "/shop", changefreq: "daily", priority: "0.9" },
  { path: "/contact", changefreq: "monthly", priority: "0.8" },
  { path: "/about", changefreq: "monthly", priority: "0.7" },
  { path: "/privacy", changefreq: "yearly", priority: "0.2" },
  { path: "/terms", changefreq: "yearly", priority: "0.2" },
  { path: "/cookie-policy", changefreq: "yearly", priority: "0.2" },
];

/** Paths kept out of search results: private, per-visitor or transactional pages. */
export const ROBOTS_DISALLOW = [
  "/admin",
  "/api/",
  "/cart",
  "/wishlist",
  "/checkout",
  "/payment-success",
  "/review/",
  // The client's order status pages (signed links, issue 33): never for a crawler.
  "/order/",
];

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

function day(date: Date | null | undefined): string | null {
  return date ? date.toISOString().slice(0, 10) : null;
}

/**
 * The sitemap XML for `origin` (e.g. 'https://glowhaven.ng'): static pages, shop categories and
 * every product. One query for products and one for the services' last change.
 */
export async function buildSitemap(db: Db, origin: string): Promise<string> {
  const base = origin.replace(/\/$/, "");
  const [rows, [latestService]] = await Promise.all([
    db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .orderBy(asc(products.id)),
    db.select({ at: max(services.updatedAt) }).from(services),
  ]);
  const latestProduct = rows.reduce<Date | null>(
    (latest, r) => (!latest || r.updatedAt > latest ? r.updatedAt : latest),
    null,
  );
  const catalogueDay: Record<string, string | null> = {
    "/services": day(latestService?.at ?? null),
    "/shop": day(latestProduct),
  };
  const entries: string[] = [];
  const entry = (
    path: string,
    extra: { lastmod?: string | null; changefreq?: string; priority?: string },
  ) => {
    const parts = [`<loc>${escapeXml(`${base}${path}`)}</loc>`];
    if (extra.lastmod) parts.push(`<lastmod>${extra.lastmod}</lastmod>`);
    if (extra.changefreq) parts.push(`<changefreq>${extra.changefreq}</changefreq>`);
    if (extra.priority) parts.push(`<priority>${extra.priority}</priority>`);
    entries.push(`  <url>${parts.join("")}</url>`);
  };
  for (const page of SITEMAP_PAGES) {
    entry(page.path, { ...page, lastmod: catalogueDay[page.path] ?? null });
  }
  for (const category of PRODUCT_CATEGORY_IDS) {
    entry(`/shop?category=${category}`, { changefreq: "weekly", priority: "0.6" });
  }
  for (const row of rows) {
    entry(`/product/${row.id}`, {
      lastmod: day(row.updatedAt),
      changefreq: "weekly",
      priority: "0.7",
    });
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
}

/** robots.txt: everything public is crawlable except the private paths; points at the sitemap. */
export function buildRobots(origin: string): string {
  const base = origin.replace(/\/$/, "");
  return [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}
