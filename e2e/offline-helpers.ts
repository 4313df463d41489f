/**
 * Helpers of the offline front-desk journeys (issue 35; e2e/offline-day.spec.ts): a browser with
 * its profile on disk (closing and launching it again is a browser restart), the console errors
 * a cut network does not explain, a page opened and hydrated, the manager's API session, and the
 * till's, calendar's and time clock's steps done offline. Copied in part from
 * e2e/offline-front-desk.spec.ts (left as it is: it has its own copies).
 */
import { existsSync } from "node:fs";
import {
  type APIRequestContext,
  type BrowserContext,
  chromium,
  expect,
  type LaunchOptions,
  type Page,
  request as playwrightRequest,
} from "@playwright/test";
import { ADMIN } from "./fixtures";

/** The full browser (new headless mode): the headless shell lacks some service-worker machinery. */
const FULL_CHROMIUM = "/usr/bin/chromium";

/** A browser with its profile in `dir`; `offline` starts it with the network off. */
export async function launch(
  launchOptions: LaunchOptions | undefined,
  dir: string,
  baseURL: string,
  offline = false,
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dir, {
    ...launchOptions,
    ...(existsSync(FULL_CHROMIUM) && !process.env.CHROMIUM_PATH
      ? { executablePath: FULL_CHROMIUM }
      : {}),
    baseURL,
    viewport: { width: 1280, height: 800 },
    offline,
  });
}

/** The page's console errors, less those that a cut network makes the browser log. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  const expected =
    /ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch|fetching the script|status of 4\d\d|status of 503/;
  page.on("console", (msg) => {
    if (msg.type() === "error" && !expected.test(msg.text())) errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  return errors;
}

/** Opens `url` in the context's first tab and waits for React to hydrate it. */
export async function openPage(context: BrowserContext, url: string): Promise<Page> {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(url);
  await hydrated(page);
  return page;
}

export async function hydrated(page: Page): Promise<void> {
  await page
    .locator("html[data-hydrated]")
    .waitFor({ state: "attached", timeout: 15_000 })
    .catch(() => {});
}

/** Signs in through the form and waits until the device is ready for offline work. */
export async function signInReady(page: Page): Promise<void> {
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.locator("html[data-offline-ready]")).toBeAttached({ timeout: 60_000 });
}

/** The manager's API session (setup and checks, never the device under test). */
export async function managerApi(baseURL: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  expect((await api.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  return api;
}

/** A product of its own for one test (price in naira). */
export async function newProduct(
  api: APIRequestContext,
  fields: { name: string; price: number; stock: number },
): Promise<{ id: number; name: string; price: number }> {
  const created = await api.post("/api/products", {
    data: {
      ...fields,
      description: "A product made by the offline day test.",
      image: "/images/placeholder-product.svg",
      category: "masks",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  return { id, name: fields.name, price: fields.price };
}

export type OfflineSale = {
  customer: string;
  email: string;
  method: "cash" | "card" | "transfer";
  /** The terminal's RRN (card) or the bank alert's reference (transfer). */
  reference?: string;
  payer?: string;
};

/** The top bar's waiting count reaches `n`. */
export async function waiting(page: Page, n: number): Promise<void> {
  const status = page.getByTestId("connection-status");
  if (n === 0) await expect(status).not.toContainText("waiting", { timeout: 60_000 });
  else await expect(status).toContainText(`${n} waiting`);
}

/**
 * Rings one unit of `product` up at the till with the network off; waits until the queue holds
 * `queuedAfter` items (the toast alone could be an earlier sale's).
 */
export async function ringUpOffline(
  page: Page,
  product: { name: string; price: number },
  sale: OfflineSale,
  queuedAfter: number,
): Promise<void> {
  await page.getByRole("tab", { name: "Products" }).click();
  const search = page.getByRole("searchbox", { name: "Search products" });
  if ((await search.inputValue()) !== product.name) await search.fill(product.name);
  await page.getByRole("button", { name: `Add ${product.name}`, exact: true }).click();
  await page.getByRole("button", { name: "Checkout", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Complete Sale" });
  await dialog.getByLabel("Name", { exact: true }).fill(sale.customer);
  await dialog.getByLabel("Email", { exact: true }).fill(sale.email);
  if (sale.method === "cash") {
    await dialog.getByLabel("Cash", { exact: true }).check();
    await dialog.getByLabel("Cash Received").fill(String(product.price * 2));
  } else if (sale.method === "card") {
    await dialog.getByLabel("Card", { exact: true }).check();
    await dialog.getByLabel("Terminal reference").fill(sale.reference ?? "");
  } else {
    await dialog.getByLabel("Transfer", { exact: true }).check();
    await dialog.getByLabel("Payer name").fill(sale.payer ?? "");
    await dialog.getByLabel("Transfer reference").fill(sale.reference ?? "");
  }
  await dialog.getByRole("button", { name: "Complete Sale" }).click();
  await expect(dialog).toHaveCount(0);
  await waiting(page, queuedAfter);
}

/** The recorded sale lines of a customer (GET /api/sales?customerEmail=). */
export async function salesOf(
  api: APIRequestContext,
  email: string,
): Promise<Array<{ saleId: number; paymentMethod: string; status: string }>> {
  const res = await api.get(`/api/sales?customerEmail=${encodeURIComponent(email)}`);
  expect(res.status()).toBe(200);
  return res.json();
}
