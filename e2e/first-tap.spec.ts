/**
 * A tap is never lost (issue 33): on a phone-slow page (CPU 6x slower, scripts 4 s late) the
 * first taps land before React hydrates, and still answer: the cookie banner's native form, the
 * small-screen menu and a tab.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

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
