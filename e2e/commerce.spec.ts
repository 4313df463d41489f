/**
 * The shop's buying path in Debian's Chromium (commerce issue "Done when"): add products, change
 * quantities, check out with each delivery state class, pay in test-payment mode, see the success
 * page and the order in the admin; the cancel and decline paths show the spec's messages.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { ADMIN, expect, test } from "./fixtures";
import { declineCookies } from "./storefront-helpers";

// The cookie banner (tested in the storefront specs) is answered up front here.
test.beforeEach(async ({ context }) => {
  await declineCookies(context);
});

type Product = { id: number; name: string; price: number; stock: number };

async function productNamed(request: APIRequestContext, name: string): Promise<Product> {
  const products = (await (await request.get("/api/products")).json()) as Product[];
  const product = products.find((p) => p.name === name);
  if (!product) throw new Error(`no product ${name}`);
  return product;
}

const naira = (n: number) => `₦${n.toLocaleString("en-NG")}`;

async function addFromProductPage(page: Page, product: Product, quantity = 1) {
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
  for (let i = 1; i < quantity; i++) {
    await page.getByRole("button", { name: "Increase quantity" }).click();
  }
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByText("Added to cart", { exact: true })).toBeVisible();
}

/** Fills the delivery form by the spec's field names (§3 "Delivery info"); each finds one field. */
async function fillDelivery(page: Page, name: string, state: string) {
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Email").fill("client@example.com");
  await page.getByLabel("Phone").fill("+234 803 123 4567");
  await page.getByLabel("Address").fill("12 Admiralty Way, Lekki Phase 1");
  await page.getByLabel("City").fill("Lekki");
  await page.getByLabel("State").selectOption(state);
  await page.getByLabel("Postal code").fill("105102");
}

test("add, change quantities, check out, pay in test mode, see the order in the admin", async ({
  page,
  request,
}, info) => {
  const cleanser = await productNamed(request, "Gentle Foaming Cleanser");
  const serum = await productNamed(request, "Niacinamide 10% Serum");
  const clientName = `Shop Client ${info.project.name} ${Date.now() % 100000}`
    .replace(/\d/g, (d) => "abcdefghij"[Number(d)] ?? "")
    .trim();

  if (info.project.name === "desktop") {
    // The card's hover 'ADD TO CART'.
    await page.goto("/shop");
    const card = page.getByRole("article").filter({ hasText: cleanser.name });
    // Keyboard focus inside the card reveals the button as hover does, and stays put if the
    // page scrolls under the mouse while images load.
    await card.getByRole("link").first().focus();
    await card.hover();
    await card.getByRole("button", { name: "ADD TO CART" }).click();
  } else {
    await addFromProductPage(page, cleanser);
  }
  await addFromProductPage(page, serum, 2);
  // The header badge counts distinct lines.
  await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();

  await page.goto("/cart");
  const serumLine = page.getByRole("listitem").filter({ hasText: serum.name });
  await expect(serumLine.getByLabel(`Quantity of ${serum.name}`)).toHaveText("2");
  await serumLine.getByRole("button", { name: "Increase quantity" }).click();
  await expect(serumLine.getByLabel(`Quantity of ${serum.name}`)).toHaveText("3");
  await serumLine.getByRole("button", { name: "Decrease quantity" }).click();
  await serumLine.getByRole("button", { name: "Decrease quantity" }).click();
  await expect(serumLine.getByLabel(`Quantity of ${serum.name}`)).toHaveText("1");
  // Never below 1.
  await expect(serumLine.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
  const subtotal = cleanser.price + serum.price;
  await expect(page.getByText(naira(subtotal), { exact: true }).first()).toBeVisible();

  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await fillDelivery(page, clientName, "Lagos");
  await expect(page.getByText("Delivery to Lagos:")).toContainText("₦2,500");
  // After paying, the browser verifies once; the server completes the order, so the order
  // payload is not posted again (POST /api/checkout stays for API clients).
  const paymentCalls: string[] = [];
  page.on("request", (req) => {
    const path = new URL(req.url()).pathname;
    if (req.method() === "POST" && /^\/api\/(checkout|paystack\/verify)$/.test(path)) {
      paymentCalls.push(path);
    }
  });
  await page.getByRole("button", { name: "Continue to payment" }).click();
  const total = subtotal + 2500;
  const pay = page.getByRole("button", { name: `Pay ${naira(total)}` });
  await expect(pay).toBeVisible();
  await pay.click();
  const dialog = page.getByRole("dialog", { name: "Test payment" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Approve" }).click();

  await expect(page).toHaveURL(/\/payment-success$/);
  await expect(
    page.getByText(/Your payment of ₦[\d,]+ was successful and your order #\d+/),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 0 items" })).toBeVisible();
  expect(paymentCalls).toEqual(["/api/paystack/verify"]);

  await page.goto("/admin/orders");
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  const card = page.getByRole("listitem").filter({ hasText: clientName });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Processing");
  await expect(card).toContainText(cleanser.name);
  await expect(card).toContainText(serum.name);
  await expect(card).toContainText(naira(total));
  await card.getByLabel("Status").selectOption("shipped");
  await expect(page.getByText("Order updated", { exact: true })).toBeVisible();
  await page.reload();
  await expect(card.getByLabel("Status")).toHaveValue("shipped");
});

for (const [state, cost] of [
  ["FCT", 3000],
  ["Rivers", 3500],
  ["Sokoto", 4000],
] as const) {
  test(`checks out to ${state} with its delivery cost`, async ({ page, request }) => {
    const balm = await productNamed(request, "Micellar Cleansing Water");
    await addFromProductPage(page, balm);
    await page.goto("/checkout");
    await fillDelivery(page, "Halima Bello", state);
    await expect(page.getByRole("complementary", { name: "Order Summary" })).toContainText(
      naira(balm.price + cost),
    );
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.getByRole("button", { name: `Pay ${naira(balm.price + cost)}` }).click();
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page).toHaveURL(/\/payment-success$/);
    await expect(page.getByText(/order #\d+ is confirmed/)).toBeVisible();
  });
}

test("cancel and decline show the spec's messages and keep the cart", async ({ page, request }) => {
  const product = await productNamed(request, "Hydrating Clay Mask");
  await addFromProductPage(page, product);
  await page.goto("/checkout");
  await fillDelivery(page, "Tunde Bakare", "Oyo");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  const pay = page.getByRole("button", { name: `Pay ${naira(product.price + 3500)}` });

  await pay.click();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByText("Payment Cancelled", { exact: true })).toBeVisible();
  await expect(page.getByText("You cancelled the payment process.", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);

  await pay.click();
  await page.getByRole("button", { name: "Decline" }).click();
  await expect(page.getByText("Payment Error", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("alert").filter({ hasText: "Payment verification failed" }),
  ).toHaveText("Payment verification failed. Please contact support.");
  await expect(page).toHaveURL(/\/checkout$/);
  await page.goto("/cart");
  await expect(page.getByRole("listitem").filter({ hasText: product.name })).toBeVisible();
});

test("empty states, the empty-cart refusal, removal, wishlist and out of stock", async ({
  page,
  request,
}) => {
  await page.goto("/cart");
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  await page.goto("/checkout");
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText("Empty cart", { exact: true })).toBeVisible();
  await expect(
    page.getByText("Please add items to your cart before proceeding to checkout.", { exact: true }),
  ).toBeVisible();

  await page.goto("/wishlist");
  await expect(page.getByText("Your wishlist is empty")).toBeVisible();

  const soldOut = await productNamed(request, "Retinol 0.3% Night Serum");
  await page.goto(`/product/${soldOut.id}`);
  // Disabled (aria-disabled, issue 33), yet a press still answers with the spec's toast.
  const soldOutButton = page.getByRole("button", { name: "Add to Cart", exact: true });
  await expect(soldOutButton).toBeDisabled();
  await soldOutButton.click({ force: true });
  await expect(page.getByText("Out of Stock", { exact: true })).toBeVisible();
  await expect(
    page.getByText(`${soldOut.name} is currently out of stock.`, { exact: true }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Add to wishlist" }).click();
  await expect(page.getByRole("button", { name: "Remove from wishlist" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Wishlist, 1 item" })).toBeVisible();
  await page.goto("/wishlist");
  await expect(page.getByRole("listitem").filter({ hasText: soldOut.name })).toBeVisible();
  await page.getByRole("button", { name: "Remove from wishlist" }).click();
  await expect(page.getByText("Your wishlist is empty")).toBeVisible();

  const mask = await productNamed(request, "Overnight Sleeping Mask");
  await addFromProductPage(page, mask);
  await page.goto("/cart");
  await page.getByRole("button", { name: `Remove ${mask.name} from cart` }).click();
  await expect(page.getByText("Item removed", { exact: true })).toBeVisible();
  await expect(page.getByText("Your cart is empty")).toBeVisible();
});

test("the delivery form shows the spec's messages", async ({ page, request }) => {
  const product = await productNamed(request, "Coffee Body Scrub");
  await addFromProductPage(page, product);
  await page.goto("/checkout");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  for (const message of [
    "Full name is required",
    "Email is required",
    "Phone number is required",
    "Delivery address is required",
    "City is required",
    "State is required",
    "Postal code is required",
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel("Full name")).toBeFocused();
  await page.getByLabel("Phone number").fill("803 123 45678");
  await expect(
    page.getByText("Please include country code (+234) or start with 0 for Nigerian numbers"),
  ).toBeVisible();
  await page.getByLabel("Postal code").fill("1234");
  await expect(
    page.getByText("Postal code must be exactly 6 digits for Nigerian addresses"),
  ).toBeVisible();
  await page.getByLabel("Full name").fill("Ada 2");
  await expect(
    page.getByText("Full name can only contain letters, spaces, hyphens, and apostrophes"),
  ).toBeVisible();
});

test("cart, wishlist and checkout pass axe's WCAG A/AA checks", async ({ page, request }) => {
  const { default: AxeBuilder } = await import("@axe-core/playwright");
  const product = await productNamed(request, "Peptide Eye Gel");
  await addFromProductPage(page, product);
  await page.getByRole("button", { name: "Add to wishlist" }).click();
  for (const path of ["/cart", "/wishlist", "/checkout"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(product.name).first()).toBeVisible();
    const results = await new AxeBuilder({ page })
      .include("main")
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(
      results.violations,
      `${path}: ${results.violations.map((v) => v.id).join(", ")}`,
    ).toEqual([]);
  }
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByText("Full name is required")).toBeVisible();
  const results = await new AxeBuilder({ page })
    .include("main")
    .withTags(["wcag2a", "wcag2aa"])
    .analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});
