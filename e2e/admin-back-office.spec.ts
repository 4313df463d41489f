/**
 * The back office (issue 6 "Done when"): sign in, process a booking, request a review, open the
 * review link from the outbox, submit a 4-star review and see it; create, edit and delete a
 * service and a product and see the public pages change; the dashboard's figures match the
 * database; axe-core finds no WCAG 2.2 AA violation at 1280 px and 768 px.
 */
import AxeBuilder from "@axe-core/playwright";
import { completeVisitOf, expect, lagosDatePlus, signIn, test } from "./fixtures";

test("process a booking, request a review, and the client's 4-star review arrives", async ({
  page,
}, info) => {
  const name = `Review Client ${info.project.name} ${Date.now()}`;
  const email = `review.${info.project.name}.${Date.now()}@example.com`;
  const created = await page.request.post("/api/bookings", {
    data: {
      name,
      email,
      phone: "08031234567",
      service: "1",
      date: `${lagosDatePlus(3)} at 11:00 AM`,
    },
  });
  expect(created.status()).toBe(201);

  await signIn(page);

  // The dashboard's upcoming count: the next 7 days' booking requests that have no appointment
  // yet and their active appointments (not cancelled or no-show).
  const bookings: Array<{ id: number; date: string; status: string }> = await (
    await page.request.get("/api/bookings")
  ).json();
  const now = Date.now();
  const weekAhead = now + 7 * 86_400_000;
  const inWindow = (iso: string) =>
    new Date(iso).getTime() >= now && new Date(iso).getTime() < weekAhead;
  const appointments: Array<{
    appointmentDate: string;
    status: string;
    virtual: boolean;
    bookingId: number | null;
  }> = await (
    await page.request.get(`/api/appointments?from=${lagosDatePlus(-1)}&to=${lagosDatePlus(8)}`)
  ).json();
  const stored = appointments.filter((a) => !a.virtual);
  const booked = new Set(stored.map((a) => a.bookingId));
  const active = (status: string) => !["cancelled", "no-show"].includes(status);
  const upcoming =
    bookings.filter((b) => inWindow(b.date) && active(b.status) && !booked.has(b.id)).length +
    stored.filter((a) => inWindow(a.appointmentDate) && active(a.status)).length;
  await expect(page.getByTestId("upcoming-count")).toHaveText(String(upcoming));

  await page.goto("/admin/bookings");
  await page.getByLabel("Search bookings").fill(name);
  await expect(page.getByText(/^1 of \d+ Bookings$/)).toBeVisible();
  const card = page.getByRole("listitem").filter({ hasText: name });
  await expect(card.getByText("Pending", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: "Request Review" })).toHaveCount(0);
  await card.getByRole("button", { name: "Process" }).click();
  await expect(page.getByText("Booking processed successfully!", { exact: true })).toBeVisible();
  await expect(card.getByText("Completed", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: "Process" })).toHaveCount(0);
  // Processing made the visit's appointment; no review is asked before the visit (issue 28 item 5).
  await expect(card.getByRole("button", { name: "Request Review" })).toHaveCount(0);
  await completeVisitOf(page, ((await created.json()) as { id: number }).id, email);
  await page.reload();
  await card.getByRole("button", { name: "Request Review" }).click();
  await expect(page.getByText("Review request sent to customer", { exact: true })).toBeVisible();

  await page.goto("/admin/outbox");
  // The client also has the booking acknowledgement (issue 17): pick the review request.
  const mail = page
    .getByRole("listitem")
    .filter({ hasText: `To ${email}` })
    .filter({ hasText: "How was your" });
  await mail.getByText("Read message").click();
  const link = mail.getByRole("link", { name: /\/review\/\d+\?sig=/ });
  const href = await link.getAttribute("href");
  expect(href).toBeTruthy();
  await page.goto(new URL(href as string).pathname + new URL(href as string).search);

  await expect(page.getByRole("heading", { name: "How was your treatment?" })).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();
  await expect(page.getByText("Please select a star rating before submitting.")).toBeVisible();
  const submit = page.getByRole("button", { name: "Submit Review" });
  await expect(submit).toBeDisabled();
  await page.getByRole("button", { name: "5 stars" }).hover();
  await expect(page.getByText("Excellent", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "4 stars" }).click();
  await page.mouse.move(0, 0);
  await expect(page.getByText("Very Good", { exact: true })).toBeVisible();
  await expect(page.getByText("Please select a star rating before submitting.")).toHaveCount(0);
  await page.getByLabel("Tell us more (optional)").fill("Lovely, calm and thorough.");
  await submit.click();
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  await expect(
    page.getByText("Your review has been submitted successfully. We appreciate your feedback!"),
  ).toBeVisible();
  await expect(page.getByText("14 Adeola Odeku Street, Victoria Island")).toBeVisible();

  await page.goto("/admin/reviews");
  const review = page.getByRole("listitem").filter({ hasText: name });
  await expect(review).toContainText("4/5");
  await expect(review).toContainText("Lovely, calm and thorough.");

  await page.goto("/review/abc");
  await expect(page.getByRole("heading", { name: "Invalid Review Link" })).toBeVisible();
  await page.goto("/review/1?sig=forged");
  await expect(page.getByRole("heading", { name: "Invalid Review Link" })).toBeVisible();
});

test("create, edit and delete a service; the treatments page follows", async ({ page }, info) => {
  const name = `E2E Radiance Facial ${info.project.name} ${Date.now()}`;
  await signIn(page);
  await page.goto("/admin/services");
  await page.getByRole("button", { name: "Add Service" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Create Service" }).click();
  for (const message of [
    "Service name is required",
    "Description is required",
    "Price is required",
    "Duration is required",
    "Category is required",
  ]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await dialog.getByLabel("Service name").fill(name);
  await dialog.getByLabel("Description").fill("A brightening facial for dull, tired skin.");
  await dialog.getByLabel("Price (₦)").fill("52000");
  await dialog.getByLabel("Duration").fill("1h");
  await dialog.getByLabel("Category").selectOption("facial");
  await dialog.getByRole("button", { name: "Create Service" }).click();
  await expect(page.getByText("Service created successfully!", { exact: true })).toBeVisible();

  await page.goto("/services#facial-services");
  await expect(page.getByText(name).first()).toBeVisible();

  await page.goto("/admin/services");
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  await page.getByRole("dialog").getByLabel("Service name").fill(`${name} Deluxe`);
  await page.getByRole("dialog").getByRole("button", { name: "Update Service" }).click();
  await expect(page.getByText("Service updated successfully!", { exact: true })).toBeVisible();
  await page.goto("/services#facial-services");
  await expect(page.getByText(`${name} Deluxe`).first()).toBeVisible();

  await page.goto("/admin/services");
  await page.getByRole("button", { name: `Delete ${name} Deluxe` }).click();
  await expect(page.getByText("Are you sure you want to delete this service?")).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Service deleted successfully!", { exact: true })).toBeVisible();
  await page.goto("/services#facial-services");
  await expect(page.getByText(`${name} Deluxe`)).toHaveCount(0);
});

test("create, edit, restock and delete a product; the shop follows", async ({ page }, info) => {
  const name = `E2E Kaolin Mask ${info.project.name} ${Date.now()}`;
  await signIn(page);
  await page.goto("/admin/products");
  await page.getByRole("button", { name: "Add Product" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Rating")).toHaveValue("4.0");
  await expect(dialog.getByLabel("Stock")).toHaveValue("100");
  await dialog.getByLabel("Product name").fill(name);
  await dialog.getByLabel("Description").fill("A purifying clay mask.");
  await dialog.getByLabel("Price (₦)").fill("11500");
  await dialog.getByLabel("Image URL").fill("not a link");
  await dialog.getByLabel("Category").selectOption("masks");
  await dialog.getByRole("button", { name: "Create Product" }).click();
  await expect(dialog.getByText("Please enter a valid URL")).toBeVisible();
  await dialog.getByLabel("Image URL").fill("/images/products/hydrating-clay-mask.svg");
  await dialog.getByRole("button", { name: "Create Product" }).click();
  await expect(page.getByText("Product created successfully!", { exact: true })).toBeVisible();

  await page.goto("/shop?category=masks");
  await expect(page.getByRole("link", { name })).toBeVisible();
  await expect(page.getByText("₦11,500").first()).toBeVisible();

  await page.goto("/admin/products");
  await page.getByLabel("Search products").fill(name);
  const card = page.getByRole("listitem").filter({ hasText: name });
  await card.getByRole("button", { name: `Edit ${name}` }).click();
  await page.getByRole("dialog").getByLabel("Price (₦)").fill("12750");
  await page.getByRole("dialog").getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByText("Product updated successfully!", { exact: true })).toBeVisible();
  await card.getByRole("button", { name: "Mark Out of Stock" }).click();
  await expect(card.getByText("Stock: 0")).toBeVisible();
  await card.getByRole("button", { name: "Mark In Stock" }).click();
  await expect(card.getByText("Stock: 100")).toBeVisible();

  await page.goto("/shop?category=masks");
  await expect(page.getByText("₦12,750").first()).toBeVisible();

  await page.goto("/admin/products");
  await page.getByLabel("Search products").fill(name);
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(page.getByText("Are you sure you want to delete this product?")).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Product deleted successfully!", { exact: true })).toBeVisible();
  await page.goto("/shop?category=masks");
  await expect(page.getByText(name)).toHaveCount(0);
});

test("Clear Admin Data asks for the confirmation word first", async ({ page }) => {
  await signIn(page);
  await page.getByRole("button", { name: "Clear Admin Data" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("removes all bookings, customers, orders, staff and more");
  await expect(dialog).toContainText("Services and products are kept.");
  const confirm = dialog.getByRole("button", { name: "Clear Admin Data" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel("Type CLEAR to confirm").fill("clear");
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel("Type CLEAR to confirm").fill("CLEAR");
  await expect(confirm).toBeEnabled();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
});

test("the top-bar search finds clients and bookings", async ({ page }, info) => {
  const name = `Searchable Client ${info.project.name} ${Date.now()}`;
  await page.request.post("/api/bookings", {
    data: {
      name,
      email: `search.${Date.now()}@example.com`,
      phone: "08031234567",
      service: "1",
      date: `${lagosDatePlus(4)} at 2:00 PM`,
    },
  });
  await signIn(page);
  await page.getByLabel("Search clients, bookings and orders").fill(name);
  const results = page.getByRole("region", { name: "Search results" });
  await expect(results.getByRole("heading", { name: "Clients" })).toBeVisible();
  await expect(results.getByRole("heading", { name: "Bookings" })).toBeVisible();
  // Clients come first and open the customer detail dialog (issue 12); bookings open the list.
  await results.getByRole("link").filter({ hasText: name }).nth(1).click();
  await expect(page).toHaveURL(/\/admin\/bookings\?q=/);
  await expect(
    page.getByRole("main").getByRole("listitem").filter({ hasText: name }).first(),
  ).toBeVisible();
  // The box may still hold the name after the navigation: typed again, as a person would.
  await page.getByLabel("Search clients, bookings and orders").fill("");
  await page.getByLabel("Search clients, bookings and orders").fill(name);
  await results.getByRole("link").filter({ hasText: name }).first().click();
  await expect(page).toHaveURL(/\/admin\/clients\?client=\d+/);
  await expect(page.getByRole("dialog").getByRole("heading", { name })).toBeVisible();
});

test("admin screens and the review page have no WCAG 2.2 AA violations at 1280 and 768 px", async ({
  page,
}, info) => {
  // 1280 px in the desktop lane, a 768 px tablet in the phone lane (the lanes run at once).
  test.setTimeout(300_000);
  await signIn(page);
  const paths = [
    "/admin",
    "/admin/bookings",
    "/admin/services",
    "/admin/products",
    "/admin/outbox",
    "/admin/reviews",
    "/admin/audit",
    "/admin/clients",
    "/review/abc",
  ];
  const width = info.project.name === "desktop" ? 1280 : 768;
  await page.setViewportSize({ width, height: 900 });
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    const summary = results.violations.map(
      (v) => `${width}px ${path}: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    );
    expect(summary).toEqual([]);
  }
  // A dialog open, too.
  await page.goto("/admin/bookings");
  await page.getByRole("button", { name: "Add Booking" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Create Booking" }).click();
  await expect(page.getByRole("dialog").getByText("Name is required")).toBeVisible();
  const dialogResults = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(dialogResults.violations.map((v) => `${width}px dialog: ${v.id}`)).toEqual([]);
});

test("the sidebar has every section, entry and badge, and its views", async ({ page }, info) => {
  await signIn(page);
  const mobile = info.project.name === "mobile";
  if (mobile) await page.getByRole("button", { name: "Open menu" }).click();
  const nav = page.getByRole("navigation", { name: "Admin" });
  for (const section of ["PAGES", "APPS", "SETTINGS"]) {
    await expect(nav.getByRole("heading", { name: section })).toBeVisible();
  }
  const entries = [
    "Dashboard",
    "Analytics",
    "Bookings",
    "Sales",
    "Staff",
    "E-commerce",
    "Products",
    "Clients",
    "Services",
    "Calendar",
    "Tasks",
    "My Profile",
  ];
  for (const entry of entries) {
    await expect(nav.getByRole("link", { name: new RegExp(`^${entry}`) })).toBeVisible();
  }
  await expect(nav.getByRole("link", { name: "E-commerce" })).toHaveAttribute(
    "href",
    "/admin/orders",
  );
  await expect(nav.getByText("NEW", { exact: true })).toHaveCount(3);
  const summary = await (await page.request.get("/api/admin/summary")).json();
  await expect(nav.getByRole("link", { name: /^Clients/ })).toHaveText(`Clients${summary.clients}`);

  await nav.getByRole("link", { name: /^Tasks/ }).click();
  await expect(page.getByRole("heading", { name: "Bookings", level: 1 })).toBeVisible();
  if (mobile) await page.getByRole("button", { name: "Open menu" }).click();
  await nav.getByRole("link", { name: /^Analytics/ }).click();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  if (mobile) await page.getByRole("button", { name: "Open menu" }).click();
  await nav.getByRole("link", { name: /^Calendar/ }).click();
  await expect(page.getByRole("heading", { name: "Calendar", level: 1 })).toBeVisible();
  if (mobile) await page.getByRole("button", { name: "Open menu" }).click();
  await nav.getByRole("link", { name: /^Sales/ }).click();
  await expect(page.getByRole("heading", { name: "Point of Sale", level: 1 })).toBeVisible();
});
