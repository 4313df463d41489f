/**
 * Helpers for the storefront specs: skip the cookie banner (stored choice), block the map's
 * third-party host (no network in tests; the page must never depend on it), and read positions.
 */
import { type BrowserContext, expect, type Locator, type Page } from "@playwright/test";

/** Stores a 'declined' cookie choice before every page load, so the banner stays out of the way. */
export async function declineCookies(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    try {
      if (!window.localStorage.getItem("cookie-consent")) {
        window.localStorage.setItem("cookie-consent", "declined");
      }
    } catch {}
  });
}

/** Answers requests to Google Maps with a tiny page and records them. */
export async function fakeMaps(page: Page): Promise<string[]> {
  const requests: string[] = [];
  await page.route("https://www.google.com/**", (route) => {
    requests.push(route.request().url());
    return route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Map</title>" });
  });
  return requests;
}

/** Distance in px from the top of the viewport to the element with `id`. */
export async function topOf(page: Page, id: string): Promise<number> {
  return page.evaluate(
    (elementId) => document.getElementById(elementId)?.getBoundingClientRect().top ?? Number.NaN,
    id,
  );
}

/** Waits until the window stops scrolling (smooth scrolls), then returns scrollY. */
export async function settledScrollY(page: Page): Promise<number> {
  let last = -1;
  for (let i = 0; i < 40; i++) {
    const y = await page.evaluate(() => window.scrollY);
    if (y === last) return y;
    last = y;
    await page.waitForTimeout(100);
  }
  return last;
}

/** Lagos date as '21 November 2026'. */
export function lagosLongDate(): string {
  return new Intl.DateTimeFormat("en-NG", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Africa/Lagos",
  }).format(new Date());
}

/**
 * The 'Treatment Advisor' button, ready to tap. Below 1024 px it hides while page content lies
 * under it (decision 0285); at the page's end it sits over the strip under the footer, so the
 * page is scrolled there first, once hydrated (a reload's scroll restoration, e.g. to #booking,
 * would move it back over content), until the button stays shown across one check of the
 * float-clear script (every 700 ms).
 */
export async function advisorLauncher(page: Page): Promise<Locator> {
  const launcher = page.getByRole("button", { name: "Treatment Advisor" });
  if ((page.viewportSize()?.width ?? 1280) < 1024) {
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    await expect(async () => {
      await page.evaluate(() =>
        window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }),
      );
      await expect(launcher).toBeVisible({ timeout: 1000 });
      await page.waitForTimeout(800);
      expect(await launcher.isVisible()).toBe(true);
    }).toPass({ timeout: 20_000 });
  }
  return launcher;
}
