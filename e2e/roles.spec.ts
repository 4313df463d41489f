/**
 * Roles across the back office (issue 28 item 6; common/roles.ts CAPABILITIES), at 1280 and
 * 375 px: a therapist's calendar is their own (no New Booking, no All Staff; Block Time for
 * their own time; their appointment offers Mark Complete and not Cancel or Delete), their
 * dashboard is their own day without revenue, their client list their own clients; the front
 * desk's client dialog has no Delete or Erase Data and its dashboard no revenue.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { ADMIN, expect, lagosDatePlus, test } from "./fixtures.ts";

const PASSWORD = "role-member-password-1";

/** The next Lagos date, from tomorrow on, that is not a Sunday (the clinic is closed). */
function nextOpenDay(): string {
  for (let days = 1; ; days++) {
    const date = lagosDatePlus(days);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() !== 0) return date;
  }
}

/**
 * A new member with a sign-in of `role`, Mon-Sat 10:00-19:00, signed in on `page` (the
 * invitation accepted through the API, as its link would). Returns their staff id.
 */
async function signInAsNewMember(
  page: Page,
  manager: APIRequestContext,
  role: "therapist" | "front_desk",
  firstName: string,
): Promise<number> {
  const tag = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${firstName.toLowerCase()}.${tag}@example.com`;
  const created = await manager.post("/api/staff", {
    data: { firstName, lastName: `Role${tag}`, email },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const days = [1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
    dayOfWeek,
    startTime: "10:00",
    endTime: "19:00",
  }));
  expect((await manager.put(`/api/staff/${id}/schedules`, { data: { days } })).status()).toBe(200);
  expect((await manager.post(`/api/staff/${id}/access`, { data: { role } })).status()).toBe(201);
  const outbox = await (await manager.get("/api/admin/outbox")).json();
  const messages = (Array.isArray(outbox) ? outbox : outbox.rows) as Array<{
    toAddress: string;
    textBody: string;
  }>;
  const token = /staff-invitation\/([A-Za-z0-9_-]+)/.exec(
    messages.find((m) => m.toAddress === email)?.textBody ?? "",
  )?.[1];
  expect(token).toBeTruthy();
  const accepted = await page.request.post(`/api/auth/invitations/${token}`, {
    data: { password: PASSWORD },
  });
  expect(accepted.status()).toBe(201);
  return id;
}

test.describe("roles", () => {
  let manager: APIRequestContext;

  test.beforeEach(async ({ playwright, baseURL }) => {
    manager = await playwright.request.newContext({ baseURL });
    expect((await manager.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  });
  test.afterEach(async () => {
    await manager.dispose();
  });

  test("a therapist is offered only what is theirs to do", async ({ page }) => {
    const staffId = await signInAsNewMember(page, manager, "therapist", "Zainab");
    const date = nextOpenDay();
    const tag = Date.now();
    const services = (await (await manager.get("/api/services")).json()) as Array<{ id: number }>;
    const book = (name: string, email: string, time: string, member: number | null) =>
      manager.post("/api/appointments", {
        data: {
          customerName: name,
          customerEmail: email,
          customerPhone: "08031234567",
          serviceId: services[0]?.id,
          appointmentDate: `${date} ${time}`,
          staffId: member,
          status: "confirmed",
        },
      });
    const ownName = `Amaka Own${tag}`;
    expect((await book(ownName, `amaka.${tag}@example.com`, "11:00", staffId)).status()).toBe(201);
    const otherName = `Bisi Other${tag}`;
    expect((await book(otherName, `bisi.${tag}@example.com`, "12:00", null)).status()).toBe(201);

    // Dashboard: their own day, no clinic revenue or team figures.
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "My day" })).toBeVisible();
    await expect(page.getByTestId("my-next-seven-days")).not.toHaveText("0");
    await expect(page.getByRole("heading", { name: "Recent sales" })).toHaveCount(0);
    await expect(page.getByTestId("total-revenue")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Top team member" })).toHaveCount(0);
    await expect(page.getByText(otherName)).toHaveCount(0);
    await expect(page.getByText(ownName)).toBeVisible();
    await page.screenshot({
      path: `/tmp/h-roles/roles-therapist-dashboard-${test.info().project.name}.png`,
      fullPage: true,
    });

    // Calendar: their own column; Block Time yes, New Booking no, no All Staff.
    await page.goto(`/admin/calendar?view=day&date=${date}`);
    await expect(page.getByRole("heading", { name: "Calendar", level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Block Time" })).toBeVisible();
    await expect(page.getByRole("button", { name: "New Booking" })).toHaveCount(0);
    const filter = page.getByLabel("Staff filter");
    await expect(filter.getByRole("option", { name: "All Staff" })).toHaveCount(0);
    await expect(filter).toHaveValue(String(staffId));
    await expect(page.getByTestId("appointment-block").filter({ hasText: otherName })).toHaveCount(
      0,
    );
    await page.getByTestId("appointment-block").filter({ hasText: ownName }).click();
    const details = page.getByRole("dialog", { name: ownName });
    await expect(details.getByRole("button", { name: "Mark Complete" })).toBeVisible();
    for (const name of ["Cancel", "No Show", "Duplicate", "Reschedule", "Delete"]) {
      await expect(details.getByRole("button", { name, exact: true })).toHaveCount(0);
    }
    await page.screenshot({
      path: `/tmp/h-roles/roles-therapist-calendar-${test.info().project.name}.png`,
    });
    await page.keyboard.press("Escape");

    // Block Time: for themselves only (no All staff), and it saves.
    await page.getByRole("button", { name: "Block Time" }).click();
    const block = page.getByRole("dialog", { name: "Block Time" });
    await block.getByLabel("Title").fill("Lunch");
    await block.getByLabel("Start").fill(`${date}T13:00`);
    await block.getByLabel("End").fill(`${date}T14:00`);
    await expect(block.getByLabel("Staff Member").getByRole("option")).toHaveCount(1);
    await block.getByRole("button", { name: "Block Time" }).click();
    await expect(
      page.getByText("Blocked time created successfully!", { exact: true }),
    ).toBeVisible();
    await expect(page.getByTestId("blocked-time").filter({ hasText: "Lunch" })).toBeVisible();

    // Clients: their own client only, without Add Customer.
    await page.goto("/admin/clients");
    await expect(page.getByRole("button", { name: "Add Customer" })).toHaveCount(0);
    await expect(page.getByText(`amaka.${tag}@example.com`).first()).toBeVisible();
    await expect(page.getByText(`bisi.${tag}@example.com`)).toHaveCount(0);
    await page.screenshot({
      path: `/tmp/h-roles/roles-therapist-clients-${test.info().project.name}.png`,
    });
  });

  test("the front desk has no Delete or Erase Data on clients and no revenue", async ({ page }) => {
    await signInAsNewMember(page, manager, "front_desk", "Kemi");
    const email = `desk.client.${Date.now()}@example.com`;
    const created = await manager.post("/api/customers", {
      data: { firstName: "Nkechi", lastName: `Desk${Date.now()}`, email, phone: "08031234567" },
    });
    expect(created.status()).toBe(201);
    const client = (await created.json()) as { id: number };

    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Upcoming appointments" })).toBeVisible();
    await expect(page.getByTestId("total-revenue")).toHaveCount(0);
    await expect(page.getByTestId("upcoming-value")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Top team member" })).toHaveCount(0);

    await page.goto(`/admin/clients?client=${client.id}`);
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("button", { name: "Schedule Appointment" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Edit", exact: true })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Delete", exact: true })).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Erase Data" })).toHaveCount(0);
    await page.screenshot({
      path: `/tmp/h-roles/roles-desk-client-${test.info().project.name}.png`,
    });

    // A refusal (a stale page) names the rule: what the API answers the front desk.
    const refused = await page.request.delete(`/api/customers/${client.id}`);
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.message).toBe(
      "Your role does not allow this: only a manager deletes or erases clients.",
    );

    // The calendar: New Booking and Block Time are the desk's.
    await page.goto("/admin/calendar");
    await expect(page.getByRole("button", { name: "New Booking" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Block Time" })).toBeVisible();
  });
});
