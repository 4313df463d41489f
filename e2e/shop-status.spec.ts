/**
 * Issue 33, the rest (decisions 0283-0285), at 375 and 1280 px: consultation prices read the
 * same on /services and in the booking form; the order status page opened from /payment-success
 * by its signed link, and a tampered link refused; on a phone the floating advisor button does
 * not cover the /shop search box or the content it is scrolled over; 'View Details' and the
 * advisor button answer a tap made before hydration on a throttled page. axe on each new state.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { ADMIN, expect, test } from "./fixtures";
import { declineCookies } from "./storefront-helpers";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

async function noViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

test.beforeEach(async ({ context }) => {
  await declineCookies(context);
});

/** A full-page picture of the state for review (SHOP_SHOTS=dir), per project. */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOP_SHOTS;
  if (dir)
    await page.screenshot({
      path: `${dir}/${test.info().project.name}-${name}.png`,
      fullPage: true,
    });
}

test("a consultation's price reads the same on /services and in the booking form", async ({
  page,
}) => {
  await page.goto("/services#dental-services");
  const dental = page.locator("article", {
    has: page.getByRole("heading", { name: "Dental Consultation" }),
  });
  await expect(dental.getByText("Consultation Required")).toBeVisible();
  await expect(dental.getByText("₦15,000, free for first-time clients")).toBeVisible();
  await page.getByRole("tab", { name: /^Laser/ }).click();
  const laser = page.locator("article", {
    has: page.getByRole("heading", { name: "Laser Consultation" }),
  });
  // The note reads "Consultation price: Free" to a screen reader; the eye sees "Free".
  await expect(laser.getByText(/Free$/)).toBeVisible();
  await shot(page, "services-laser");

  await page.goto("/contact?service=Consultation&category=dental#booking");
  const service = page.getByLabel("Service");
  await expect(service.locator("option:checked")).toHaveText(
    "Dental Consultation (₦15,000, free for first-time clients)",
  );
  await page.goto("/contact?service=Consultation&category=laser#booking");
  await expect(service.locator("option:checked")).toHaveText("Laser Consultation (Free)");
  await expect(service.locator("option", { hasText: "₦20,000" })).toHaveCount(0);
});

test("the order status page opens from /payment-success by its signed link, and refuses a tampered one", async ({
  page,
  browser,
}, info) => {
  const manager = await browser.newContext();
  expect((await manager.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  const created = await manager.request.post("/api/products", {
    data: {
      name: `Status Mask ${info.project.name} ${Date.now() % 100000}`,
      price: 9000,
      stock: 5,
      description: "A product made by the order status test.",
      image: "/images/placeholder-product.svg",
      category: "masks",
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await page.goto(`/product/${id}`);
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByText("Added to cart", { exact: true })).toBeVisible();
  await page.goto("/checkout");
  await page.getByLabel("Full name").fill("Ngozi Status");
  await page.getByLabel("Email").fill("ngozi.status@example.com");
  await page.getByLabel("Phone").fill("+234 803 123 4567");
  await page.getByLabel("Address").fill("12 Admiralty Way, Lekki Phase 1");
  await page.getByLabel("City").fill("Lekki");
  await page.getByLabel("State").selectOption("Lagos");
  await page.getByLabel("Postal code").fill("105102");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByRole("button", { name: "Pay ₦11,500" }).click();
  await page
    .getByRole("dialog", { name: "Test payment" })
    .getByRole("button", { name: "Approve" })
    .click();
  await expect(page).toHaveURL(/\/payment-success$/);
  await noViolations(page);
  await shot(page, "payment-success");
  await page.getByRole("link", { name: "View Order Status" }).click();
  await expect(page).toHaveURL(/\/order\/\d+\?exp=\d+&sig=[\w-]{32}$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Paid: we are preparing your order" }),
  ).toBeVisible();
  await expect(page.getByText(/1 × Status Mask/)).toBeVisible();
  await expect(page.getByText("No tracking note yet", { exact: false })).toBeVisible();
  await expect(page.getByText("ngozi.status@example.com")).toHaveCount(0);
  const statusUrl = new URL(page.url());
  const orderId = statusUrl.pathname.split("/")[2];

  // Staff ship it with a tracking note: the same link shows both.
  const patched = await manager.request.patch(`/api/orders/${orderId}`, {
    data: { status: "shipped", trackingNote: "GIG Logistics waybill 4471, expected Friday" },
  });
  expect(patched.status()).toBe(200);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "On its way" })).toBeVisible();
  await expect(page.getByText("GIG Logistics waybill 4471, expected Friday")).toBeVisible();
  await expect(page.locator('[aria-current="step"]')).toContainText("On its way");
  await noViolations(page);
  await shot(page, "order-status");

  // A changed order number or expiry is refused.
  const tampered = new URL(statusUrl);
  tampered.searchParams.set("exp", String(Number(tampered.searchParams.get("exp")) + 1));
  const response = await page.goto(tampered.pathname + tampered.search);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Invalid Order Link" })).toBeVisible();
  await noViolations(page);
  await shot(page, "order-invalid");
  await manager.close();
});

/** Whether two boxes overlap. */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && x.x + x.width > y.x && x.y < y.y + y.height && x.y + x.height > y.y;
}

test.describe("on a phone", () => {
  test("the advisor button never covers the shop's search box or a product's price", async ({
    page,
  }, info) => {
    test.skip(info.project.name === "desktop", "phone layout (375 px)");
    await page.goto("/shop");
    const advisor = page.getByRole("button", { name: "Treatment Advisor" });
    const search = page.getByRole("searchbox").first();
    // Bring the search box to the bottom of the screen, where the button floats.
    for (const offset of [0, 40, 80, 120]) {
      await search.evaluate((el, below) => {
        const box = el.getBoundingClientRect();
        window.scrollBy(0, box.bottom - window.innerHeight + below);
      }, offset);
      await page.waitForTimeout(900);
      if (await advisor.isVisible()) expect(await overlaps(advisor, search)).toBe(false);
    }
    // Scrolled through the grid: whenever it shows, no price lies under it.
    const prices = page.locator("main article p").filter({ hasText: /^Price: ₦[\d,]+$/ });
    expect(await prices.count()).toBeGreaterThan(0);
    for (let step = 0; step < 6; step++) {
      await page.mouse.wheel(0, 220);
      await page.waitForTimeout(900);
      if (!(await advisor.isVisible())) continue;
      for (const price of await prices.all()) {
        if (await price.isVisible()) expect(await overlaps(advisor, price)).toBe(false);
      }
    }
    // At the end of the page it is always there to tap.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(advisor).toBeVisible();
    await advisor.click();
    await expect(page.getByRole("dialog", { name: /Treatment Advisor/ })).toBeVisible();
  });
});

test("View Details and the advisor button answer a tap made before hydration", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 4000));
    await route.continue().catch(() => {});
  });
  await page.mainFrame().goto("/services", { waitUntil: "domcontentloaded" });
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  const details = page.getByRole("button", { name: /^View Details: / }).first();
  const name = ((await details.getAttribute("aria-label")) ?? "").replace("View Details: ", "");
  await details.click();
  await expect(details).toHaveAttribute("aria-busy", "true");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  await expect(page.getByRole("dialog", { name })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("dialog").getByRole("link", { name: /Book/ })).toBeVisible();
  await noViolations(page);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();

  await page.mainFrame().goto("/about", { waitUntil: "domcontentloaded" });
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const advisor = page.getByRole("button", { name: "Treatment Advisor" });
  await advisor.click();
  await expect(page.getByRole("dialog", { name: /Treatment Advisor/ })).toBeVisible({
    timeout: 30_000,
  });
});
