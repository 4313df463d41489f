/**
 * The browser round of `npm run chaos` (issue 35 "a chaos round … that drops the network of a
 * browser client mid-sync: 0 lost, 0 duplicated"): Debian's Chromium through Playwright, signed
 * in, on the till. Each round the device holds `salesPerRound` sales taken offline (written into
 * the till's queue in IndexedDB as the till keeps them: key, time, state, contents), comes online,
 * and while the till sends them one by one the network drops (`context.setOffline`) right after
 * the server has recorded one of them, so that answer never reaches the device; a second later
 * the network returns and the till syncs the rest, resending the one whose answer was lost.
 * The caller checks the database: each sale once.
 */
import { existsSync } from "node:fs";
import { type BrowserContext, chromium, type Page } from "@playwright/test";

/** One sale the device held: its idempotency key and its own customer's email. */
export type HeldSale = { key: string; email: string };

export type BrowserRounds = {
  /** Rounds after which the device's queue was empty. */
  rounds: number;
  /** Times the network dropped mid-sync after the server recorded a sale. */
  drops: number;
  /** Sends of a sale already recorded (the ones whose answer was lost, sent again). */
  resent: number;
  sales: HeldSale[];
  /** Sales still on the device when the last round gave up waiting (0 when all synced). */
  leftOnDevice: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise and the function that settles it. */
function settleable(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Debian's full Chromium (the headless shell lacks some service-worker machinery), or the shell. */
function chromiumPath(): string | undefined {
  for (const p of [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium",
    "/usr/bin/chromium-headless-shell",
  ]) {
    if (p && existsSync(p)) return p;
  }
  return undefined;
}

/** How many sales wait in the till's queue on the device. */
function queued(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open("glow-haven-pos");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("queued-sales")) {
            db.close();
            resolve(0);
            return;
          }
          const count = db.transaction("queued-sales").objectStore("queued-sales").count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

/** Puts `rows` in the till's queue as the till keeps a sale taken offline (in clear: no key). */
function hold(page: Page, rows: unknown[]): Promise<void> {
  return page.evaluate(
    (items) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open("glow-haven-pos");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction("queued-sales", "readwrite");
          for (const item of items) tx.objectStore("queued-sales").put(item);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    rows,
  );
}

/**
 * Runs the rounds against the server at `origin` as `admin`, selling one unit of `productId` per
 * sale. Without a Chromium on the machine it returns null (the round is skipped, and said so).
 */
export async function browserSyncRounds(options: {
  origin: string;
  admin: { username: string; password: string };
  productId: number;
  rounds: number;
  salesPerRound: number;
}): Promise<BrowserRounds | null> {
  const executablePath = chromiumPath();
  if (!executablePath || options.rounds <= 0) {
    console.log("browser round skipped: no Chromium found (CHROMIUM_PATH)");
    return null;
  }
  console.log(`${options.rounds} browser rounds (network dropped mid-sync)…`);
  const browser = await chromium.launch({ executablePath });
  const outcome: BrowserRounds = { rounds: 0, drops: 0, resent: 0, sales: [], leftOnDevice: 0 };
  let context: BrowserContext | null = null;
  try {
    context = await browser.newContext({ baseURL: options.origin });
    const login = await context.request.post("/api/auth/login", { data: options.admin });
    if (login.status() !== 200) throw new Error(`sign-in answered ${login.status()}`);
    const key = (await (await context.request.get("/api/auth/offline-key")).json()) as {
      receiptPrefix: string;
    };
    const product = (await (
      await context.request.get(`/api/products/${options.productId}`)
    ).json()) as { id: number; name: string; price: number };
    const page = await context.newPage();
    await page.goto("/admin/sales");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
    // The till opened its queue's database (its stores exist) once it read the queue.
    for (let i = 0; i < 100 && (await queued(page).catch(() => -1)) < 0; i++) await sleep(100);

    let receipt = 0;
    let sends = 0;
    let dropAt = 0;
    // Settled once the drop of this round is over (the device offline, the answer lost).
    let dropped = settleable();
    const recorded = new Set<string>();
    // On the context, as e2e/offline-day.spec.ts does: it sees the requests the service worker
    // lets through too.
    await context.route("**/api/pos/process-sale", async (route) => {
      sends++;
      const sentKey = route.request().headers()["idempotency-key"] ?? "";
      if (recorded.has(sentKey)) outcome.resent++;
      if (sends !== dropAt) {
        await route.continue();
        recorded.add(sentKey);
        return;
      }
      // The server records the sale; the network drops before its answer reaches the device.
      const answer = await route.fetch();
      if (answer.status() < 300) recorded.add(sentKey);
      await context?.setOffline(true);
      outcome.drops++;
      await route.abort("internetdisconnected");
      dropped.resolve();
    });

    for (let round = 1; round <= options.rounds; round++) {
      await context.setOffline(true);
      const now = Date.now();
      const rows = Array.from({ length: options.salesPerRound }, (_, i) => {
        const saleKey = `chaos-browser-${round}-${i}-${now}`;
        const email = `till.${round}.${i}.${now}@example.com`;
        outcome.sales.push({ key: saleKey, email });
        const soldAt = new Date(now - (options.salesPerRound - i) * 1_000).toISOString();
        return {
          key: saleKey,
          queuedAt: soldAt,
          status: "waiting",
          clear: {
            customerName: `Till Client ${round}.${i}`,
            total: product.price,
            payload: {
              cart: [
                {
                  id: product.id,
                  type: "product",
                  name: product.name,
                  price: product.price,
                  quantity: 1,
                },
              ],
              customerInfo: { name: `Till Client ${round}.${i}`, email, phone: "08031234567" },
              paymentMethod: "cash",
              cashReceived: product.price,
              totalAmount: product.price,
              idempotencyKey: saleKey,
              soldAt,
              offlineReceipt: `${key.receiptPrefix}-${String(++receipt).padStart(4, "0")}`,
            },
          },
        };
      });
      await hold(page, rows);
      // Drop after the server records the 1st to the (n-1)th sale of this round.
      sends = 0;
      dropAt = 1 + Math.floor(Math.random() * (options.salesPerRound - 1));
      dropped = settleable();
      await context.setOffline(false);
      // The drop happens (offline again, the answer lost); the network is back a second later.
      await Promise.race([dropped.promise, sleep(60_000)]);
      await sleep(1_000);
      await context.setOffline(false);
      // The till syncs on 'online' (and every 30 s): wait for the queue to empty.
      let left = await queued(page);
      for (let i = 0; i < 120 && left > 0; i++) {
        await sleep(500);
        left = await queued(page);
      }
      outcome.leftOnDevice = left;
      if (left > 0) {
        console.error(`browser round ${round}: ${left} sales still on the device after 60 s`);
        break;
      }
      outcome.rounds++;
    }
  } finally {
    await context?.close();
    await browser.close();
  }
  return outcome;
}
