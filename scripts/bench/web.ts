/**
 * `npm run bench:web` (issue 15 "Benchmarks"): Lighthouse's mobile preset (simulated slow 4G, a
 * mid-range phone's CPU) in Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium; no
 * browser is ever downloaded) on /, /services, /shop, /product/:id, /contact, /cart and
 * /checkout of the server as `npm start` runs it (PGlite, demo catalogue), BENCH_WEB_RUNS runs
 * each (default 3). Prints per page the median performance, accessibility, best-practices and
 * SEO scores, LCP, FCP, TBT and CLS, and the first-load JavaScript: bytes on the wire (gzip) and
 * file count of every script fetched until the network was idle. Prints; asserts nothing.
 *
 * /checkout is measured with one product in the cart (the cart lives in the browser's localStorage,
 * app/lib/storage-counts.ts): with an empty cart the page redirects to /cart (storefront spec) and
 * Lighthouse would count two pages. Lighthouse clears no localStorage between runs by default, so
 * the cart is written once, through a page of the same origin, before /checkout's runs and removed
 * after them.
 *
 * While iterating: BENCH_WEB_PAGES=/,/shop (a comma-separated subset of the pages) and
 * BENCH_WEB_OUT=dir (writes each run's Lighthouse JSON there, to read the LCP element, the
 * render-blocking requests and the layout shifts behind a figure).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { CART_STORAGE_KEY } from "#app/lib/storage-counts.ts";
import { ensureBuild, printTable } from "./harness.ts";
import { startAsNpmStart, stop } from "./npm-start.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const ALL_PAGES = ["/", "/services", "/shop", "/product/:id", "/contact", "/cart", "/checkout"];
const PAGES = process.env.BENCH_WEB_PAGES
  ? process.env.BENCH_WEB_PAGES.split(",").filter((page) => ALL_PAGES.includes(page))
  : ALL_PAGES;
const OUT = process.env.BENCH_WEB_OUT;

type Figures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  jsKb: number;
  jsFiles: number;
};

type Product = {
  id: number;
  name: string;
  description: string;
  price: number;
  image: string;
  category: string;
};

/**
 * Sets (items) or removes (null) the cart in the localStorage of `base`'s origin in the Chromium
 * on `port`, through a page of that origin that is closed again.
 */
async function setCart(port: number, base: string, items: unknown[] | null): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/robots.txt`);
    await page.evaluate(
      (key, value) => {
        if (value === null) localStorage.removeItem(key);
        else localStorage.setItem(key, value);
      },
      CART_STORAGE_KEY,
      items === null ? null : JSON.stringify(items),
    );
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/** The Lighthouse result fields read here (its full types are far larger). */
type Lhr = {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    {
      numericValue?: number;
      details?: { items?: Array<{ resourceType?: string; transferSize?: number }> };
    }
  >;
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function figures(lhr: Lhr): Figures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scripts = (lhr.audits["network-requests"]?.details?.items ?? []).filter(
    (item) => item.resourceType === "Script",
  );
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcp: value("largest-contentful-paint"),
    fcp: value("first-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    jsKb: scripts.reduce((sum, s) => sum + (s.transferSize ?? 0), 0) / 1024,
    jsFiles: scripts.length,
  };
}

async function main() {
  if (!existsSync(CHROMIUM)) {
    console.error(
      `No Chromium at ${CHROMIUM}: install Debian's (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  ensureBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), "clinic-bench-web-"));
  const server = await startAsNpmStart({ DATA_DIR: dataDir });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
    ],
  });
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const products = (await (await fetch(`${base}/api/products`)).json()) as Product[];
    const product = products[0];
    const productId = product?.id ?? 1;
    const rows: string[][] = [
      [
        "page",
        "perf",
        "a11y",
        "best pr.",
        "SEO",
        "LCP ms",
        "FCP ms",
        "TBT ms",
        "CLS",
        "JS KB gz",
        "JS files",
      ],
    ];
    for (const page of PAGES) {
      const url = base + page.replace(":id", String(productId));
      const runs: Figures[] = [];
      const withCart = page === "/checkout" && product !== undefined;
      if (withCart) {
        const { id, name, description, price, image, category } = product;
        await setCart(chrome.port, base, [
          { id, name, description, price, image, category, quantity: 1 },
        ]);
      }
      // A run Lighthouse could not read (now and then NO_NAVSTART) is repeated, twice at most
      // per page, so the median is of RUNS runs; the failure is still printed.
      for (let attempt = 1; runs.length < RUNS && attempt <= RUNS + 2; attempt++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        });
        const lhr = result?.lhr as unknown as Lhr | undefined;
        if (!lhr || lhr.runtimeError) {
          console.error(`${page} run ${attempt}: ${lhr?.runtimeError?.code ?? "no result"}`);
          continue;
        }
        if (OUT) {
          mkdirSync(OUT, { recursive: true });
          const name = `${page.replace(/[^a-z]+/g, "-").replace(/^-|-$/g, "") || "home"}-${runs.length + 1}.json`;
          writeFileSync(path.join(OUT, name), JSON.stringify(lhr));
        }
        runs.push(figures(lhr));
      }
      if (withCart) await setCart(chrome.port, base, null);
      if (runs.length === 0) {
        rows.push([page, "failed"]);
        continue;
      }
      const m = (key: keyof Figures) => median(runs.map((r) => r[key]));
      rows.push([
        page,
        String(m("performance")),
        String(m("accessibility")),
        String(m("bestPractices")),
        String(m("seo")),
        m("lcp").toFixed(0),
        m("fcp").toFixed(0),
        m("tbt").toFixed(0),
        m("cls").toFixed(3),
        m("jsKb").toFixed(1),
        String(m("jsFiles")),
      ]);
    }
    console.log(`\nLighthouse mobile preset, median of ${RUNS} runs, ${new Date().toISOString()}`);
    printTable(rows);
  } finally {
    chrome.kill();
    await stop(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
