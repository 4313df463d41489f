/**
 * Storefront pages and shared behaviour (storefront spec §1, §2, §4, §8, §9): the route table,
 * policy pages, header, mobile menu, footer, scroll-to-top, and the home page's sections.
 * Runs at 1280 px (desktop) and 375 px (mobile).
 */
import { expect, test } from "./fixtures";
import { declineCookies, lagosLongDate, settledScrollY, topOf } from "./storefront-helpers";

test.beforeEach(async ({ context }) => {
  await declineCookies(context);
});

test.describe("routes and policy pages", () => {
  for (const [path, heading] of [
    ["/about", "About Glow Haven Skin & Wellness Clinic"],
    ["/privacy", "Privacy Policy"],
    ["/privacy-policy", "Privacy Policy"],
    ["/terms", "Terms and Conditions"],
    ["/terms-of-service", "Terms and Conditions"],
    ["/cookie-policy", "Cookie Policy"],
  ] as const) {
    test(`${path} renders '${heading}' with its own title`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(/Glow Haven/);
    });
  }

  test("both privacy addresses show the same policy with today's Lagos date", async ({ page }) => {
    await page.goto("/privacy");
    const first = await page.locator("main").textContent();
    await expect(page.getByTestId("effective-date")).toHaveText(lagosLongDate());
    await expect(page.locator("main")).toContainText("Nigeria Data Protection Act 2023");
    await page.goto("/privacy-policy");
    expect(await page.locator("main").textContent()).toBe(first);
  });

  test("the terms state the booking fee, 24-hour rules, late arrival and order processing", async ({
    page,
  }) => {
    await page.goto("/terms-of-service");
    const main = page.locator("main");
    await expect(page.getByTestId("effective-date")).toHaveText(lagosLongDate());
    await expect(main).toContainText("non-refundable booking fee of ₦20,000");
    await expect(main).toContainText("at least 24 hours in advance");
    await expect(main).toContainText("at least 24 hours notice");
    await expect(main).toContainText("more than 15 minutes late");
    await expect(main).toContainText("Orders are processed in 1-2 business days");
    await expect(main).toContainText("free consultation");
  });

  test("an unknown path shows the not-found screen with a 404", async ({ page }) => {
    const res = await page.goto("/no-such-page");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
  });
});

test.describe("header, menu, footer and scrolling", () => {
  test("header links, Book Now and the compact header after 50 px", async ({ page }, info) => {
    await page.goto("/about");
    const header = page.locator("header");
    if (info.project.name === "desktop") {
      const nav = page.getByRole("navigation", { name: "Main" });
      for (const [name, href] of [
        ["HOME", "/"],
        ["ABOUT", "/about"],
        ["TREATMENTS", "/services"],
        ["SHOP", "/shop"],
        ["CONTACT", "/contact"],
      ] as const) {
        await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
      }
      await expect(header.getByRole("link", { name: "Book Now" })).toHaveAttribute(
        "href",
        "/contact#booking",
      );
    }
    await expect(header.getByRole("link", { name: /^Wishlist/ })).toHaveAttribute(
      "href",
      "/wishlist",
    );
    await expect(header.getByRole("link", { name: /^Cart/ })).toHaveAttribute("href", "/cart");
    const bar = header.locator("div.border-b").first();
    const tall = (await bar.boundingBox())?.height ?? 0;
    await page.mouse.wheel(0, 400);
    await expect.poll(async () => (await bar.boundingBox())?.height ?? 0).toBeLessThan(tall);
    await expect(bar).toHaveClass(/shadow-md/);
  });

  test("the mobile menu opens, lists the links, stays within 500 px and closes on a choice", async ({
    page,
  }, info) => {
    test.skip(info.project.name !== "mobile", "the toggle exists on small screens only");
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    const menu = page.getByRole("navigation", { name: "Mobile" });
    // The toggle answers once the page has hydrated; on a busy machine a first tap can come sooner.
    await expect(async () => {
      if (!(await menu.isVisible())) await toggle.click();
      await expect(menu).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    for (const name of ["HOME", "ABOUT", "TREATMENTS", "SHOP", "CONTACT", "Book Now"]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    expect((await menu.boundingBox())?.height ?? 0).toBeLessThanOrEqual(500);
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    await menu.getByRole("link", { name: "ABOUT", exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();
    // Keyboard: Escape closes and returns focus to the toggle.
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
  });

  test("the footer links to every page the spec lists", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    for (const href of [
      "/",
      "/about",
      "/services",
      "/shop",
      "/contact#booking",
      "/contact",
      "/privacy",
      "/terms",
      "/services#facial-services",
      "/services#injectable-treatments-services",
      "/services#body-services",
      "/services#laser-services",
      "/services#dental-services",
      "/privacy-policy",
      "/terms-of-service",
      "/cookie-policy",
    ]) {
      await expect(footer.locator(`a[href="${href}"]`).first()).toBeAttached();
    }
    await expect(footer.getByRole("link", { name: "View All Services" })).toHaveAttribute(
      "href",
      "/services",
    );
    await expect(footer).toContainText("Mon-Sat");
    await expect(footer).toContainText("10:00 AM - 7:00 PM");
  });

  test("the scroll-to-top button appears after 300 px and scrolls back up", async ({ page }) => {
    await page.goto("/about");
    const button = page.getByRole("button", { name: "Scroll to top" });
    await expect(button).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 200));
    await page.waitForTimeout(200);
    await expect(button).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => settledScrollY(page)).toBe(0);
  });

  test("a route change starts the next page at the top", async ({ page }) => {
    await page.goto("/about");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.locator("footer").getByRole("link", { name: "Terms & Conditions" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Terms and Conditions" }),
    ).toBeVisible();
    expect(await settledScrollY(page)).toBe(0);
  });
});

test.describe("home page", () => {
  test("sections come in the spec's order", async ({ page }) => {
    await page.goto("/");
    const headings = await page.locator("main h1, main h2").allInnerTexts();
    const order = [
      "Radiant skin, expertly cared for",
      "About Us",
      "Our Treatments",
      "Our Most-Loved Treatments",
      "You Owe Yourself This Moment",
      "Take the glow home",
      "What Our Clients Say",
      "Book an Appointment",
      "Join Our Newsletter",
    ];
    const positions = order.map((h) => headings.findIndex((text) => text.trim() === h));
    expect(
      positions.every((p) => p >= 0),
      `${headings}`,
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    await expect(page.getByRole("heading", { name: "Our Approach" })).toBeVisible();
    await expect(page.getByRole("img", { name: /reception/i })).toBeAttached();
  });

  test("hero links and the scroll-down button to #intro (80 px below the top)", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "View Our Treatments" }).first()).toHaveAttribute(
      "href",
      "/services",
    );
    await expect(page.getByRole("link", { name: "Follow us on Instagram" })).toHaveAttribute(
      "href",
      /instagram\.com/,
    );
    await page.getByRole("button", { name: "Scroll down to learn more" }).click();
    await settledScrollY(page);
    expect(Math.round(await topOf(page, "intro"))).toBe(80);
  });

  test("services teaser: 8 tiles in rows of 4, a description and 'View All' per category", async ({
    page,
  }, info) => {
    await page.goto("/");
    const section = page.locator("#services");
    const tiles = section.getByRole("button").filter({ hasText: /\d+ treatments?$/ });
    await expect(tiles).toHaveCount(8);
    if (info.project.name === "desktop") {
      const tops = await tiles.evaluateAll((els) =>
        els.map((el) => Math.round(el.getBoundingClientRect().top)),
      );
      expect(new Set(tops.slice(0, 4)).size).toBe(1);
      expect(new Set(tops.slice(4)).size).toBe(1);
      expect(tops[4]).toBeGreaterThan(tops[0] ?? 0);
    }
    await section.getByRole("button", { name: /Chemical Peels/ }).click();
    await expect(section.getByRole("button", { name: /Chemical Peels/ })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(section).toContainText("fade dark marks");
    const viewAll = section.getByRole("link", { name: "View All Chemical Peels" });
    await expect(viewAll).toHaveAttribute("href", "/services#chemical-peel");
    await viewAll.click();
    await expect(page.getByRole("tab", { name: "Chemical Peels" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
  });

  test("signature treatments link to their tabs; banner and shop links", async ({ page }) => {
    await page.goto("/");
    for (const [name, href] of [
      ["Facial Treatments", "/services#facial"],
      ["Body Treatments", "/services#body"],
      ["Massage Therapy", "/services#massage"],
    ] as const) {
      await expect(page.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute(
        "href",
        href,
      );
    }
    await expect(page.getByRole("link", { name: "Explore All Treatments" })).toHaveAttribute(
      "href",
      "/services",
    );
    await expect(page.getByRole("link", { name: "MAKE AN APPOINTMENT" })).toHaveAttribute(
      "href",
      "/contact#booking",
    );
    await expect(page.getByRole("link", { name: "View All Products" })).toHaveAttribute(
      "href",
      "/shop",
    );
    await page.getByRole("link", { name: /^Massage Therapy/ }).click();
    await expect(page.getByRole("tab", { name: "Massage" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
  });

  test("shop teaser: pills filter to at most 4 products of the category", async ({ page }) => {
    await page.goto("/");
    const shop = page.locator("#shop");
    const pills = shop.getByRole("group", { name: "Filter products by category" });
    await expect(pills.getByRole("button", { name: "all" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    const cards = shop.locator("article");
    await expect(cards).toHaveCount(4);
    await pills.getByRole("button", { name: "eye care" }).click();
    await expect(pills.getByRole("button", { name: "eye care" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(4);
    await expect(cards.first()).toContainText(/eye/i);
  });

  test("testimonials show full, half and empty stars", async ({ page }) => {
    await page.goto("/");
    const section = page.locator("#testimonials");
    await expect(section.getByRole("img", { name: "Rated 5 out of 5" })).toHaveCount(2);
    const half = section.getByRole("img", { name: "Rated 4.5 out of 5" });
    await expect(half).toHaveCount(1);
    await expect(half.locator('[data-star="full"]')).toHaveCount(4);
    await expect(half.locator('[data-star="half"]')).toHaveCount(1);
    await expect(section.locator("figure")).toHaveCount(3);
  });

  test("a hash scrolls to its section with an 80 px offset", async ({ page }) => {
    await page.goto("/#booking");
    await expect.poll(async () => Math.round(await topOf(page, "booking"))).toBe(80);
    await page.goto("/#newsletter");
    await expect
      .poll(async () => {
        const top = await topOf(page, "newsletter");
        const atBottom = await page.evaluate(
          () => window.innerHeight + window.scrollY >= document.body.scrollHeight - 1,
        );
        return atBottom || Math.round(top) === 80;
      })
      .toBe(true);
  });

  test("home booking form is there and books (validation shows the spec's messages)", async ({
    page,
  }) => {
    await page.goto("/#booking");
    const form = page.getByRole("form", { name: "Book an appointment" });
    await form.getByRole("button", { name: "Book Appointment" }).click();
    await expect(form.getByText("Name must be at least 3 characters")).toBeVisible();
    await expect(form.getByLabel("Full name")).toBeFocused();
  });
});

test.describe("newsletter", () => {
  test("consent is required; success and repeat subscriptions; failure toast", async ({ page }) => {
    await page.goto("/#newsletter");
    const form = page.getByRole("form", { name: "Newsletter sign-up" });
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByText("Please enter a valid email address")).toBeVisible();
    await expect(form.getByText("You must agree to the privacy policy")).toBeVisible();

    const email = `reader.${Date.now()}@example.com`;
    await form.getByLabel("Email address").fill(email);
    await form.getByRole("checkbox").check();
    await expect(form.getByText("You must agree to the privacy policy")).toHaveCount(0);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Subscription successful!", { exact: true })).toBeVisible();
    await expect(
      page.getByText("Thank you for subscribing to our newsletter.", { exact: true }),
    ).toBeVisible();
    await expect(form.getByLabel("Email address")).toHaveValue("");
    await expect(form.getByRole("checkbox")).not.toBeChecked();

    // The same email again is accepted.
    await form.getByLabel("Email address").fill(email.toUpperCase());
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Subscription successful!", { exact: true })).toBeVisible();
    // The first toast may still be showing: the cleared form marks this answer.
    await expect(form.getByLabel("Email address")).toHaveValue("");

    // A server refusal shows the failure toast and keeps the form.
    await page.route("**/api/newsletter", (route) =>
      route.fulfill({ status: 400, contentType: "application/json", body: '{"error":{}}' }),
    );
    await form.getByLabel("Email address").fill("kept@example.com");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Subscription failed", { exact: true })).toBeVisible();
    await expect(
      page.getByText("There was an error subscribing to the newsletter. Please try again.", {
        exact: true,
      }),
    ).toBeVisible();
    await expect(form.getByLabel("Email address")).toHaveValue("kept@example.com");
    // One toast at a time.
    await expect(page.getByText("Subscription successful!", { exact: true })).toHaveCount(0);
  });
});
