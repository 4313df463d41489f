/**
 * The point of sale (issue 11, admin spec §2 "Point of sale", §4, §5, §8): ring up a service and
 * two products with a percentage surcharge and a discount, pay cash with change ('Sale
 * Complete', the panel cleared); a split card + transfer sale; the daily tables and the CSV
 * match; refund one line and see the refund row; close the day with a count by note and reopen
 * it. And
 * offline: with the network cut a sale is queued ('waiting to sync'), and once the network is
 * back it is recorded exactly once.
 * With POS_SCREENSHOTS=dir the desktop run saves the till and the daily sales at 1280 px.
 */
import type { Page } from "@playwright/test";
import { lagosDatePlus, lagosToday } from "./dates";
import { ADMIN, expect, signIn, test } from "./fixtures";

type Item = { id: number; name: string; price: number | string; stock?: number };

const naira = (n: number) =>
  new Intl.NumberFormat("en-NG", {
    style: "currency",
    currency: "NGN",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(n);

async function catalogue(page: Page) {
  const services: Item[] = await (await page.request.get("/api/services")).json();
  const products: Item[] = await (await page.request.get("/api/products")).json();
  const priced = services.filter((s) => s.price !== null && Number(s.price) > 0);
  const stocked = products.filter((p) => (p.stock ?? 0) >= 10);
  return {
    service: priced[0] as Item,
    a: stocked[0] as Item,
    b: stocked[1] as Item,
    c: stocked[2] as Item,
  };
}

async function addFromTab(page: Page, tab: "Services" | "Products", name: string) {
  await page.getByRole("tab", { name: tab }).click();
  await page.getByRole("searchbox", { name: `Search ${tab.toLowerCase()}` }).fill(name);
  await page.getByRole("button", { name: `Add ${name}`, exact: true }).click();
}

async function fillCustomer(page: Page, name: string, email: string) {
  const dialog = page.getByRole("dialog", { name: "Complete Sale" });
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await dialog.getByLabel("Email", { exact: true }).fill(email);
  return dialog;
}

test("till: cash sale with surcharge and discount, split sale, daily tables and CSV, refund, day close", async ({
  page,
}, info) => {
  test.skip(
    info.project.name !== "desktop",
    "the till is a desktop screen; 375 px is checked below",
  );
  const tag = Date.now();
  await signIn(page);
  const { service, a, b, c } = await catalogue(page);
  await page.goto("/admin/sales");
  await expect(page.getByRole("heading", { name: "Point of Sale", level: 1 })).toBeVisible();
  for (const name of ["Daily Sales", "Quick Sale", "Services", "Products"]) {
    await expect(page.getByRole("tab", { name })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Current Sale" })).toBeVisible();

  // Checkout with nothing in the cart: the spec's toast.
  await page.getByRole("button", { name: "Checkout", exact: true }).click();
  await expect(page.getByText("Empty Cart", { exact: true })).toBeVisible();
  await expect(
    page.getByText("Please add items to cart before processing sale", { exact: true }),
  ).toBeVisible();

  // A percentage surcharge, added in the same screen.
  await page.getByRole("button", { name: "Surcharges" }).click();
  const manage = page.getByRole("dialog", { name: "Surcharges" });
  await manage.getByLabel("Surcharge name").fill(`VAT ${tag}`);
  await manage.getByLabel("Amount (%)").fill("7.5");
  await manage.getByRole("button", { name: "Add Surcharge" }).click();
  await expect(manage.getByText(`VAT ${tag}`)).toBeVisible();
  await manage.getByRole("button", { name: "Close dialog" }).click();

  // A service and two products; + and − on a line.
  await addFromTab(page, "Services", service.name);
  await addFromTab(page, "Products", a.name);
  await addFromTab(page, "Products", b.name);
  await page.getByRole("button", { name: `Increase quantity of ${a.name}` }).click();
  await page.getByRole("button", { name: `Increase quantity of ${a.name}` }).click();
  await page.getByRole("button", { name: `Decrease quantity of ${a.name}` }).click();
  const subtotal = Number(service.price) + 2 * Number(a.price) + Number(b.price);
  const surcharge = Math.round(subtotal * 7.5) / 100;
  const discount = 1000;
  const total = Math.round((subtotal + surcharge - discount) * 100) / 100;
  const cash = Math.ceil(total / 10000) * 10000 + 10000;
  const change = Math.round((cash - total) * 100) / 100;
  const panel = page.getByRole("complementary").filter({ hasText: "Current Sale" });
  await expect(panel.getByText(naira(subtotal), { exact: true }).first()).toBeVisible();

  if (process.env.POS_SCREENSHOTS) {
    await page.getByRole("tab", { name: "Quick Sale" }).click();
    await page.screenshot({ path: `${process.env.POS_SCREENSHOTS}/pos-till-1280.png` });
  }
  await page.getByRole("button", { name: "Checkout", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Complete Sale" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Complete Sale" }).click();
  await expect(page.getByText("Customer Info Required", { exact: true })).toBeVisible();
  await expect(
    page.getByText("Please enter customer name and email", { exact: true }),
  ).toBeVisible();
  await fillCustomer(page, "Ada Obi", `ada.${tag}@example.com`);
  await dialog.getByLabel(`VAT ${tag}`, { exact: false }).check();
  await dialog.getByLabel("Discount").fill(String(discount));
  await dialog.getByLabel("Cash", { exact: true }).check();
  await dialog.getByLabel("Cash Received").fill(String(cash));
  await expect(dialog.getByText(naira(total), { exact: true })).toBeVisible();
  await expect(dialog.getByText(naira(change), { exact: true })).toBeVisible();
  if (process.env.POS_SCREENSHOTS) {
    await page.screenshot({ path: `${process.env.POS_SCREENSHOTS}/pos-checkout-1280.png` });
  }
  await dialog.getByRole("button", { name: "Complete Sale" }).click();
  await expect(page.getByText("Sale Complete", { exact: true })).toBeVisible();
  await expect(page.getByText(/^Sale #\d+ processed successfully$/)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(panel.getByText("No items yet. Tap an item to add it.")).toBeVisible();
  await expect(panel.getByText(/Last sale #\d+/)).toContainText(`change ${naira(change)}`);

  // A split card + transfer sale: 'Add Payment' adds a card payment for what is left.
  await addFromTab(page, "Products", c.name);
  await page.getByRole("button", { name: "Checkout", exact: true }).click();
  await fillCustomer(page, "Bisi Ade", `bisi.${tag}@example.com`);
  await dialog.getByLabel("Split", { exact: true }).check();
  await dialog.getByRole("button", { name: "Add Payment" }).click();
  const first = Math.floor(Number(c.price) / 2);
  await dialog.getByLabel("Payment 1 amount").fill(String(first));
  await dialog.getByRole("button", { name: "Add Payment" }).click();
  await expect(dialog.getByLabel("Payment 2 amount")).toHaveValue(
    (Number(c.price) - first).toFixed(2),
  );
  await dialog.getByLabel("Payment 2 method").selectOption("transfer");
  await dialog.getByRole("button", { name: "Complete Sale" }).click();
  await expect(page.getByText(/^Sale #\d+ processed successfully$/)).toBeVisible();

  // The daily tables show what the API answers, and the CSV matches them.
  const today = lagosToday();
  const daily = await (await page.request.get(`/api/sales/daily/${today}`)).json();
  await page.getByRole("tab", { name: "Daily Sales" }).click();
  const summary = page.getByRole("table").filter({ hasText: "Item type" });
  const row = (name: string) => summary.getByRole("row", { name: new RegExp(`^${name}`) });
  const services = daily.transactionSummary[0];
  const productsRow = daily.transactionSummary[1];
  expect(services.salesQty).toBeGreaterThanOrEqual(1);
  expect(productsRow.salesQty).toBeGreaterThanOrEqual(4);
  await expect(row("Services")).toContainText(naira(services.grossTotal));
  await expect(row("Products")).toContainText(String(productsRow.salesQty));
  await expect(row("Total")).toContainText(naira(daily.totals.grossTotal));
  const movement = page.getByRole("table").filter({ hasText: "Payment type" });
  await expect(movement.getByRole("row", { name: /^Cash/ })).toContainText(
    naira(daily.cashMovement.cash.collected),
  );
  await expect(movement.getByRole("row", { name: /^Other/ })).toContainText(
    naira(daily.cashMovement.other.collected),
  );
  expect(daily.cashMovement.cash.collected).toBeGreaterThanOrEqual(total);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export" }).click();
  const csvPath = await (await download).path();
  const { readFileSync } = await import("node:fs");
  const csv = readFileSync(csvPath, "utf8");
  expect(csv).toContain(
    `Services,${services.salesQty},${services.refundQty},${services.grossTotal.toFixed(2)}`,
  );
  expect(csv).toContain(
    `Products,${productsRow.salesQty},${productsRow.refundQty},${productsRow.grossTotal.toFixed(2)}`,
  );
  expect(csv).toContain(
    `Cash,${daily.cashMovement.cash.collected.toFixed(2)},${daily.cashMovement.cash.refunds.toFixed(2)}`,
  );
  expect(csv).toContain(
    `Total,${daily.totals.salesQty},${daily.totals.refundQty},${daily.totals.grossTotal.toFixed(2)}`,
  );

  // Refund one line of the cash sale: it returns its price with its share of the VAT, less its
  // share of the discount (decision 0216: running-sum shares rounded half up; b, the last line,
  // takes what the lines before it leave). The refund row appears.
  const kobo = (naira: number) => Math.round(naira * 100);
  const beforeB = kobo(Number(service.price) + 2 * Number(a.price));
  const upToB = (amount: number) =>
    Math.floor((2 * amount * beforeB + kobo(subtotal)) / (2 * kobo(subtotal)));
  const refunded =
    (kobo(Number(b.price)) +
      (kobo(surcharge) - upToB(kobo(surcharge))) -
      (kobo(discount) - upToB(kobo(discount)))) /
    100;
  const cashSale = page.getByRole("row").filter({ hasText: "Ada Obi" }).first();
  await cashSale.getByRole("button", { name: /^Refund sale #/ }).click();
  const refund = page.getByRole("alertdialog");
  await refund.getByLabel(`Refund quantity of ${b.name}`).fill("1");
  await refund.getByLabel("Reason").fill("Damaged bottle");
  await refund.getByRole("button", { name: `Refund ${naira(refunded)}` }).click();
  await expect(page.getByText("Refund recorded", { exact: true })).toBeVisible();
  await expect(row("Refund amount")).toContainText(`-${naira(refunded)}`);
  await expect(row("Products").getByRole("cell").nth(1)).toHaveText("1");

  // Close the day with a count by note ₦500 short, then reopen it (a manager): the later tests
  // and specs sell today, and a closed day refuses sales (decision 0230).
  const sheet = await (await page.request.get(`/api/sales/daily/${today}/close`)).json();
  const counted = sheet.cash.expected - 500;
  const thousands = Math.floor(counted / 1000);
  const close = page.getByRole("region", { name: "Day close" });
  await close.getByLabel("₦1,000 notes").fill(String(thousands));
  await close.getByLabel("Coins (₦)").fill((counted - thousands * 1000).toFixed(2));
  await expect(close.getByText(`-${naira(500)} short`).first()).toBeVisible();
  if (process.env.POS_SCREENSHOTS) {
    await page.screenshot({
      path: `${process.env.POS_SCREENSHOTS}/pos-daily-1280.png`,
      fullPage: true,
    });
  }
  await close.getByRole("button", { name: "Close Day" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Close Day" }).click();
  await expect(page.getByText("Day closed", { exact: true })).toBeVisible();
  await expect(close.getByText(`Closed by ${ADMIN.username}`, { exact: false })).toBeVisible();
  await expect(close.getByText(naira(counted), { exact: true }).first()).toBeVisible();
  await expect(close.getByLabel("₦1,000 notes")).toHaveCount(0);
  await close.getByRole("button", { name: "Reopen Day" }).click();
  await page.getByRole("alertdialog").getByLabel("Reason").fill("e2e: the day goes on");
  await page.getByRole("alertdialog").getByRole("button", { name: "Reopen Day" }).click();
  await expect(page.getByText("Day reopened", { exact: true })).toBeVisible();
});

test("offline: a sale taken without network waits, then syncs once", async ({
  page,
  context,
  consoleErrors,
}, info) => {
  test.skip(info.project.name !== "desktop", "one viewport is enough for the queue");
  const tag = Date.now();
  const email = `offline.${tag}@example.com`;
  await signIn(page);
  const { a } = await catalogue(page);
  await page.goto("/admin/sales?tab=products");
  await expect(page.getByRole("heading", { name: "Current Sale" })).toBeVisible();

  await context.setOffline(true);
  await addFromTab(page, "Products", a.name);
  await page.getByRole("button", { name: "Checkout", exact: true }).click();
  const dialog = await fillCustomer(page, "Chika Offline", email);
  await dialog.getByLabel("Card", { exact: true }).check();
  await dialog.getByRole("button", { name: "Complete Sale" }).click();
  await expect(page.getByText("Saved offline", { exact: true })).toBeVisible();
  const queue = page.getByRole("region", { name: "Offline sales" });
  await expect(queue.getByText("waiting to sync")).toBeVisible();
  await expect(queue).toContainText("Chika Offline");
  await expect(page.getByText("No items yet. Tap an item to add it.")).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText("Offline sales synced", { exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(queue).toBeHidden();
  const records: Array<{ saleNumber: number }> = await (
    await page.request.get(`/api/sales?customerEmail=${encodeURIComponent(email)}`)
  ).json();
  expect(records).toHaveLength(1);
  // Reloading (a second sync attempt) records nothing more.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Current Sale" })).toBeVisible();
  const again: unknown[] = await (
    await page.request.get(`/api/sales?customerEmail=${encodeURIComponent(email)}`)
  ).json();
  expect(again).toHaveLength(1);
  // While offline the browser logs every request it could not make (the sale's POST, React
  // Router's route discovery for links on screen, the service worker's update check): expected
  // here, so only those are dropped.
  const offline =
    /ERR_INTERNET_DISCONNECTED|Failed to fetch|An unknown error occurred when fetching the script/;
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !offline.test(e)));
});

test("quick sale: Start Checkout loads the appointment and completes it once paid", async ({
  page,
}, info) => {
  test.skip(info.project.name !== "desktop", "one viewport is enough");
  const tag = Date.now();
  const email = `funmi.${tag}@example.com`;
  await signIn(page);
  const { service } = await catalogue(page);
  const tomorrow = lagosDatePlus(1);
  const created = await page.request.post("/api/appointments", {
    data: {
      customerName: "Funmi Bello",
      customerEmail: email,
      customerPhone: "08031234567",
      serviceId: service.id,
      appointmentDate: `${tomorrow} 10:00`,
    },
  });
  expect(created.status()).toBe(201);
  const appointment = await created.json();

  await page.goto("/admin/sales");
  await page.getByRole("button", { name: "Start Checkout for Funmi Bello" }).click();
  const panel = page.getByRole("complementary").filter({ hasText: "Current Sale" });
  await expect(panel.getByText(`Checking out Funmi Bello's ${service.name}`)).toBeVisible();
  await expect(panel.getByText(service.name, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Checkout", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Complete Sale" });
  await expect(dialog.getByLabel("Email", { exact: true })).toHaveValue(email);
  await dialog.getByLabel("Card", { exact: true }).check();
  await dialog.getByRole("button", { name: "Complete Sale" }).click();
  await expect(page.getByText(/^Sale #\d+ processed successfully$/)).toBeVisible();
  const after: Array<{ id: string; status: string }> = await (
    await page.request.get(`/api/appointments?customerEmail=${encodeURIComponent(email)}`)
  ).json();
  expect(after.find((a) => a.id === appointment.id)?.status).toBe("completed");
});

test("the till fits a 375 px phone and the receipt prints the sale", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page);
  const { a } = await catalogue(page);
  const res = await page.request.post("/api/pos/process-sale", {
    data: {
      cart: [{ id: a.id, type: "product", quantity: 1 }],
      customerInfo: { name: "Dayo Receipt", email: `dayo.${Date.now()}@example.com` },
      paymentMethod: "cash",
      cashReceived: Number(a.price) + 500,
    },
  });
  expect(res.status()).toBe(201);
  const sale = await res.json();
  await page.goto("/admin/sales?tab=products");
  await expect(page.getByRole("heading", { name: "Current Sale" })).toBeVisible();
  await addFromTab(page, "Products", a.name);
  await page.getByRole("button", { name: /^View sale \(1\)/ }).click();
  await expect(
    page.getByRole("button", { name: `Increase quantity of ${a.name}` }),
  ).toBeInViewport();
  if (process.env.POS_SCREENSHOTS) {
    await page.screenshot({ path: `${process.env.POS_SCREENSHOTS}/pos-375.png`, fullPage: true });
  }
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await page.goto(`/admin/sales/receipt/${sale.saleNumber}`);
  const receipt = page.getByRole("article");
  await expect(
    receipt.getByRole("heading", { name: "Glow Haven Skin & Wellness Clinic" }),
  ).toBeVisible();
  await expect(receipt).toContainText(`Sale #${sale.saleNumber}`);
  await expect(receipt).toContainText("14 Adeola Odeku Street");
  await expect(receipt).toContainText(a.name);
  await expect(receipt).toContainText(`Change${naira(500)}`);
});
