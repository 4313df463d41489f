/**
 * The treatment advisor journey (issue 5 "Done when"; storefront spec §2 "AI treatment advisor",
 * §4 "Chat", §8): open the advisor, use a suggested prompt, get service and product cards that
 * link to real pages, book from a card; keyboard use; the 'Communication Error' toast.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
import { advisorLauncher, declineCookies } from "./storefront-helpers";

// The cookie banner (tested in the storefront specs) is answered up front here.
test.beforeEach(async ({ context }) => {
  await declineCookies(context);
});

const ADVISOR_TITLE = "Treatment Advisor — Powered by AI";

test("a visitor asks the advisor, follows the cards to real pages and books from a card", async ({
  page,
}) => {
  await page.goto("/");
  await (await advisorLauncher(page)).click();
  const chat = page.getByRole("dialog", { name: ADVISOR_TITLE });
  await expect(chat).toBeVisible();
  await expect(chat.getByText(/skin concerns or wellness goals/)).toBeVisible();
  const input = chat.getByPlaceholder("Type your question here...");
  // Focus moves to the question box shortly after opening.
  await expect(input).toBeFocused();
  const send = chat.getByRole("button", { name: "Send message" });
  await expect(send).toBeDisabled();
  await input.fill("   ");
  await expect(send).toBeDisabled();
  await input.fill("");

  for (const prompt of [
    "acne and oily skin",
    "fine lines and texture",
    "dark spots and uneven tone",
    "weight loss and body contouring",
    "stress and relaxing massage",
    "laser hair removal",
  ]) {
    await expect(chat.getByRole("button", { name: prompt, exact: true })).toBeVisible();
  }

  await chat.getByRole("button", { name: "acne and oily skin", exact: true }).click();
  // The question appears at once; the input is locked while the advisor is typing.
  await expect(
    chat.getByRole("log").getByText("acne and oily skin", { exact: true }),
  ).toBeVisible();
  await expect(chat.getByRole("status")).toContainText("typing");
  await expect(input).toBeDisabled();

  const detailsLinks = chat.getByRole("link", { name: "View Details" });
  await expect(detailsLinks.first()).toBeVisible({ timeout: 15_000 });
  await expect(chat.getByRole("status")).toHaveCount(0);
  // Suggestions are gone once the chat has more than two messages.
  await expect(chat.getByRole("button", { name: "acne and oily skin", exact: true })).toHaveCount(
    0,
  );
  await expect(chat.getByText("Acne Clarifying Facial").first()).toBeVisible();
  await expect(chat.getByText("₦55,000").first()).toBeVisible();
  await expect(chat.getByRole("link", { name: "Book Now" }).first()).toHaveAttribute(
    "href",
    /^\/contact\?service=Acne%20Clarifying%20Facial&category=facial#booking$/,
  );
  await expect(chat.getByRole("link", { name: "View All Services" })).toHaveAttribute(
    "href",
    "/services",
  );

  // 'View Details' leads to the real service on /services, highlighted.
  const detailsHref = await detailsLinks.first().getAttribute("href");
  expect(detailsHref).toMatch(/^\/services\?highlight=\d+$/);
  await detailsLinks.first().click();
  await expect(chat).toBeHidden();
  await expect(page).toHaveURL(/\/services\?highlight=\d+$/);
  const highlighted = page.locator("[data-highlighted]");
  await expect(highlighted).toContainText("Acne Clarifying Facial");

  // The conversation is kept; 'View Product' opens the real product page.
  await (await advisorLauncher(page)).click();
  await expect(chat.getByText("Acne Clarifying Facial").first()).toBeVisible();
  const productCard = chat
    .getByRole("article")
    .filter({ has: page.getByRole("link", { name: "View Product" }) })
    .first();
  const productName = (await productCard.getByRole("heading").textContent()) ?? "";
  expect(productName.length).toBeGreaterThan(3);
  await productCard.getByRole("link", { name: "View Product" }).click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(productName);

  // A follow-up in the same conversation, then book from a card.
  await (await advisorLauncher(page)).click();
  await input.fill("how much does it cost?");
  await chat.getByRole("button", { name: "Send message" }).click();
  await expect(chat.getByText(/Here are the current prices/)).toBeVisible({ timeout: 15_000 });
  await chat.getByRole("link", { name: "Book Now" }).first().click();
  await expect(chat).toBeHidden();
  await expect(page).toHaveURL(/\/contact\?service=.+&category=facial#booking$/);
  await expect(page.getByLabel("Treatment category")).toHaveValue("facial");
  await expect(page.getByLabel("Service", { exact: true })).not.toHaveValue("");

  // A reload keeps the conversation of this tab.
  await page.reload();
  await (await advisorLauncher(page)).click();
  await expect(chat.getByText("how much does it cost?", { exact: true })).toBeVisible();
});

test("the advisor works with the keyboard and recommends a consultation for laser", async ({
  page,
}) => {
  await page.goto("/contact");
  const launcher = await advisorLauncher(page);
  await launcher.focus();
  await page.keyboard.press("Enter");
  const chat = page.getByRole("dialog", { name: ADVISOR_TITLE });
  const input = chat.getByPlaceholder("Type your question here...");
  await expect(input).toBeFocused();
  await page.keyboard.type("I'm tired of shaving my underarms");
  await page.keyboard.press("Enter");
  const book = chat.getByRole("link", { name: "Book Consultation" }).first();
  await expect(book).toBeVisible({ timeout: 15_000 });
  await expect(chat.getByText(/always begin with a consultation/)).toBeVisible();
  await expect(book).toHaveAttribute(
    "href",
    "/contact?service=Consultation&category=laser#booking",
  );

  // No accessibility violations in the open chat with its cards.
  const axe = await new AxeBuilder({ page }).include("[role=dialog]").analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // Focus stays inside the dialog.
  for (let i = 0; i < 25; i++) await page.keyboard.press("Tab");
  expect(await chat.evaluate((el) => el.contains(document.activeElement))).toBe(true);

  // Escape closes it and focus returns to the launcher.
  await page.keyboard.press("Escape");
  await expect(chat).toBeHidden();
  await expect(launcher).toBeFocused();

  // Already on /contact: booking scrolls to the form, 80 px below the top.
  await launcher.click();
  await chat.getByRole("link", { name: "Book Consultation" }).first().click();
  await expect(chat).toBeHidden();
  await expect(page).toHaveURL(/\/contact\?service=Consultation&category=laser#booking$/);
  await expect
    .poll(async () =>
      page.evaluate(() =>
        Math.round(document.getElementById("booking")?.getBoundingClientRect().top ?? -1),
      ),
    )
    .toBe(80);
  // The laser category's own consultation is free, and the form books it (decision 0283).
  await expect(page.getByLabel("Service", { exact: true }).locator("option:checked")).toHaveText(
    "Laser Consultation (Free)",
  );
});

test("a failed answer shows the 'Communication Error' toast", async ({ page }) => {
  await page.route("**/api/chatbot/treatment-recommendation", (route) =>
    route.fulfill({
      status: 429,
      contentType: "application/json",
      body: '{"error":{"message":"slow down"}}',
    }),
  );
  await page.goto("/shop");
  await (await advisorLauncher(page)).click();
  const chat = page.getByRole("dialog", { name: ADVISOR_TITLE });
  await chat.getByPlaceholder("Type your question here...").fill("dark spots");
  await chat.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Communication Error", { exact: true })).toBeVisible();
  await expect(
    page.getByText("Unable to get response from the treatment advisor. Please try again later.", {
      exact: true,
    }),
  ).toBeVisible();
  // The input is usable again.
  await expect(chat.getByPlaceholder("Type your question here...")).toBeEnabled();
});

test("an answer without text falls back to the demonstration-mode message", async ({ page }) => {
  await page.route("**/api/chatbot/treatment-recommendation", (route) =>
    route.fulfill({
      status: 200,
      contentType: "application/json",
      body: JSON.stringify({ response: "", sessionId: null }),
    }),
  );
  await page.goto("/");
  await (await advisorLauncher(page)).click();
  const chat = page.getByRole("dialog", { name: ADVISOR_TITLE });
  await chat.getByRole("button", { name: "stress and relaxing massage", exact: true }).click();
  await expect(chat.getByText(/no AI API key is configured/)).toBeVisible({ timeout: 15_000 });
  await expect(chat.getByRole("link", { name: "View Details" })).toHaveCount(2);
  await expect(chat.getByRole("link", { name: "View All Services" })).toBeVisible();
});

test("an emergency is answered with urgent care only: call 112, 767 or the clinic, nothing to book", async ({
  page,
}, testInfo) => {
  // Axe over the whole dialog is slow on a loaded machine.
  test.slow();
  await page.goto("/");
  await (await advisorLauncher(page)).click();
  const chat = page.getByRole("dialog", { name: ADVISOR_TITLE });
  await chat
    .getByPlaceholder("Type your question here...")
    .fill(
      "My lips are swollen and my face is itchy after the filler I got today, I can hardly breathe",
    );
  await chat.getByRole("button", { name: "Send message" }).click();
  const urgent = chat.getByRole("region", { name: "Get urgent medical help now" });
  await expect(urgent).toBeVisible({ timeout: 15_000 });
  await expect(chat.getByText(/call 112 or 767/)).toBeVisible();
  await expect(urgent.getByRole("link", { name: "Call 112" })).toHaveAttribute("href", "tel:112");
  await expect(urgent.getByRole("link", { name: "Call 767" })).toHaveAttribute("href", "tel:767");
  await expect(
    urgent.getByRole("link", { name: "Call the clinic: +234 803 123 4567" }),
  ).toHaveAttribute("href", "tel:+2348031234567");
  // No treatment or product card, no Book Now, no booking prompt.
  await expect(chat.getByRole("link", { name: "View Details" })).toHaveCount(0);
  await expect(chat.getByRole("link", { name: "View Product" })).toHaveCount(0);
  await expect(chat.getByRole("link", { name: /^Book/ })).toHaveCount(0);
  await expect(chat.getByText("₦")).toHaveCount(0);
  await urgent.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath(`urgent-care-${testInfo.project.name}.png`) });
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual(
    [],
  );
});
