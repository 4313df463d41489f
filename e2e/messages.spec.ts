/**
 * Messages (issue 17 "Done when"): a booking request on /contact leaves both messages (the
 * client's and the clinic's) in the admin outbox; Request Review shows the signed review link
 * with Copy and a 'Share on WhatsApp' wa.me link carrying it; the booking card lists the
 * messages; the email unsubscribe link asks for one click and then confirms. Runs at 1280 px
 * (desktop) and 375 px (mobile).
 */
import type { Page } from "@playwright/test";
import { signValue } from "#server/signed-links.ts";
import {
  ADMIN,
  completeVisitOf,
  expect,
  fillHydraFacialBooking,
  lagosDatePlus,
  test,
} from "./fixtures";

/** The e2e server runs with the development SESSION_SECRET (playwright.config.ts sets none). */
const DEV_SESSION_SECRET = "development-only-session-secret-change-me";

async function signIn(page: Page) {
  await page.goto("/admin");
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Login Successful", { exact: true })).toBeVisible();
}

test("a booking request on /contact leaves the client's and the clinic's messages in the outbox", async ({
  page,
}, info) => {
  const stamp = `${info.project.name}${Date.now()}`;
  const name = `Message Client ${stamp}`;
  const email = `messages.${stamp}@example.com`;

  await fillHydraFacialBooking(page, { name, email, daysAhead: 7, time: "11:30 AM" });
  await page.getByRole("button", { name: "Book Appointment" }).click();
  await expect(page.getByText("Booking Submitted", { exact: true })).toBeVisible();

  await signIn(page);
  await page.goto("/admin/outbox");
  await page.getByLabel("Search messages").fill("booking-received");
  // The search reaches the URL after a short pause; the server answers the filtered page.
  await expect(page).toHaveURL(/q=booking-received/);
  const client = page
    .getByRole("listitem")
    .filter({ hasText: `Email to ${email}` })
    .filter({ hasText: "booking-received-client" });
  const clinic = page
    .getByRole("listitem")
    .filter({ hasText: `from ${name}` })
    .filter({ hasText: "booking-received-clinic" });
  await expect(client).toHaveCount(1);
  await expect(clinic).toHaveCount(1);
  // No SMTP server in the e2e run: the messages are kept for staff to read.
  await expect(client.getByText("stored", { exact: true })).toBeVisible();
  await clinic.getByText("Read message").click();
  await expect(clinic.getByRole("link", { name: /\/admin\/bookings\?q=/ })).toBeVisible();

  // The channel filter keeps the WhatsApp copy to the client's number only.
  await page.getByLabel("Channel").selectOption("whatsapp");
  await expect(page).toHaveURL(/channel=whatsapp/);
  await expect(
    page.getByRole("listitem").filter({ hasText: "+2348031234567" }).first(),
  ).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: `Email to ${email}` })).toHaveCount(0);

  // The booking card lists the messages sent about the request.
  await page.goto(`/admin/bookings?q=${encodeURIComponent(email)}`);
  const card = page.getByRole("listitem").filter({ hasText: name });
  await card.getByText(/^Messages \(\d+\)$/).click();
  await expect(card.getByText(/booking-received-client/).first()).toBeVisible();
});

test("Request Review shows the signed link with Copy and a working 'Share on WhatsApp'", async ({
  page,
}, info) => {
  const stamp = `${info.project.name}${Date.now()}`;
  const name = `Share Client ${stamp}`;
  const created = await page.request.post("/api/bookings", {
    data: {
      name,
      email: `share.${stamp}@example.com`,
      phone: "0803 765 4321",
      service: "1",
      date: `${lagosDatePlus(3)} at 11:00 AM`,
    },
  });
  expect(created.status()).toBe(201);

  await signIn(page);
  await page.goto(`/admin/bookings?q=${encodeURIComponent(name)}`);
  const card = page.getByRole("listitem").filter({ hasText: name });
  await card.getByRole("button", { name: "Process" }).click();
  await expect(page.getByText("Booking processed successfully!", { exact: true })).toBeVisible();
  // The review is asked after the visit (issue 28 item 5).
  await completeVisitOf(
    page,
    ((await created.json()) as { id: number }).id,
    `share.${stamp}@example.com`,
  );
  await page.reload();
  await card.getByRole("button", { name: "Request Review" }).click();
  await expect(page.getByText("Success", { exact: true })).toBeVisible();
  await expect(page.getByText("Review request sent to customer", { exact: true })).toBeVisible();

  const linkField = card.getByLabel("Review link");
  await expect(linkField).toBeVisible();
  const reviewUrl = await linkField.inputValue();
  expect(reviewUrl).toMatch(/\/review\/\d+\?sig=[\w-]{32}$/);
  await expect(card.getByRole("button", { name: "Copy" })).toBeVisible();

  const share = card.getByRole("link", { name: "Share on WhatsApp" });
  const href = (await share.getAttribute("href")) ?? "";
  const shareUrl = new URL(href);
  expect(shareUrl.origin).toBe("https://wa.me");
  expect(shareUrl.pathname).toBe("/2348037654321");
  expect(shareUrl.searchParams.get("text")).toContain(reviewUrl);
  await expect(share).toHaveAttribute("target", "_blank");

  // The link in the message opens the review page for this booking.
  const target = new URL(reviewUrl);
  await page.goto(`${target.pathname}${target.search}`);
  await expect(page.getByRole("heading", { name: "How was your treatment?" })).toBeVisible();
});

test("the unsubscribe link asks for one click, then confirms", async ({ page }, info) => {
  const email = `unsubscribe.${info.project.name}.${Date.now()}@example.com`;
  const sig = signValue(DEV_SESSION_SECRET, "unsubscribe", email);

  await page.goto(`/unsubscribe?email=${encodeURIComponent(email)}&sig=wrong`);
  await expect(page.getByRole("heading", { name: "Invalid Unsubscribe Link" })).toBeVisible();

  await page.goto(`/unsubscribe?email=${encodeURIComponent(email)}&sig=${sig}`);
  await expect(
    page.getByRole("heading", { name: "Unsubscribe from reminders and offers" }),
  ).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { name: "You have been unsubscribed" })).toBeVisible();
  // Opening the link again shows the choice as made.
  await page.reload();
  await expect(page.getByRole("heading", { name: "You have been unsubscribed" })).toBeVisible();
});
