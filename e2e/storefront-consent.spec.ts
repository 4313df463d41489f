/**
 * Cookie consent and the Meta Pixel (storefront issue "Shared behaviour"; spec §3 tracking events,
 * §4 "Ad pixel", §7, §8 "Pixel configuration missing"): the pixel loads only when the server
 * supplies an id AND the visitor consented, then receives the booking events.
 * The pixel host is faked; CSP is bypassed because the e2e server runs without a pixel id.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, lagosDatePlus, test } from "./fixtures";

const FAKE_PIXEL = `
  window.__pixelCalls = window.__pixelCalls || [];
  window.fbq.callMethod = function () { window.__pixelCalls.push(Array.from(arguments)); };
  for (const args of window.fbq.queue) window.__pixelCalls.push(args);
  window.fbq.queue = [];
`;

async function fakePixel(page: Page, pixelId: string | null) {
  const scriptRequests: string[] = [];
  await page.route("**/api/config/environment", (route) =>
    route.fulfill({
      contentType: "application/json",
      body: JSON.stringify({ metaPixelId: pixelId }),
    }),
  );
  await page.route("https://connect.facebook.net/**", (route) => {
    scriptRequests.push(route.request().url());
    return route.fulfill({ contentType: "text/javascript", body: FAKE_PIXEL });
  });
  return scriptRequests;
}

async function pixelCalls(page: Page): Promise<unknown[][]> {
  return page.evaluate(
    () => (window as unknown as { __pixelCalls?: unknown[][] }).__pixelCalls ?? [],
  );
}

test.use({ bypassCSP: true });

test("the banner asks first; declining never loads the pixel; 'Cookie settings' asks again", async ({
  page,
}) => {
  const scripts = await fakePixel(page, "123456789");
  await page.goto("/");
  const banner = page.getByRole("region", { name: "Cookies on this website" });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole("link", { name: "Cookie Policy" })).toHaveAttribute(
    "href",
    "/cookie-policy",
  );
  await page.waitForTimeout(300);
  expect(scripts).toEqual([]);
  await banner.getByRole("button", { name: "Decline" }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await page.waitForTimeout(300);
  await expect(banner).toBeHidden();
  expect(scripts).toEqual([]);

  await page.getByRole("button", { name: "Cookie settings" }).click();
  await expect(banner).toBeVisible();
});

test("after consent the pixel loads once, sends PageView and the booking events", async ({
  page,
}) => {
  const scripts = await fakePixel(page, "123456789");
  await page.goto("/contact");
  await page.getByRole("button", { name: "Accept cookies" }).click();
  await expect.poll(() => scripts.length).toBe(1);
  await expect
    .poll(async () => (await pixelCalls(page)).map((c) => c.slice(0, 2).join(" ")))
    .toEqual(expect.arrayContaining(["init 123456789", "track PageView"]));

  await page.getByLabel("Full name").fill("Pixel Client");
  await page.getByLabel("Email address").fill("pixel@example.com");
  await page.getByLabel("Phone number").fill("08031234567");
  await page.getByLabel("Treatment category").selectOption("facial");
  await page
    .getByLabel("Service", { exact: true })
    .selectOption({ label: "HydraFacial (₦180,000)" });
  await page.getByLabel("Preferred date").fill(lagosDatePlus(9));
  await page.getByLabel("Preferred time").selectOption("4:30 PM");
  await page.getByRole("button", { name: "Book Appointment" }).click();
  await expect(page.getByText("Booking Submitted", { exact: true })).toBeVisible();

  const calls = await pixelCalls(page);
  const schedule = calls.find((c) => c[0] === "track" && c[1] === "Schedule");
  expect(schedule?.[2]).toMatchObject({
    content_name: "HydraFacial",
    value: 180000,
    currency: "NGN",
  });
  expect(calls.some((c) => c[1] === "Contact")).toBe(true);
  expect(calls.some((c) => c[0] === "trackCustom" && c[1] === "ScheduleAttempt")).toBe(true);

  // Another page in the same visit: PageView again, no second script.
  await page
    .getByRole("navigation", { name: "Quick links" })
    .getByRole("link", { name: "Shop" })
    .click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect
    .poll(async () => (await pixelCalls(page)).filter((c) => c[1] === "PageView").length)
    .toBe(2);
  expect(scripts.length).toBe(1);
});

test("consent without a configured pixel id loads nothing and warns", async ({ page }) => {
  const scripts = await fakePixel(page, null);
  const warnings: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "warning") warnings.push(m.text());
  });
  await page.goto("/about");
  await page.getByRole("button", { name: "Accept cookies" }).click();
  await expect.poll(() => warnings.some((w) => w.includes("Meta Pixel"))).toBe(true);
  expect(scripts).toEqual([]);
});

test("while the banner shows, the end of the page can still be reached and used", async ({
  page,
}) => {
  await page.goto("/about");
  await expect(page.getByRole("region", { name: "Cookies on this website" })).toBeVisible();
  await page
    .getByRole("navigation", { name: "Legal" })
    .getByRole("link", { name: "Cookie Policy" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Cookie Policy" })).toBeVisible();
});

test("while the banner shows, the advisor and scroll-to-top buttons sit clear of it and work", async ({
  page,
}) => {
  await page.goto("/shop");
  const banner = page.getByRole("region", { name: "Cookies on this website" });
  await expect(banner).toBeVisible();
  const advisor = page.getByRole("button", { name: "Treatment Advisor" });
  const toTop = page.getByRole("button", { name: "Scroll to top" });
  /** Fails when the button is not shown or any part of it lies under the banner. */
  async function clearOfBanner(button: Locator) {
    await expect(button).toBeVisible();
    const [box, bannerBox] = [await button.boundingBox(), await banner.boundingBox()];
    if (!box || !bannerBox) throw new Error("not laid out");
    const overlaps =
      box.x < bannerBox.x + bannerBox.width &&
      bannerBox.x < box.x + box.width &&
      box.y < bannerBox.y + bannerBox.height &&
      bannerBox.y < box.y + box.height;
    expect(overlaps).toBe(false);
  }
  // Far down the product grid, scroll-to-top is there to tap at every width, products under it
  // or not (spec §1; decision 0285).
  await page.mouse.wheel(0, 1500);
  await clearOfBanner(toTop);
  await toTop.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // The advisor: on a phone it hides over content and shows at the page's end (decision 0285).
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await clearOfBanner(advisor);
  await clearOfBanner(toTop);
  await advisor.click();
  await expect(page.getByRole("dialog")).toBeVisible();
});
