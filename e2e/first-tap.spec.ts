/**
 * A tap is never lost (issue 33): on a phone-slow page (CPU 6x slower, scripts 4 s late) the
 * first taps land before React hydrates, and still answer: the cookie banner's native form, the
 * small-screen menu, a tab, and ADD TO CART on the shop grid.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { advisorLauncher, declineCookies } from "./storefront-helpers";

/** Throttles the CPU and holds the page's scripts back, as on a slow phone and network. */
async function slowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 4000));
    await route.continue().catch(() => {}); // the page may have moved on
  });
}

/** Goes to a page without waiting for hydration (fixtures.ts's goto waits for it). */
async function openUnhydrated(page: Page, path: string) {
  await page.mainFrame().goto(path, { waitUntil: "domcontentloaded" });
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
}

const notHydrated = (page: Page) => expect(page.locator("html[data-hydrated]")).toHaveCount(0);

test("the cookie banner answers a tap before hydration, and the choice sticks", async ({
  page,
}) => {
  await slowPhone(page);
  await openUnhydrated(page, "/services");
  const banner = page.getByRole("region", { name: "Cookies on this website" });
  await expect(banner).toBeVisible();
  await notHydrated(page);
  await page.getByRole("button", { name: "Accept cookies" }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 30_000 });
  await expect(banner).toBeHidden();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "cookie-consent")?.value).toBe("accepted");
});

test("the menu opens and a tab switches before hydration", async ({ page }, info) => {
  await slowPhone(page);
  await openUnhydrated(page, "/services");
  if (info.project.name !== "desktop") {
    await notHydrated(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "SHOP" })).toBeVisible();
    await notHydrated(page);
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
  }
  const tab = page.getByRole("tab", { name: "Chemical Peels" });
  await notHydrated(page);
  await tab.click();
  await expect(tab).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toBeVisible();
  await expect(page.getByRole("tabpanel")).toHaveAttribute(
    "aria-labelledby",
    (await tab.getAttribute("id")) ?? "",
  );
  // Once hydrated, React keeps the tapped tab.
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 30_000 });
  await expect(tab).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toHaveAttribute(
    "aria-labelledby",
    (await tab.getAttribute("id")) ?? "",
  );
});

test("ADD TO CART tapped before hydration shows taken at once, and both products land in the cart", async ({
  page,
}, info) => {
  test.skip(info.project.name === "desktop", "a phone's grid shows the buttons; 1280 px on hover");
  // Answered before, in the cookie the server reads: no banner over the grid.
  await page
    .context()
    .addCookies([
      { name: "cookie-consent", value: "declined", url: test.info().project.use.baseURL ?? "" },
    ]);
  await declineCookies(page.context());
  await slowPhone(page);
  await openUnhydrated(page, "/shop");
  const adds = page.locator("main").getByRole("button", { name: /^ADD TO CART/ });
  await notHydrated(page);
  await adds.nth(0).click();
  await adds.nth(1).click();
  // Answered at once: each button is shown taken, before any script of the page has run.
  await expect(adds.nth(0)).toHaveAttribute("aria-busy", "true");
  await expect(adds.nth(1)).toHaveAttribute("aria-busy", "true");
  await notHydrated(page);
  // Carried out once React is there: both added, once each.
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 30_000 });
  await expect(adds.nth(0)).not.toHaveAttribute("aria-busy", "true");
  await page.goto("/cart");
  await expect(page.getByRole("button", { name: /^Remove .+ from cart$/ })).toHaveCount(2);
  for (const quantity of await page.locator('main [aria-label^="Quantity of"]').all()) {
    await expect(quantity).toHaveText("1");
  }
});

test.describe("on a phone", () => {
  test.beforeEach(async ({ context }, info) => {
    test.skip(info.project.name === "desktop", "phone layout (375 px)");
    await declineCookies(context);
  });

  test("the shop grid adds to cart without hover, and the cart keeps focus when emptied", async ({
    page,
  }) => {
    await page.goto("/shop");
    const add = page.getByRole("button", { name: /^ADD TO CART/ }).first();
    await expect(add).toBeVisible();
    await add.tap();
    await expect(page.getByText("Added to cart", { exact: true })).toBeVisible();
    await page.goto("/cart");
    await page.getByRole("button", { name: /^Remove .+ from cart$/ }).click();
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeFocused();
  });

  test("the advisor button steps aside while a field has focus", async ({ page }) => {
    await page.goto("/contact");
    const advisor = await advisorLauncher(page);
    await page.getByLabel("Full name").focus();
    await expect(advisor).toBeHidden();
    await page.getByLabel("Full name").blur();
    await advisorLauncher(page);
  });

  test("a tapped category tile shows its text right below its row", async ({ page }) => {
    await page.goto("/");
    const tiles = page
      .locator("#services")
      .getByRole("button")
      .filter({ hasText: /\d+ treatments?$/ });
    await tiles.nth(2).tap();
    const name = ((await tiles.nth(2).locator("span").first().textContent()) ?? "").trim();
    const heading = page.locator("#services").getByRole("heading", { level: 3, name });
    await expect(heading).toBeVisible();
    const headingBox = await heading.boundingBox();
    const tileBox = await tiles.nth(2).boundingBox();
    const nextRowBox = await tiles.nth(4).boundingBox();
    expect(headingBox && tileBox && nextRowBox).toBeTruthy();
    if (!headingBox || !tileBox || !nextRowBox) return;
    expect(headingBox.y).toBeGreaterThan(tileBox.y + tileBox.height);
    expect(headingBox.y).toBeLessThan(nextRowBox.y);
  });

  test("the delivery form survives a reload; a sold-out product's button is disabled", async ({
    page,
    request,
  }) => {
    await page.goto("/shop");
    await page
      .getByRole("button", { name: /^ADD TO CART/ })
      .first()
      .tap();
    await page.goto("/checkout");
    await page.getByLabel("Full name").fill("Ada Obi");
    await page.getByLabel("City").fill("Ikeja");
    await page.reload();
    await expect(page.getByLabel("Full name")).toHaveValue("Ada Obi");
    await expect(page.getByLabel("City")).toHaveValue("Ikeja");

    const products = (await (await request.get("/api/products")).json()) as Array<{
      id: number;
      stock: number;
    }>;
    const soldOut = products.find((p) => p.stock <= 0);
    expect(soldOut).toBeTruthy();
    await page.goto(`/product/${soldOut?.id}`);
    await expect(page.getByRole("button", { name: "Add to Cart", exact: true })).toBeDisabled();
  });
});
