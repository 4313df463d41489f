/**
 * Issue 29: Daily Sales and the till fit a 375 px phone with no sideways scrolling, and a sale's
 * Refund and Void stay in reach there; Analytics shows the reports over a range with their chart
 * and CSV, and the exports (run at 1280 and 375 px).
 */
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";

/** A cash sale of the first stocked product, through the API; answers the stored sale. */
async function sellOne(page: Page, name: string) {
  const products: Array<{ id: number; price: number; stock: number }> = await (
    await page.request.get("/api/products")
  ).json();
  const product = products.find((p) => p.stock >= 5);
  if (!product) throw new Error("no stocked product");
  const res = await page.request.post("/api/pos/process-sale", {
    data: {
      cart: [{ id: product.id, type: "product", quantity: 1 }],
      customerInfo: {
        name,
        email: `${name.split(" ")[0]?.toLowerCase()}.${Date.now()}@example.com`,
      },
      paymentMethod: "cash",
      cashReceived: Number(product.price) + 500,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { saleNumber: number; soldAt: string };
}

const pageWidth = (page: Page) =>
  page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollWidth);

test("Daily Sales and the till fit 375 px; Refund and Void are in reach", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page);
  const sale = await sellOne(page, "Zainab Phone");

  await page.goto("/admin/sales?tab=daily-sales");
  await expect(page.getByRole("heading", { name: "Sales of the day" })).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(375);
  // In reach without scrolling sideways, the page's or a table's: inside the phone's width as
  // laid out, before anything is scrolled (a click would scroll a table region by itself).
  for (const action of ["Refund", "Void"]) {
    const button = page.getByRole("button", { name: `${action} sale #${sale.saleNumber}` });
    await expect(button).toBeVisible();
    const box = await button.boundingBox();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
  }
  await page.getByRole("button", { name: `Void sale #${sale.saleNumber}` }).click();
  await expect(
    page.getByRole("alertdialog", { name: `Void sale #${sale.saleNumber}?` }),
  ).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: `Refund sale #${sale.saleNumber}` }).click();
  await expect(
    page.getByRole("alertdialog", { name: `Refund sale #${sale.saleNumber}` }),
  ).toBeVisible();
  await page.keyboard.press("Escape");

  await page.getByRole("tab", { name: "Quick Sale" }).click();
  await expect(page.getByRole("heading", { name: "Current Sale" })).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(375);
});

test("Analytics: the reports over a range with a chart, the report's CSV and the exports", async ({
  page,
}) => {
  await signIn(page);
  const sale = await sellOne(page, "Yetunde Report");
  const today = new Date(Date.parse(sale.soldAt) + 3_600_000).toISOString().slice(0, 10);

  await page.goto(`/admin/analytics?from=${today}&to=${today}`);
  await expect(page.getByRole("heading", { name: "Reports", level: 2 })).toBeVisible();
  const byDay = page.getByRole("region", { name: "By day" });
  await expect(byDay.getByRole("rowheader", { name: today })).toBeVisible();
  await expect(page.getByTestId("report-chart")).toBeVisible();
  await expect(page.getByRole("region", { name: "By tender" })).toContainText("Cash");
  if (page.viewportSize()?.width === 375) {
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
  }

  const csv = await page.request.get(`/api/reports/sales/export?from=${today}&to=${today}`);
  expect(csv.status()).toBe(200);
  expect((await csv.text()).split(/\r?\n/)[0]).toBe(`Sales report,${today} to ${today}`);
  const link = page
    .getByRole("region", { name: "Exports (CSV)" })
    .getByRole("link", { name: "Clients" });
  await expect(link).toHaveAttribute("href", `/api/exports/clients.csv?from=${today}&to=${today}`);
  const clients = await page.request.get("/api/exports/clients.csv");
  expect((await clients.text()).split(/\r?\n/)[0]).toBe(
    "Client,First name,Last name,Email,Phone,Address,City,State,Source,Status,Marketing consent,Added",
  );

  // A range typed backwards keeps the default range and says why.
  await page.goto(`/admin/analytics?from=${today}&to=2020-01-01`);
  await expect(page.getByText("The end date must be on or after the start date")).toBeVisible();
});
