/**
 * Accessibility scan (axe-core, WCAG 2.0/2.1/2.2 A and AA rules) of every public page this issue
 * owns, at 1280 px and 375 px, plus the open states: cookie banner, mobile menu, service dialog.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { declineCookies, fakeMaps } from "./storefront-helpers";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

async function scan(page: Page) {
  // Let reveal animations and transitions finish first.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 40));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(900);
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const summary = result.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary).toEqual([]);
}

const PAGES = [
  "/",
  "/about",
  "/services",
  "/shop",
  "/shop?category=serums",
  "/product/1",
  "/product/999999",
  "/contact",
  "/privacy",
  "/privacy-policy",
  "/terms",
  "/terms-of-service",
  "/cookie-policy",
  "/no-such-page",
  "/cart",
  "/wishlist",
  "/payment-success",
  "/order/1?exp=1&sig=tampered",
];

test.describe("pages", () => {
  test.beforeEach(async ({ context, page }) => {
    await declineCookies(context);
    await fakeMaps(page);
  });
  for (const path of PAGES) {
    test(`${path} has no WCAG 2.2 AA violations`, async ({ page }) => {
      await page.goto(path);
      await scan(page);
    });
  }

  test("the open service dialog has no violations", async ({ page }) => {
    await page.goto("/services#packages-services");
    await page
      .locator("#packages-services")
      .getByRole("button", { name: /^View Details: / })
      .first()
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.waitForTimeout(400);
    const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });

  test("the open mobile menu has no violations", async ({ page }, info) => {
    test.skip(info.project.name !== "mobile", "small screens only");
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });
});

test("the cookie banner has no violations", async ({ page }) => {
  await fakeMaps(page);
  await page.goto("/about");
  await expect(page.getByRole("region", { name: "Cookies on this website" })).toBeVisible();
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(result.violations.map((v) => v.id)).toEqual([]);
});
