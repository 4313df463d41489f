/**
 * The shop tells the truth (issue 33), at 375 and 1280 px: the success page says what the server
 * decided (confirmed, or paid and to be refunded when the last unit sold out while paying).
 */
import type { Browser, Page } from "@playwright/test";
import { ADMIN, expect, test } from "./fixtures";
import { declineCookies } from "./storefront-helpers";

test.beforeEach(async ({ context }) => {
  await declineCookies(context);
});

/** A product made for one test through the manager's API: its own stock, no other test's. */
async function newProduct(
  browser: Browser,
  fields: { name: string; price: number; stock: number },
): Promise<{ id: number; setStock: (stock: number) => Promise<void>; close: () => Promise<void> }> {
  const manager = await browser.newContext();
  const api = manager.request;
  expect((await api.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  const created = await api.post("/api/products", {
    data: {
      ...fields,
      description: "A product made by the shop-truth test.",
      image: "/images/placeholder-product.svg",
      category: "masks",
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  return {
    id,
    setStock: async (stock) => {
      expect((await api.patch(`/api/products/${id}`, { data: { stock } })).status()).toBe(200);
    },
    close: () => manager.close(),
  };
}

async function fillDelivery(page: Page) {
  await page.getByLabel("Full name").fill("Ngozi Truth");
  await page.getByLabel("Email").fill("ngozi@example.com");
  await page.getByLabel("Phone").fill("+234 803 123 4567");
  await page.getByLabel("Address").fill("12 Admiralty Way, Lekki Phase 1");
  await page.getByLabel("City").fill("Lekki");
  await page.getByLabel("State").selectOption("Lagos");
  await page.getByLabel("Postal code").fill("105102");
}

test("a payment for a unit that sold out meanwhile is told as a refund, not a confirmation", async ({
  page,
  browser,
}, info) => {
  const product = await newProduct(browser, {
    name: `Last Unit Mask ${info.project.name} ${Date.now() % 100000}`,
    price: 9000,
    stock: 1,
  });
  await page.goto(`/product/${product.id}`);
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByText("Added to cart", { exact: true })).toBeVisible();
  await page.goto("/checkout");
  await fillDelivery(page);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByRole("button", { name: "Pay ₦11,500" }).click();
  // The last unit leaves the shelf (a sale at the till) while the client pays.
  await product.setStock(0);
  await page
    .getByRole("dialog", { name: "Test payment" })
    .getByRole("button", { name: "Approve" })
    .click();

  await expect(page).toHaveURL(/\/payment-success$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Payment received: your order will be refunded" }),
  ).toBeVisible();
  await expect(page.getByText(/sold out while you were paying/)).toBeVisible();
  await expect(page.getByText(/We will refund the full ₦11,500 to the card/)).toBeVisible();
  await expect(page.getByText(/is confirmed/)).toHaveCount(0);
  await product.close();
});

test("the cart, wishlist and product page show the stock that is left, counting the cart", async ({
  page,
  browser,
}, info) => {
  const name = `Short Stock Serum ${info.project.name} ${Date.now() % 100000}`;
  const product = await newProduct(browser, { name, price: 7000, stock: 2 });
  await page.goto(`/product/${product.id}`);
  await page.getByRole("button", { name: "Add to wishlist" }).click();
  const increase = page.getByRole("button", { name: "Increase quantity" });
  await increase.click();
  await expect(increase).toBeDisabled();
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByText("Added to cart", { exact: true })).toBeVisible();
  // Both units are in the cart: the page allows no more.
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(
    page.getByText(`All 2 of ${name} in stock are already in your cart.`, { exact: true }),
  ).toBeVisible();

  // One unit goes elsewhere: the cart flags the line and caps it.
  await product.setStock(1);
  await page.goto("/cart");
  const line = page.getByRole("listitem").filter({ hasText: name });
  await expect(
    line.getByText("Only 1 left in stock: lower the quantity to check out."),
  ).toBeVisible();
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page.getByText("Please update your cart", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  await line.getByRole("button", { name: "Decrease quantity" }).click();
  await expect(line.getByText(/left in stock/)).toHaveCount(0);
  await expect(line.getByRole("button", { name: "Increase quantity" })).toBeDisabled();

  // Sold out: flagged in the cart and refused from the wishlist with the spec's toast.
  await product.setStock(0);
  await page.reload();
  await expect(line.getByText("Sold out: remove it to check out.")).toBeVisible();
  await page.goto("/wishlist");
  const saved = page.getByRole("listitem").filter({ hasText: name });
  await expect(saved.getByText("OUT OF STOCK")).toBeVisible();
  await saved.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Out of Stock", { exact: true })).toBeVisible();
  await expect(page.getByText(`${name} is currently out of stock.`, { exact: true })).toBeVisible();
  await product.close();
});

test("the cart's delivery is the estimate the checkout keeps to", async ({
  page,
  browser,
}, info) => {
  const product = await newProduct(browser, {
    name: `Big Order Cream ${info.project.name} ${Date.now() % 100000}`,
    price: 60000,
    stock: 5,
  });
  await page.goto(`/product/${product.id}`);
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByText("Added to cart", { exact: true })).toBeVisible();
  await page.goto("/cart");
  // Above ₦50,000 the cart no longer promises free shipping the checkout never gave.
  await expect(page.getByText(/free shipping/i)).toHaveCount(0);
  await expect(page.getByText("₦2,500 – ₦4,000")).toBeVisible();
  await expect(page.getByText("from ₦62,500")).toBeVisible();
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await fillDelivery(page);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByRole("button", { name: "Pay ₦62,500" })).toBeVisible();
  await product.close();
});

test("/contact offers WhatsApp click-to-chat with the clinic's number and directions", async ({
  page,
}) => {
  await page.goto("/contact");
  const chat = page.getByRole("link", { name: "Chat on WhatsApp" });
  await expect(chat).toHaveAttribute("href", /^https:\/\/wa\.me\/2348031234567\?text=/);
  await expect(chat).toHaveAttribute("rel", /noopener/);
  const directions = page.getByRole("link", { name: "Get directions" });
  await expect(directions).toHaveAttribute(
    "href",
    /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=14%20Adeola%20Odeku%20Street/,
  );
});

test("/shop searches by name, category or concern, forgiving typos, and sorts; the URL keeps both", async ({
  page,
}) => {
  await page.goto("/shop");
  const search = page.getByRole("search", { name: "Search products" });
  await search.getByLabel("Search products").fill("niacinamde");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/[?&]q=niacinamde/);
  await expect(page.getByRole("heading", { name: "Niacinamide 10% Serum" })).toBeVisible();

  await search.getByLabel("Search products").fill("sunscreen");
  await search.getByRole("button", { name: "Search" }).click();
  await search.getByLabel("Sort by").selectOption("price-desc");
  await expect(page).toHaveURL(/sort=price-desc/);
  await expect(page).toHaveURL(/q=sunscreen/);
  const prices = await page
    .getByRole("main")
    .getByRole("listitem")
    .getByText(/^Price: ₦[\d,]+$/)
    .allTextContents();
  const values = prices.map((p) => Number(p.replace(/[^\d]/g, "")));
  expect(values.length).toBeGreaterThan(1);
  expect(values).toEqual([...values].sort((a, b) => b - a));

  // Reloading keeps the search and sort; a search with no match shows the spec's empty state.
  await page.reload();
  await expect(search.getByLabel("Search products")).toHaveValue("sunscreen");
  await expect(search.getByLabel("Sort by")).toHaveValue("price-desc");
  await page.goto("/shop?q=zzzzqqq");
  await expect(page.getByText("No products found", { exact: true })).toBeVisible();
});
