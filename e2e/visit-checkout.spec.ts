/**
 * The till closes the visit (issue 29): an appointment booked with a therapist is opened on the
 * calendar, Start Checkout puts it on the till (the service at its price, the therapist on the
 * line, the client filled in), Complete Sale records it, and the calendar then shows the
 * appointment completed. At 1280 px (week view) and 375 px (day view).
 * With CHECKOUT_SCREENSHOTS=dir each project saves the prefilled till.
 */
import type { Page } from "@playwright/test";
import { ADMIN, expect, lagosDatePlus, test } from "./fixtures";

async function signIn(page: Page) {
  await page.goto("/admin");
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("checks out a visit from the calendar: Start Checkout → till prefilled → complete → completed", async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const mobile = (page.viewportSize()?.width ?? 1280) < 768;
  const tag = `${info.project.name}${Date.now()}`;
  const date = lagosDatePlus(mobile ? 5 : 4);
  await signIn(page);

  const staffRes = await page.request.post("/api/staff", {
    data: { firstName: "Amaka", lastName: tag, email: `amaka.${tag}@example.com` },
  });
  expect(staffRes.status()).toBe(201);
  const amaka = (await staffRes.json()) as { id: number };
  const services: Array<{ id: number; name: string; price: number | string | null }> = await (
    await page.request.get("/api/services")
  ).json();
  const service = services.find((s) => s.price !== null && Number(s.price) > 0) as {
    id: number;
    name: string;
  };
  const client = `Visit Client ${tag}`;
  const booked = await page.request.post("/api/appointments", {
    data: {
      customerName: client,
      customerEmail: `visit.${tag}@example.com`,
      customerPhone: "08031234567",
      serviceId: service.id,
      appointmentDate: `${date} 11:00`,
      staffId: amaka.id,
      duration: 60,
    },
  });
  expect(booked.status()).toBe(201);

  await page.goto(`/admin/calendar?view=${mobile ? "day" : "week"}&date=${date}`);
  const block = page.getByRole("button", { name: new RegExp(`^${escapeRegExp(client)}\\s*,`) });
  await block.click();
  const details = page.getByRole("dialog", { name: client });
  await details.getByRole("link", { name: "Start Checkout" }).click();

  // The till: the visit's service, its therapist on the line, the client.
  await expect(page.getByRole("heading", { name: "Point of Sale", level: 1 })).toBeVisible();
  const cart = page.getByRole("list", { name: "Cart" });
  await expect(cart.getByText(service.name)).toBeVisible();
  await expect(cart.getByLabel(`Therapist for ${service.name}`)).toHaveValue(String(amaka.id));
  await expect(page.getByText(`Checking out ${client}'s ${service.name}`)).toBeVisible();
  const shots = process.env.CHECKOUT_SCREENSHOTS;
  if (shots) {
    await page.screenshot({ path: `${shots}/till-${info.project.name}.png`, fullPage: true });
  }
  await page.getByRole("button", { name: "Checkout", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Complete Sale" });
  await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue(client);
  await expect(dialog.getByLabel("Email", { exact: true })).toHaveValue(`visit.${tag}@example.com`);
  if (shots) await page.screenshot({ path: `${shots}/complete-${info.project.name}.png` });
  await dialog.getByRole("button", { name: "Complete Sale" }).click();
  await expect(page.getByText("Sale Complete", { exact: true }).last()).toBeVisible();
  await expect(dialog).toBeHidden();

  // The calendar shows the visit completed.
  await page.goto(`/admin/calendar?view=${mobile ? "day" : "week"}&date=${date}`);
  await expect(block).toHaveAttribute("data-status", "completed");
  await block.click();
  await expect(details.getByTestId("details-status")).toHaveText("Completed");
  await expect(details.getByRole("link", { name: "Start Checkout" })).toHaveCount(0);
});
