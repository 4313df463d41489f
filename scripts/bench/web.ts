/**
 * `npm run bench:web` (issue 15 "Benchmarks"): Lighthouse's mobile preset (simulated slow 4G, a
 * mid-range phone's CPU) in Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium; no
 * browser is ever downloaded) on /, /services, /shop, /product/:id, /contact, /cart and
 * /checkout of the server as `npm start` runs it (PGlite, demo catalogue), BENCH_WEB_RUNS runs
 * each (default 3). Prints per page the median performance, accessibility, best-practices and
 * SEO scores, LCP, FCP, TBT and CLS, and the first-load JavaScript: KB and file count of every
 * script fetched until the network was idle, as Lighthouse counts them (bytes on the wire:
 * compressed, Brotli here, response headers included; gzip would be ~15% more). Under each page it prints the same figures
 * for a reference: that page's HTML with its scripts removed, served as a static file, so the
 * share of the JavaScript shows on any machine (Lighthouse's simulated CPU scales with the
 * host's). Prints; asserts nothing.
 *
 * Then the first tap (issue 33; docs/decisions/0286), per page: in a fresh browser context under
 * Lighthouse's mobile throttling applied in the browser (CPU 4x; 150 ms RTT and 1.6 Mbps as
 * DevTools applies them: 562.5 ms latency, 1,474.56 kbit/s down, 675 kbit/s up; a 412 × 823
 * phone screen), the time from the start of navigation until the page's primary control has
 * answered a tap: the tap comes as soon as the control is on screen, and again every second
 * while it has not answered (a lost tap is retried, as a client would). Median of RUNS, beside the
 * LCP of the page's no-JS reference measured in the same conditions (a PerformanceObserver), and
 * the ratio the target reads (first tap <= 1.5 × the reference's LCP). The primary
 * controls: the menu (/), a category tab (/services), ADD TO CART (/shop), Add to Cart (product),
 * each answered by the "Added to cart" toast or, before hydration, by the button shown taken
 * (`data-early-pending`, app/lib/early-taps.ts: the product is added once React is there),
 * the booking form's category narrowing the services (/contact), a cart line's Increase quantity
 * (/cart), Continue to payment answering with the form's errors (/checkout).
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
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import type { CartItem } from "#app/features/cart/cart-store.ts";
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

/** A product as /api/products lists it: the cart line's fields without the quantity. */
type Product = Omit<CartItem, "quantity">;

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

/**
 * The pages' references: a static-file server on its own port that answers `/__reference/N`
 * with the HTML the app served for the N-th page added, every executable `<script>` and
 * modulepreload link removed (Brotli-compressed, as the app sends pages to Chromium), and
 * forwards every other GET (stylesheet, fonts, pictures) to the app at `base`, so the reference
 * paints the same page with the same bytes, minus the JavaScript.
 */
async function startReferenceServer(base: string): Promise<{
  add: (address: string) => Promise<string>;
  close: () => Promise<void>;
}> {
  const pages: Buffer[] = [];
  const server = createServer((req, res) => {
    const match = /^\/__reference\/(\d+)$/.exec(req.url ?? "");
    if (match) {
      const html = pages[Number(match[1])];
      if (html === undefined) {
        res.writeHead(404).end();
        return;
      }
      // Compressed as the app compresses its pages for a browser that takes Brotli.
      res.writeHead(200, {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Encoding": "br",
        Vary: "Accept-Encoding",
      });
      res.end(html);
      return;
    }
    // Forwarded byte for byte (compressed as the app sent it), so the reference's stylesheet,
    // font and pictures cost what the page's do.
    const upstream = request(
      `${base}${req.url ?? "/"}`,
      { headers: { "accept-encoding": String(req.headers["accept-encoding"] ?? "") } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.writeHead(502).end());
    upstream.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    add: async (address) => {
      const html = await (await fetch(base + address)).text();
      const withoutScripts = html
        .replace(/<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g, "")
        .replace(/<link rel="modulepreload"[^>]*>/g, "");
      pages.push(brotliCompressSync(withoutScripts));
      return `${origin}/__reference/${pages.length - 1}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
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
    const rows = [TABLE_HEADER, ...(await measurePages(chrome.port, base))];
    console.log(`\nLighthouse mobile preset, median of ${RUNS} runs, ${new Date().toISOString()}`);
    console.log(
      "Under each page, its reference: the same server-rendered HTML with every script removed,\n" +
        "served as a static file (its CSS, fonts and pictures from the app): what the machine\n" +
        "scores without the page's JavaScript, so that a ratio holds on a slower or noisier machine.",
    );
    printTable(rows);
    const taps = await measureFirstTaps(chrome.port, base);
    console.log(
      `\nFirst tap under Lighthouse's mobile throttling applied in the browser (CPU 4x, 150 ms RTT,\n` +
        `1.6 Mbps), median of ${RUNS} runs, ${new Date().toISOString()}: navigation start to the primary\n` +
        "control's response, beside the no-JS reference's LCP in the same conditions. Target: <= 1.5x.",
    );
    printTable(taps);
  } finally {
    chrome.kill();
    await stop(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const TABLE_HEADER = [
  "page",
  "perf",
  "a11y",
  "best pr.",
  "SEO",
  "LCP ms",
  "FCP ms",
  "TBT ms",
  "CLS",
  "JS KB wire",
  "JS files",
];

/**
 * The table rows of every page of PAGES (the first product's page; the checkout with that
 * product in the cart), each followed by its reference without scripts.
 */
async function measurePages(chromePort: number, base: string): Promise<string[][]> {
  const products = (await (await fetch(`${base}/api/products`)).json()) as Product[];
  const product = products[0];
  const productId = product?.id ?? 1;
  const rows: string[][] = [];
  const reference = await startReferenceServer(base);
  try {
    for (const page of PAGES) {
      const address = page.replace(":id", String(productId));
      const withCart = page === "/checkout" && product !== undefined;
      if (withCart) {
        const { id, name, description, price, image, category } = product;
        await setCart(chromePort, base, [
          { id, name, description, price, image, category, quantity: 1 },
        ]);
      }
      rows.push(tableRow(page, await measure(chromePort, base + address, page)));
      if (withCart) await setCart(chromePort, base, null);
      const refUrl = await reference.add(address);
      rows.push(tableRow("  same, no JS", await measure(chromePort, refUrl, `${page} reference`)));
    }
  } finally {
    await reference.close();
  }
  return rows;
}

/** The median figures of RUNS Lighthouse runs of `url`, or null if none could be read. */
async function measure(chromePort: number, url: string, label: string): Promise<Figures | null> {
  const runs: Figures[] = [];
  // A run Lighthouse could not read (now and then NO_NAVSTART) is repeated, twice at most
  // per page, so the median is of RUNS runs; the failure is still printed.
  for (let attempt = 1; runs.length < RUNS && attempt <= RUNS + 2; attempt++) {
    const result = await lighthouse(url, {
      port: chromePort,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    const lhr = result?.lhr as unknown as Lhr | undefined;
    if (!lhr || lhr.runtimeError) {
      console.error(`${label} run ${attempt}: ${lhr?.runtimeError?.code ?? "no result"}`);
      continue;
    }
    if (OUT) {
      mkdirSync(OUT, { recursive: true });
      const name = `${label.replace(/[^a-z]+/g, "-").replace(/^-|-$/g, "") || "home"}-${runs.length + 1}.json`;
      writeFileSync(path.join(OUT, name), JSON.stringify(lhr));
    }
    runs.push(figures(lhr));
  }
  if (runs.length === 0) return null;
  const m = (key: keyof Figures) => median(runs.map((r) => r[key]));
  return {
    performance: m("performance"),
    accessibility: m("accessibility"),
    bestPractices: m("bestPractices"),
    seo: m("seo"),
    lcp: m("lcp"),
    fcp: m("fcp"),
    tbt: m("tbt"),
    cls: m("cls"),
    jsKb: m("jsKb"),
    jsFiles: m("jsFiles"),
  };
}

/** One row of the table: the page's figures, or "failed". */
function tableRow(label: string, f: Figures | null): string[] {
  return f
    ? [
        label,
        String(f.performance),
        String(f.accessibility),
        String(f.bestPractices),
        String(f.seo),
        f.lcp.toFixed(0),
        f.fcp.toFixed(0),
        f.tbt.toFixed(0),
        f.cls.toFixed(3),
        f.jsKb.toFixed(1),
        String(f.jsFiles),
      ]
    : [label, "failed"];
}

/** One page's primary control: how to find it on screen, tap it, and see that it answered. */
type PrimaryControl = {
  /** In-page: the control to tap, or null while it is not on screen yet. */
  find: () => Element | null;
  /** In-page: whether the page has answered the tap. */
  answered: () => boolean;
  /** A native select is chosen, not tapped: the option's value. */
  select?: string;
};

/** The primary control of each page of PAGES (issue 33: the first thing a phone client taps). */
const PRIMARY: Record<string, PrimaryControl> = {
  "/": {
    find: () => document.querySelector('[aria-label="Open menu"]'),
    answered: () => !!document.querySelector('[aria-label="Close menu"]'),
  },
  "/services": {
    find: () => document.querySelectorAll('[role="tab"]')[1] ?? null,
    answered: () =>
      document.querySelectorAll('[role="tab"]')[1]?.getAttribute("aria-selected") === "true",
  },
  "/shop": {
    find: () =>
      [...document.querySelectorAll("main button")].find((b) =>
        /^ADD TO CART/.test(b.textContent ?? ""),
      ) ?? null,
    answered: () =>
      document.body.innerText.includes("Added to cart") ||
      !!document.querySelector("main button[data-early-pending]"),
  },
  "/product/:id": {
    find: () =>
      [...document.querySelectorAll("main button")].find(
        (b) => (b.textContent ?? "").trim() === "Add to Cart",
      ) ?? null,
    answered: () =>
      document.body.innerText.includes("Added to cart") ||
      !!document.querySelector("main button[data-early-pending]"),
  },
  "/contact": {
    find: () => {
      const label = [...document.querySelectorAll("label")].find(
        (l) => (l.textContent ?? "").trim() === "Treatment category",
      );
      return label?.htmlFor ? document.getElementById(label.htmlFor) : null;
    },
    answered: () => {
      const label = [...document.querySelectorAll("label")].find(
        (l) => (l.textContent ?? "").trim() === "Service",
      );
      const select = label?.htmlFor ? document.getElementById(label.htmlFor) : null;
      return !!select && !(select as HTMLSelectElement).disabled;
    },
    select: "facial",
  },
  "/cart": {
    find: () => document.querySelector('main [aria-label="Increase quantity"]'),
    answered: () =>
      (document.querySelector('main [aria-label^="Quantity of"]')?.textContent ?? "").trim() ===
      "2",
  },
  "/checkout": {
    find: () =>
      [...document.querySelectorAll("main button")].find(
        (b) => (b.textContent ?? "").trim() === "Continue to payment",
      ) ?? null,
    answered: () => document.body.innerText.includes("Full name is required"),
  },
};

/** Lighthouse's mobile throttling as DevTools applies it (its "devtools" throttling values). */
const NETWORK = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};

/** A fresh context's page with the phone screen, the throttling and the visitor's storage. */
async function phonePage(browser: import("puppeteer-core").Browser, cart: string | null) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({
    width: 412,
    height: 823,
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const cdp = await page.createCDPSession();
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", NETWORK);
  await page.evaluateOnNewDocument(
    (key, value) => {
      // The visitor has answered the cookie banner before (it is measured by its own e2e).
      localStorage.setItem("cookie-consent", "declined");
      if (value) localStorage.setItem(key, value);
    },
    CART_STORAGE_KEY,
    cart,
  );
  return { page, close: () => context.close() };
}

/** Milliseconds from navigation start until `control` answered (null: not within 60 s). */
async function firstTap(
  browser: import("puppeteer-core").Browser,
  url: string,
  control: PrimaryControl,
  cart: string | null,
): Promise<number | null> {
  const { page, close } = await phonePage(browser, cart);
  try {
    const started = Date.now();
    void page.goto(url, { waitUntil: "load", timeout: 90_000 }).catch(() => {});
    let lastTap = 0;
    while (Date.now() - started < 60_000) {
      // The page's own checks, run in the page (between navigations they may fail: retried).
      const answered = await page.evaluate(control.answered).catch(() => false);
      if (answered) return Date.now() - started;
      if (Date.now() - lastTap > 1000) {
        const handle = await page.evaluateHandle(control.find).catch(() => null);
        const element = handle?.asElement() as
          | import("puppeteer-core").ElementHandle<Element>
          | null;
        if (element && (await element.isVisible().catch(() => false))) {
          lastTap = Date.now();
          if (control.select) {
            await (element as import("puppeteer-core").ElementHandle<HTMLSelectElement>)
              .select(control.select)
              .catch(() => {});
          } else {
            await element.click().catch(() => {});
          }
        }
        await handle?.dispose().catch(() => {});
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return null;
  } finally {
    await close();
  }
}

/** The LCP of `url` in the same conditions (ms from navigation start, the browser's own figure). */
async function throttledLcp(
  browser: import("puppeteer-core").Browser,
  url: string,
  cart: string | null,
): Promise<number | null> {
  const { page, close } = await phonePage(browser, cart);
  try {
    await page.evaluateOnNewDocument(() => {
      const w = window as unknown as { __lcp: number };
      w.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp = entry.startTime;
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    await page.goto(url, { waitUntil: "load", timeout: 90_000 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const lcp = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
    return lcp > 0 ? lcp : null;
  } finally {
    await close();
  }
}

/** The first-tap table: per page the median first tap, the reference's LCP and their ratio. */
async function measureFirstTaps(chromePort: number, base: string): Promise<string[][]> {
  const products = (await (await fetch(`${base}/api/products`)).json()) as Product[];
  const product =
    products.find((p) => (p as Product & { stock?: number }).stock !== 0) ?? products[0];
  const productId = product?.id ?? 1;
  const cart = product
    ? JSON.stringify([
        {
          id: product.id,
          name: product.name,
          description: product.description,
          price: product.price,
          image: product.image,
          category: product.category,
          quantity: 1,
        },
      ])
    : null;
  const reference = await startReferenceServer(base);
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  const rows = [["page", "first tap ms", "ref. LCP ms", "ratio", "target <= 1.5x", "taps ok"]];
  try {
    for (const page of PAGES) {
      const control = PRIMARY[page];
      if (!control) continue;
      const address = page.replace(":id", String(productId));
      const withCart = page === "/cart" || page === "/checkout" ? cart : null;
      const taps: number[] = [];
      const lcps: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const tap = await firstTap(browser, base + address, control, withCart);
        if (tap !== null) taps.push(tap);
      }
      // The reference of a cart page is its HTML with the cart in it, as the page paints it.
      const refUrl = await reference.add(address);
      for (let run = 0; run < RUNS; run++) {
        const lcp = await throttledLcp(browser, refUrl, withCart);
        if (lcp !== null) lcps.push(lcp);
      }
      const tap = taps.length ? median(taps) : Number.NaN;
      const lcp = lcps.length ? median(lcps) : Number.NaN;
      const ratio = tap / lcp;
      rows.push([
        page,
        Number.isFinite(tap) ? tap.toFixed(0) : "no answer",
        Number.isFinite(lcp) ? lcp.toFixed(0) : "n/a",
        Number.isFinite(ratio) ? ratio.toFixed(2) : "n/a",
        Number.isFinite(ratio) ? (ratio <= 1.5 ? "met" : "missed") : "n/a",
        `${taps.length}/${RUNS}`,
      ]);
    }
  } finally {
    await browser.disconnect();
    await reference.close();
  }
  return rows;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
