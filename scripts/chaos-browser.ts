/**
 * The browser round of `npm run chaos` (issue 35 "a chaos round … that drops the network of a
 * browser client mid-sync: 0 lost, 0 duplicated"): Debian's Chromium through Playwright, signed
 * in through the sign-in form and readied for offline work as a member's device is (the offline
 * key, the service worker and its sealed page copies: `<html data-offline-ready>`), on the till.
 * Each round the network goes (`context.setOffline`) and `salesPerRound` cash sales are rung up
 * at the till as the front desk does (the till seals them in its IndexedDB queue with the
 * session's key and numbers their receipts with the device's prefix); then the network returns,
 * and while the till sends them one by one the network drops right after the server has
 * recorded one of them, so that answer never reaches the device; a second later the network
 * returns and the till syncs the rest, resending the one whose answer was lost.
 * The caller checks the database: each sale once, by the idempotency key the till gave it and
 * by its own customer's email (docs/decisions/0330-chaos-browser-round-uses-the-till-as-the-front-desk-does.md).
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
  /** Why the rounds stopped early (a step of the till that failed), if they did. */
  error?: string;
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

/** The idempotency keys of the sales in the till's queue on the device (kept in clear). */
function queuedKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open("glow-haven-pos");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("queued-sales")) {
            db.close();
            resolve([]);
            return;
          }
          const keys = db.transaction("queued-sales").objectStore("queued-sales").getAllKeys();
          keys.onsuccess = () => {
            db.close();
            resolve(keys.result.map(String));
          };
          keys.onerror = () => reject(keys.error);
        };
      }),
  );
}

/** Waits until the page's React has hydrated. */
async function hydrated(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
}

/** Waits until the top bar's count of items waiting on the device reads `n` (none for 0). */
async function waiting(page: Page, n: number, timeout = 15_000): Promise<void> {
  const status = page.getByTestId("connection-status");
  if (n === 0) {
    await status.filter({ hasNotText: "waiting" }).waitFor({ timeout });
  } else {
    await status.filter({ hasText: `${n} waiting` }).waitFor({ timeout });
  }
}

/**
 * Rings up one unit of `product` at the till (the network off), paid in cash, for a customer of
 * its own; returns the idempotency key the till gave the sale it queued.
 */
async function ringUp(
  page: Page,
  product: { name: string; price: number },
  customer: { name: string; email: string },
): Promise<string> {
  const before = new Set(await queuedKeys(page));
  await page.getByRole("tab", { name: "Products" }).click();
  const search = page.getByRole("searchbox", { name: "Search products" });
  if ((await search.inputValue()) !== product.name) await search.fill(product.name);
  await page.getByRole("button", { name: `Add ${product.name}`, exact: true }).click();
  await page.getByRole("button", { name: "Checkout", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Complete Sale" });
  await dialog.getByLabel("Name", { exact: true }).fill(customer.name);
  await dialog.getByLabel("Email", { exact: true }).fill(customer.email);
  await dialog.getByLabel("Cash", { exact: true }).check();
  await dialog.getByLabel("Cash Received").fill(String(product.price));
  await dialog.getByRole("button", { name: "Complete Sale" }).click();
  await dialog.waitFor({ state: "detached" });
  // The dialog closes once the sale is queued; the queue's new key is this sale's.
  for (let i = 0; i < 100; i++) {
    const added = (await queuedKeys(page)).filter((k) => !before.has(k));
    if (added.length === 1) return added[0] as string;
    if (added.length > 1) throw new Error(`one sale queued ${added.length} items`);
    await sleep(100);
  }
  throw new Error(`the sale of ${customer.email} was not queued on the device`);
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
  if (options.rounds <= 0) return null;
  if (!executablePath) {
    console.log("browser round skipped: no Chromium found (CHROMIUM_PATH)");
    return null;
  }
  console.log(`${options.rounds} browser rounds (network dropped mid-sync)…`);
  const browser = await chromium.launch({ executablePath });
  const outcome: BrowserRounds = { rounds: 0, drops: 0, resent: 0, sales: [], leftOnDevice: 0 };
  let context: BrowserContext | null = null;
  let page: Page | null = null;
  try {
    context = await browser.newContext({ baseURL: options.origin });
    page = await context.newPage();
    // Signed in through the form, and ready for offline work as a member's device is: without
    // the service worker's sealed copies, the till's page fails to reload its data when the
    // network drops mid-sync.
    await page.goto("/admin");
    await hydrated(page);
    await page.getByLabel("Username").fill(options.admin.username);
    await page.getByLabel("Password").fill(options.admin.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor({ timeout: 30_000 });
    await page.locator("html[data-offline-ready]").waitFor({ state: "attached", timeout: 60_000 });
    // The page's session: the context's request shares its cookie.
    const product = (await (
      await context.request.get(`/api/products/${options.productId}`)
    ).json()) as { id: number; name: string; price: number };
    await page.goto("/admin/sales");
    await hydrated(page);
    await page.getByRole("heading", { name: "Point of Sale", level: 1 }).waitFor();

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
        const answer = await route.fetch();
        if (answer.status() < 300) recorded.add(sentKey);
        await route.fulfill({ response: answer });
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
      await page.getByTestId("connection-status").filter({ hasText: "Offline" }).waitFor();
      const tag = Date.now();
      for (let i = 0; i < options.salesPerRound; i++) {
        const email = `till.${round}.${i}.${tag}@example.com`;
        const key = await ringUp(page, product, { name: `Till Client ${round}.${i}`, email });
        outcome.sales.push({ key, email });
        await waiting(page, i + 1);
      }
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
      let left = (await queuedKeys(page)).length;
      for (let i = 0; i < 120 && left > 0; i++) {
        await sleep(500);
        left = (await queuedKeys(page)).length;
      }
      outcome.leftOnDevice = left;
      if (left > 0) {
        console.error(`browser round ${round}: ${left} sales still on the device after 60 s`);
        break;
      }
      await waiting(page, 0);
      outcome.rounds++;
    }
  } catch (error) {
    // A failed step ends the rounds; the caller still checks what reached the database.
    outcome.error = (error as Error).message.split("\n")[0];
    const screen = await page
      ?.evaluate(() => `${location.href}: ${document.body.innerText.slice(0, 300)}`)
      .catch(() => "the page could not be read");
    console.error(`browser round ${outcome.rounds + 1} failed: ${outcome.error}\n  on ${screen}`);
    outcome.leftOnDevice = page
      ? await queuedKeys(page).then(
          (k) => k.length,
          () => 0,
        )
      : 0;
  } finally {
    await context?.close();
    await browser.close();
  }
  return outcome;
}
