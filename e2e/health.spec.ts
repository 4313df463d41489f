/**
 * The health record at check-in and the contraindication check at the till (issue 30): a client
 * booked for an aromatherapy massage arrives; at check-in the manager opens Health record from
 * the appointment, records a fragrance allergy picked from the common ingredients, and sees the
 * entry with who recorded it and the "Allergy" alert. At the till, selling the massage to the
 * same client answers Complete Sale with the Health alert naming it; a reason is required, and
 * with one the manager goes ahead. At 1280 px (week view) and 375 px (day view).
 */
import type { Page } from "@playwright/test";
import { lagosToday } from "./dates";
import { ADMIN, expect, test } from "./fixtures";

async function signIn(page: Page) {
  await page.goto("/admin");
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Today's Lagos date: check-in is taken on the day of the visit only. */
test("records an allergy at check-in and sees the health alert at the till", async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const mobile = (page.viewportSize()?.width ?? 1280) < 768;
  const tag = `${info.project.name}${Date.now()}`;
  const date = lagosToday();
  const time = mobile ? "13:00" : "12:00";
  await signIn(page);

  const services: Array<{ id: number; name: string }> = await (
    await page.request.get("/api/services")
  ).json();
  const massage = services.find((s) => s.name === "Aromatherapy Massage") as {
    id: number;
    name: string;
  };
  expect(massage).toBeTruthy();
  const client = `Health Client ${tag}`;
  const email = `health.${tag}@example.com`;
  // A visit today, whatever the day: a manager's working-time override covers a Sunday.
  const booked = await page.request.post("/api/appointments", {
    data: {
      customerName: client,
      customerEmail: email,
      customerPhone: "08031234567",
      serviceId: massage.id,
      appointmentDate: `${date} ${time}`,
      duration: 60,
      overrideWorkingHours: true,
      overrideReason: "End-to-end test of the health record",
    },
  });
  expect(booked.status()).toBe(201);

  // Check-in, then Health record from the same dialog.
  await page.goto(`/admin/calendar?view=${mobile ? "day" : "week"}&date=${date}`);
  const block = page.getByRole("button", { name: new RegExp(`^${escapeRegExp(client)}\\s*,`) });
  await block.click();
  const details = page.getByRole("dialog", { name: client });
  await details.getByRole("button", { name: "Check in" }).click();
  await expect(page.getByText("Appointment updated successfully!").first()).toBeVisible();
  await details.getByRole("button", { name: "Health record" }).click();
  const health = page.getByRole("dialog", { name: "Health record" });
  await expect(health.getByText("No health alerts recorded.")).toBeVisible();
  const form = health.getByRole("form", { name: "Record a health entry" });
  await form.getByLabel("Record").selectOption("allergy");
  await form.getByLabel("Common ingredient").selectOption({ label: "Fragrance / essential oils" });
  await form.getByRole("button", { name: "Add to health record" }).click();
  const entry = health.getByRole("listitem").filter({ hasText: "Fragrance / essential oils" });
  await expect(entry).toContainText("Allergy: Fragrance / essential oils");
  await expect(entry).toContainText(`Recorded by ${ADMIN.username}`);
  // The alert label the front desk also sees.
  await expect(health.getByText("Health alerts:").locator("..")).toHaveText(
    "Health alerts: Allergy",
  );
  await health.getByRole("button", { name: "Close dialog" }).click();
  await expect(health).toBeHidden();

  // The till: the massage sold to the same client; Complete Sale meets the health alert.
  await page.goto("/admin/sales?tab=services");
  await expect(page.getByRole("heading", { name: "Point of Sale", level: 1 })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search services" }).fill(massage.name);
  await page.getByRole("button", { name: `Add ${massage.name}`, exact: true }).click();
  await page.getByRole("button", { name: "Checkout", exact: true }).click();
  const sale = page.getByRole("dialog", { name: "Complete Sale" });
  await sale.getByLabel("Name", { exact: true }).fill(client);
  await sale.getByLabel("Email", { exact: true }).fill(email);
  await sale.getByRole("button", { name: "Complete Sale" }).click();

  const alert = page.getByRole("dialog", { name: "Health alert" });
  await expect(
    alert.getByText(
      `Allergy: ${massage.name} contains an ingredient the client's health record lists as an allergy.`,
    ),
  ).toBeVisible();
  await expect(alert.getByText("Block", { exact: true })).toBeVisible();
  // Going ahead needs a reason.
  await alert.getByRole("button", { name: "Go ahead" }).click();
  await expect(alert.getByText("Give a reason to go ahead")).toBeVisible();
  await alert.getByLabel("Reason to go ahead").fill("Fragrance-free oil used instead");
  await alert.getByRole("button", { name: "Go ahead" }).click();
  await expect(page.getByText("Sale Complete", { exact: true }).last()).toBeVisible();
  await expect(alert).toBeHidden();
});
