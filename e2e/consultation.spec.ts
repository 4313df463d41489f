/**
 * Consultation first (issue 30; docs/decisions/0225), at 1280 and 375 px: the public booking form
 * marks a laser service 'Consultation Required' and 'Book Consultation' picks the laser
 * consultation; the calendar's New Booking refuses a laser appointment for a client without a
 * consultation on record, and the manager overrides with a reason, which the audit log keeps.
 */
import { ADMIN, expect, lagosDatePlus, test } from "./fixtures";
import { fakeMaps } from "./storefront-helpers";

const LASER = "Laser Hair Removal (Underarm)";

test("the booking form offers the consultation for a laser service", async ({ page }) => {
  await fakeMaps(page);
  await page.goto("/contact#booking");
  await page.getByLabel("Treatment category").selectOption("laser");
  const service = page.getByLabel("Service", { exact: true });
  await service.selectOption({ label: `${LASER} (₦40,000)` });
  const note = page.getByRole("note");
  await expect(note).toContainText("Consultation Required");
  await expect(note).toContainText(`${LASER} starts with a consultation`);
  await note.getByRole("button", { name: "Book Consultation" }).click();
  await expect(service.locator("option:checked")).toHaveText("Laser Consultation (Free)");
  await expect(page.getByRole("note")).toBeHidden();
  // A service that needs none shows no note.
  await page.getByLabel("Treatment category").selectOption("facial");
  await service.selectOption({ label: "HydraFacial (₦180,000)" });
  await expect(page.getByRole("note")).toBeHidden();
});

test("the calendar refuses a laser appointment without a consultation; a manager overrides", async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const mobile = info.project.name === "mobile";
  const tag = `${info.project.name}${Date.now()}`;
  const date = lagosDatePlus(mobile ? 41 : 48);
  await page.goto("/admin");
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  const services: Array<{ id: number; name: string; consultationFirst: boolean }> = await (
    await page.request.get("/api/services")
  ).json();
  const laser = services.find((s) => s.name === LASER);
  expect(laser?.consultationFirst).toBe(true);

  await page.goto(`/admin/calendar?view=day&date=${date}`);
  await page.getByRole("button", { name: "New Booking" }).click();
  const form = page.getByRole("dialog", { name: "New Booking" });
  const client = `Laser Client ${tag}`;
  await form.getByLabel("Client Name").fill(client);
  await form.getByLabel("Client Email").fill(`laser.${tag}@example.com`);
  await form.getByLabel("Client Phone").fill("08031234567");
  await form.getByLabel("Service").selectOption(String(laser?.id));
  await form.getByLabel("Date", { exact: true }).fill(date);
  await form.getByLabel("Time", { exact: true }).selectOption("11:00");
  await form.getByRole("button", { name: "Create Booking" }).click();

  const refusal = form.getByRole("alert").filter({ hasText: "needs a consultation first" });
  await expect(refusal).toContainText(`${LASER} needs a consultation first`);
  await expect(form).toBeVisible();
  await form.getByLabel("Override: consultation not needed").check();
  const reason = `Consulted at the Lekki branch ${tag}`;
  await form.getByLabel("Reason for the override").fill(reason);
  await form.getByRole("button", { name: "Create Booking" }).click();
  await expect(page.getByText("Appointment Created", { exact: true }).last()).toBeVisible();
  await expect(form).toBeHidden();
  await expect(page.getByRole("button", { name: new RegExp(`^${client}\\s*,`) })).toBeVisible();

  const audit: Array<{ action: string; details: Record<string, unknown> | null }> = await (
    await page.request.get("/api/admin/audit")
  ).json();
  const override = audit.find(
    (a) => a.action === "consultation.override" && JSON.stringify(a.details).includes(reason),
  );
  expect(override?.details).toMatchObject({ place: "appointment", services: [LASER] });
});
