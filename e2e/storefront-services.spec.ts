/**
 * /services, prices and /contact (storefront spec §2 "/services", "/contact", "Booking form";
 * §4 consultation-type services and booking form; §5; §8; §9 prices and display names).
 */
import { expect, lagosDatePlus, test } from "./fixtures";
import { declineCookies, fakeMaps, settledScrollY, topOf } from "./storefront-helpers";

test.beforeEach(async ({ context }) => {
  await declineCookies(context);
});

const TABS = [
  "Facials",
  "Chemical Peels",
  "Microneedling",
  "Weightloss & Body Sculpting",
  "Dental",
  "Massage",
  "Laser Treatments",
  "IV Drips",
  "Injectable Treatments",
  "Body Scrubs",
  "Skin Tag Removal",
  "Packages",
];

test.describe("/services", () => {
  test("12 tabs in order, facial by default, arrow keys move between tabs", async ({ page }) => {
    await page.goto("/services");
    const tabs = page.getByRole("tablist", { name: "Treatment categories" }).getByRole("tab");
    await expect(tabs).toHaveText(TABS);
    await expect(page.getByRole("tab", { name: "Facials" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(page.locator("#facial-services")).toBeVisible();
    await page.getByRole("tab", { name: "Facials" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Chemical Peels" })).toBeFocused();
    await expect(page.getByRole("tab", { name: "Chemical Peels" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(page.locator("#chemical-peel-services")).toBeVisible();
    await expect(page.locator("#facial-services")).toBeHidden();
  });

  test("a full or partial hash selects the tab", async ({ page }) => {
    await page.goto("/services#laser-services");
    await expect(page.getByRole("tab", { name: "Laser Treatments" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await page.goto("/services#iv-drip");
    await expect(page.getByRole("tab", { name: "IV Drips" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await page.goto("/services#body");
    await expect(page.getByRole("tab", { name: "Weightloss & Body Sculpting" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
  });

  test("?highlight={id} selects the service's tab and marks its card", async ({ page }) => {
    const services = (await (await page.request.get("/api/services")).json()) as {
      id: number;
      name: string;
      category: string;
    }[];
    const target = services.find((s) => s.category === "massage");
    expect(target).toBeDefined();
    await page.goto(`/services?highlight=${target?.id}`);
    await expect(page.getByRole("tab", { name: "Massage" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    const card = page.locator(`#service-${target?.id}`);
    await expect(card).toHaveAttribute("data-highlighted", "true");
    await expect(card).toBeInViewport();
  });

  test("prices: Consultation Required, From, none for body scrubs, Contact for details", async ({
    page,
  }) => {
    await page.goto("/services#injectable-treatments-services");
    const injectables = page.locator("#injectable-treatments-services article");
    const count = await injectables.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      await expect(injectables.nth(i)).toContainText("Consultation Required");
    }
    await page.getByRole("tab", { name: "Skin Tag Removal" }).click();
    await expect(page.locator("#skin-tag-removal-services article").first()).toContainText(
      /From ₦\d{1,3}(,\d{3})*(?!\.)/,
    );
    await page.getByRole("tab", { name: "Body Scrubs" }).click();
    const scrubs = page.locator("#body-scrubs-services article");
    await expect(scrubs.first()).toBeVisible();
    await expect(scrubs.first()).not.toContainText("₦");
    await page.getByRole("tab", { name: "Packages" }).click();
    await expect(page.locator("#packages-services")).toContainText("Contact for details");
    await page.getByRole("tab", { name: "Facials" }).click();
    await expect(page.locator("#facial-services")).toContainText(/₦\d{1,3}(,\d{3})+/);
    await expect(page.locator("#facial-services")).not.toContainText(/₦[\d,]+\.\d\d/);
  });

  test("details dialog: Escape and backdrop close it, scroll is locked, focus returns", async ({
    page,
  }) => {
    await page.goto("/services#packages-services");
    const opener = page
      .locator("#packages-services")
      .getByRole("button", { name: /^View Details: / })
      .first();
    await opener.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Includes:", { exact: true })).toBeVisible();
    expect(await dialog.getByRole("listitem").count()).toBeGreaterThan(1);
    const overflow = await page.evaluate(() => getComputedStyle(document.body).overflow);
    expect(overflow).toBe("hidden");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(dialog).toBeVisible();
    // A click on the backdrop (top-left corner, outside the panel) closes it.
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();

    await opener.press("Enter");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close dialog" }).click();
    await expect(dialog).toBeHidden();
  });

  test("Book Now from a consultation-type service prefills the contact form", async ({ page }) => {
    await page.goto("/services#injectable-treatments-services");
    const book = page
      .locator("#injectable-treatments-services")
      .getByRole("link", { name: /^Book Now: / })
      .first();
    await expect(book).toHaveAttribute(
      "href",
      "/contact?service=Consultation&category=injectable-treatments#booking",
    );
    await book.click();
    await expect(page.getByLabel("Treatment category")).toHaveValue("injectable-treatments");
    await expect(page.getByLabel("Service", { exact: true }).locator("option:checked")).toHaveText(
      /consultation/i,
    );
  });
});

test.describe("/contact", () => {
  test("cards, business hours and the lazily loaded map", async ({ page }) => {
    const mapRequests = await fakeMaps(page);
    await page.goto("/contact");
    for (const title of ["Location", "Phone", "Email"]) {
      await expect(page.getByRole("heading", { name: title, exact: true })).toBeVisible();
    }
    const hours = page.getByRole("complementary");
    await expect(hours).toContainText("Monday-Friday");
    await expect(hours).toContainText("Saturday");
    await expect(hours).toContainText("Sunday");
    await expect(hours).toContainText("Closed");
    await page.getByRole("heading", { name: "Find Us" }).scrollIntoViewIfNeeded();
    await expect(page.locator("iframe[title^='Map showing']")).toBeAttached();
    await expect.poll(() => mapRequests.length).toBeGreaterThan(0);
  });

  test("the map makes no third-party request before the visitor scrolls near it", async ({
    page,
  }, info) => {
    test.skip(info.project.name !== "mobile", "on small screens the map is far below the fold");
    const mapRequests = await fakeMaps(page);
    await page.goto("/contact");
    await page.waitForTimeout(800);
    expect(mapRequests).toEqual([]);
    await expect(page.locator("iframe[title^='Map showing']")).toHaveCount(0);
  });

  test("#booking scrolls the form 80 px below the top", async ({ page }) => {
    await fakeMaps(page);
    await page.goto("/contact#booking");
    await expect.poll(async () => Math.round(await topOf(page, "booking"))).toBe(80);
    await settledScrollY(page);
  });

  test("?category and ?service prefill the form; 'Consultation' picks the category's consultation", async ({
    page,
  }) => {
    await fakeMaps(page);
    await page.goto("/contact?service=HydraFacial&category=facial#booking");
    await expect(page.getByLabel("Treatment category")).toHaveValue("facial");
    await expect(page.getByLabel("Service", { exact: true }).locator("option:checked")).toHaveText(
      "HydraFacial (₦180,000)",
    );
    await page.goto("/contact?service=Consultation&category=dental#booking");
    await expect(page.getByLabel("Service", { exact: true }).locator("option:checked")).toHaveText(
      /^Dental Consultation/,
    );
  });

  test("service options: positive prices only, a ₦20,000 consultation unless one exists, display names", async ({
    page,
  }) => {
    await fakeMaps(page);
    await page.goto("/contact#booking");
    const category = page.getByLabel("Treatment category");
    const labels = await category.locator("option").allInnerTexts();
    for (const name of [
      "Facial Treatments",
      "Weight Loss & Body Sculpting",
      "Massages",
      "Laser Hair Removal",
      "Treatment Packages",
    ]) {
      expect(labels).toContain(name);
    }
    const service = page.getByLabel("Service", { exact: true });
    await expect(service).toBeDisabled();

    await category.selectOption("massage");
    const massage = await service.locator("option").allInnerTexts();
    expect(massage).toContain("Massage Consultation (₦20,000, free for first-time clients)");
    expect(await service.locator('option[value="consultation-massage"]').count()).toBe(1);

    await category.selectOption("laser");
    const laser = await service.locator("option").allInnerTexts();
    // Laser's own 'Laser Consultation' is free (price 0): offered as it is, and no ₦20,000
    // entry beside it (decision 0283).
    expect(await service.locator('option[value="consultation-laser"]').count()).toBe(0);
    expect(laser.filter((l) => l.startsWith("Laser Consultation"))).toEqual([
      "Laser Consultation (Free)",
    ]);
    // Dental's own consultation is priced: offered, and no synthetic entry beside it.
    await category.selectOption("dental");
    expect(await service.locator('option[value="consultation-dental"]').count()).toBe(0);
    expect(
      (await service.locator("option").allInnerTexts()).some((l) =>
        l.startsWith("Dental Consultation"),
      ),
    ).toBe(true);

    await category.selectOption("skin-tag-removal");
    const tags = await service.locator("option").allInnerTexts();
    expect(tags.some((l) => l.startsWith("Skin Tag Removal"))).toBe(true);

    // Changing the category clears the chosen service.
    await category.selectOption("facial");
    await service.selectOption({ index: 1 });
    await category.selectOption("dental");
    await expect(service).toHaveValue("");
  });

  test("date from today to 90 days, 16 time slots without 1 PM", async ({ page }) => {
    await fakeMaps(page);
    await page.goto("/contact#booking");
    const date = page.getByLabel("Preferred date");
    await expect(date).toHaveAttribute("min", lagosDatePlus(0));
    await expect(date).toHaveAttribute("max", lagosDatePlus(90));
    const slots = (await page.getByLabel("Preferred time").locator("option").allInnerTexts()).slice(
      1,
    );
    expect(slots).toHaveLength(16);
    expect(slots[0]).toBe("10:00 AM");
    expect(slots.at(-1)).toBe("6:30 PM");
    expect(slots.some((s) => s.startsWith("1:"))).toBe(false);
  });

  test("a failed booking shows 'Booking Failed' and keeps the form", async ({ page }) => {
    await fakeMaps(page);
    await page.route("**/api/bookings/hold", (route) =>
      route.fulfill({ status: 409, contentType: "application/json", body: '{"error":{}}' }),
    );
    await page.goto("/contact#booking");
    await page.getByLabel("Full name").fill("Kept Client");
    await page.getByLabel("Email address").fill("kept@example.com");
    await page.getByLabel("Phone number").fill("08031234567");
    await page.getByLabel("Treatment category").selectOption("massage");
    await page.getByLabel("Service", { exact: true }).selectOption({ index: 1 });
    await page.getByLabel("Preferred date").fill(lagosDatePlus(5));
    await page.getByLabel("Preferred time").selectOption("3:00 PM");
    await page.getByRole("button", { name: "Book Appointment" }).click();
    await expect(page.getByText("Booking Failed", { exact: true })).toBeVisible();
    await expect(
      page.getByText("Please try again or contact us directly.", { exact: true }),
    ).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveValue("Kept Client");
  });
});
