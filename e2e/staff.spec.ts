/**
 * Staff management (issue 13, admin spec §2 "Staff management", §5, §8): add a member, set a
 * schedule, clock in and out with a break, correct the entry, create and approve a pay run whose
 * hours and pay match the entry, the printable pay slip; then invite a therapist, who signs in
 * with their own password and sees neither Pay & Commissions nor Clear Admin Data.
 * With STAFF_SCREENSHOTS=dir the desktop run saves the screens at 1280 px.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { ADMIN, expect, lagosDatePlus, test } from "./fixtures";

const shots = process.env.STAFF_SCREENSHOTS;

async function signIn(page: Page, username = ADMIN.username, password = ADMIN.password) {
  await page.goto("/admin");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Login Successful", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
}

/** WCAG 2.2 AA violations on the page as it stands, as 'name: rule (targets)'. */
async function axe(page: Page, name: string): Promise<string[]> {
  // A dialog fading in is half transparent: its text would fail the contrast check mid-way.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  return results.violations.map(
    (v) => `${name}: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
}

async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

test("staff: add, schedule, clock in and out with a break, pay run from the hours, approve, pay slip", async ({
  page,
}, info) => {
  test.skip(
    info.project.name !== "desktop",
    "the journey runs at 1280 px; 375 px is checked below",
  );
  const tag = `${Date.now()}`;
  const last = `Obi${tag}`;
  const name = `Kemi ${last}`;
  await signIn(page);

  await page.goto("/admin/staff");
  await expect(page.getByRole("heading", { name: "Staff Management", level: 1 })).toBeVisible();
  for (const tab of ["Team Members", "Time Tracking", "Pay & Commissions", "Analytics"]) {
    await expect(page.getByRole("tab", { name: tab })).toBeVisible();
  }

  // Add Staff Member: the form's own messages first, then a real member.
  await page.getByRole("button", { name: "Add Staff Member" }).click();
  const form = page.getByRole("dialog", { name: "Add Staff Member" });
  await form.getByRole("button", { name: "Add Staff Member" }).click();
  await expect(form.getByText("First name is required")).toBeVisible();
  await expect(form.getByText("Last name is required")).toBeVisible();
  await expect(form.getByText("Valid email is required")).toBeVisible();
  await form.getByLabel("First name").fill("Kemi");
  await form.getByLabel("Last name").fill(last);
  await form.getByLabel("Email").fill(`kemi.${tag}@example.com`);
  await form.getByLabel("Role").selectOption("therapist");
  await form.getByLabel("Department").selectOption("treatments");
  await form.getByLabel("Hourly rate (₦)").fill("3000");
  await form.getByRole("button", { name: "Add Staff Member" }).click();
  await expect(page.getByText("Staff member added successfully!", { exact: true })).toBeVisible();
  await expect(form).toBeHidden();
  const card = page.getByRole("listitem").filter({ hasText: name });
  // Whole naira outside the till (admin spec §9): no ".00".
  await expect(card).toContainText(/₦3,000(?![.\d])/);
  await expect(card).toContainText("Active");
  await shot(page, "staff-team");

  // Detail → Workspace: Monday 09:00–17:30 at Lekki.
  await card.getByRole("link", { name }).click();
  await expect(page.getByRole("link", { name: "Back to Team" })).toBeVisible();
  await expect(page.getByText("No sign-in yet")).toBeVisible();
  await page.getByRole("tab", { name: "Workspace" }).click();
  await page.getByRole("checkbox", { name: "Monday" }).check();
  await page.getByLabel("Monday start").fill("09:00");
  await page.getByLabel("Monday end").fill("17:30");
  await page.getByLabel("Monday location").fill("Lekki");
  await page.getByRole("button", { name: "Save Schedule" }).click();
  await expect(page.getByText("Schedule saved", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "Monday" })).toBeChecked();
  await expect(page.getByLabel("Monday location")).toHaveValue("Lekki");
  await shot(page, "staff-workspace");

  // Time Tracking: clock in, a break, clock out.
  await page.getByRole("link", { name: "Back to Team" }).click();
  await page.getByRole("tab", { name: "Time Tracking" }).click();
  const clockIn = page.getByRole("region", { name: "Clock In" });
  await clockIn.getByLabel("Staff member").selectOption({ label: name });
  await clockIn.getByRole("button", { name: "Clock In" }).click();
  await expect(page.getByText("Clocked in successfully!", { exact: true })).toBeVisible();
  const breakCard = page.getByRole("region", { name: "Break" });
  await breakCard.getByLabel("Staff member").selectOption({ label: name });
  await breakCard.getByRole("button", { name: "Start Break" }).click();
  await expect(page.getByText("Break started", { exact: true })).toBeVisible();
  await breakCard.getByLabel("Staff member").selectOption({ label: `${name} (on break)` });
  await breakCard.getByRole("button", { name: "End Break" }).click();
  await expect(page.getByText("Break ended", { exact: true })).toBeVisible();
  const clockOut = page.getByRole("region", { name: "Clock Out" });
  await clockOut.getByLabel("Staff member").selectOption({ label: name });
  await clockOut.getByRole("button", { name: "Clock Out" }).click();
  await expect(page.getByText("Clocked out successfully!", { exact: true })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: name }).first();
  await expect(row).toContainText("Completed");
  await expect(row).toContainText("1 (");

  // The manager corrects the entry to a full shift yesterday: 09:00–17:30 = 8.5 h.
  const yesterday = lagosDatePlus(-1);
  await row.getByRole("button", { name: /^Correct entry of/ }).click();
  const fix = page.getByRole("dialog", { name: "Correct Time Entry" });
  await fix.getByLabel("Clock in").fill(`${yesterday}T09:00`);
  await fix.getByLabel("Clock out").fill(`${yesterday}T17:30`);
  await fix.getByLabel("Reason").fill("Shift entered after the fact");
  await fix.getByRole("button", { name: "Save Correction" }).click();
  await expect(page.getByText("Time entry corrected", { exact: true })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name }).first()).toContainText("8.50 h");
  await shot(page, "staff-time");

  // Pay & Commissions: a pay run over the last 7 days = 8.5 h × ₦3,000 − ₦500.
  await page.getByRole("tab", { name: "Pay & Commissions" }).click();
  for (const card of ["Total Payroll", "Total Hours", "Pending Approval", "Paid"]) {
    await expect(page.getByText(card, { exact: true })).toBeVisible();
  }
  await page.getByRole("button", { name: "Create Pay Run" }).click();
  const pay = page.getByRole("dialog", { name: "Create Pay Run" });
  await pay.getByLabel("Staff member").selectOption({ label: name });
  await pay.getByLabel("Deductions (₦)").fill("500");
  await pay.getByRole("button", { name: "Create Pay Run" }).click();
  await expect(page.getByText("Pay run created successfully!", { exact: true })).toBeVisible();
  const run = page.getByRole("row").filter({ hasText: name });
  await expect(run).toContainText("8.50");
  await expect(run).toContainText(/₦25,500(?![.\d])/);
  await expect(run).toContainText(/₦25,000(?![.\d])/);
  await expect(run).toContainText("Pending");
  await run.getByRole("button", { name: /^Approve pay run of/ }).click();
  await expect(page.getByText("Pay run approved", { exact: true })).toBeVisible();
  await expect(run).toContainText("Paid");
  await shot(page, "staff-pay");

  await run.getByRole("link", { name: /^Pay slip of/ }).click();
  await expect(page.getByRole("heading", { name: "Pay slip", level: 1 })).toBeVisible();
  await expect(page.getByRole("row", { name: /Regular pay \(8\.50 h\)/ })).toContainText(
    "₦25,500.00",
  );
  await expect(page.getByRole("row", { name: /Net pay/ })).toContainText("₦25,000.00");
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
  await shot(page, "staff-pay-slip");

  // Accessibility of every tab and the detail (WCAG 2.2 AA).
  const violations: string[] = [];
  for (const tab of ["team", "time", "pay", "analytics"]) {
    await page.goto(`/admin/staff?tab=${tab}`);
    await expect(page.getByRole("tab", { selected: true })).toBeVisible();
    violations.push(...(await axe(page, tab)));
  }
  await page.getByRole("tab", { name: "Team Members" }).click();
  await page.getByRole("link", { name }).click();
  for (const view of ["Overview", "Personal", "Workspace", "Pay"]) {
    await page.getByRole("tab", { name: view }).click();
    await expect(page.getByRole("tab", { name: view })).toHaveAttribute("aria-selected", "true");
    violations.push(...(await axe(page, `detail ${view}`)));
  }
  await page.getByRole("button", { name: "Grant access" }).click();
  violations.push(...(await axe(page, "grant access dialog")));
  await page.keyboard.press("Escape");
  expect(violations).toEqual([]);

  await page.goto("/admin/staff?tab=analytics");
  for (const card of ["Active Staff", "Total Hours", "Avg Hours/Week", "Attendance Rate"]) {
    await expect(page.getByText(card, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("row", { name: /Treatments/ })).toBeVisible();
});

test("staff sign-in: a therapist is invited, signs in with their own password and sees no pay or Clear Admin Data", async ({
  page,
  browser,
}, info) => {
  test.skip(info.project.name !== "desktop", "runs at 1280 px");
  const tag = `${Date.now()}`;
  const email = `tola.${tag}@example.com`;
  const password = "therapist-password-1";
  await signIn(page);
  const created = await page.request.post("/api/staff", {
    data: { firstName: "Tola", lastName: `Ayo${tag}`, email },
  });
  expect(created.status()).toBe(201);
  const member = (await created.json()) as { id: number };

  await page.goto(`/admin/staff?member=${member.id}`);
  await page.getByRole("button", { name: "Grant access" }).click();
  const grant = page.getByRole("dialog", { name: "Grant access" });
  await grant.getByRole("radio", { name: /^Therapist/ }).check();
  await grant.getByRole("button", { name: "Send Invitation" }).click();
  await expect(page.getByText("Invitation sent", { exact: true })).toBeVisible();
  await expect(page.getByText("Invitation sent (Therapist)")).toBeVisible();

  // The invitation email is in the outbox (no SMTP here).
  const outbox = await (await page.request.get("/api/admin/outbox")).json();
  const messages = (Array.isArray(outbox) ? outbox : outbox.rows) as Array<{
    toAddress: string;
    textBody: string;
  }>;
  const link = /https?:\/\/\S+\/staff-invitation\/\S+/.exec(
    messages.find((m) => m.toAddress === email)?.textBody ?? "",
  )?.[0];
  expect(link).toBeTruthy();

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const therapist = await context.newPage();
  const errors: string[] = [];
  therapist.on("pageerror", (e) => errors.push(e.message));
  await therapist.goto(new URL(link as string).pathname);
  await expect(therapist.getByText(/Welcome, Tola/)).toBeVisible();
  await therapist.getByLabel("Password", { exact: true }).fill(password);
  await therapist.getByLabel("Confirm password").fill(password);
  await therapist.getByRole("button", { name: "Set Password and Sign In" }).click();
  await expect(therapist.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(therapist.getByText("Therapist", { exact: true })).toBeVisible();

  // What a therapist does not get: Clear Admin Data, bookings, pay.
  await expect(therapist.getByRole("button", { name: "Clear Admin Data" })).toHaveCount(0);
  const nav = therapist.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("link", { name: /^Staff/ })).toBeVisible();
  await expect(nav.getByRole("link", { name: /^Calendar/ })).toBeVisible();
  await expect(nav.getByRole("link", { name: /^Bookings/ })).toHaveCount(0);
  await nav.getByRole("link", { name: /^Staff/ }).click();
  await expect(
    therapist.getByRole("heading", { name: "Staff Management", level: 1 }),
  ).toBeVisible();
  await expect(therapist.getByRole("tab", { name: "Team Members" })).toBeVisible();
  await expect(therapist.getByRole("tab", { name: "Time Tracking" })).toBeVisible();
  await expect(therapist.getByRole("tab", { name: "Pay & Commissions" })).toHaveCount(0);
  await expect(therapist.getByRole("tab", { name: "Analytics" })).toHaveCount(0);
  await expect(therapist.getByRole("button", { name: "Add Staff Member" })).toHaveCount(0);
  await expect(therapist.getByText("Hourly rate")).toHaveCount(0);
  await shot(therapist, "staff-therapist");

  // Their own time clock works.
  await therapist.getByRole("tab", { name: "Time Tracking" }).click();
  const clockIn = therapist.getByRole("region", { name: "Clock In" });
  await clockIn.getByLabel("Staff member").selectOption({ label: `Tola Ayo${tag}` });
  await clockIn.getByRole("button", { name: "Clock In" }).click();
  await expect(therapist.getByText("Clocked in successfully!", { exact: true })).toBeVisible();

  // The server holds the line too.
  expect((await therapist.request.get("/api/pay-runs")).status()).toBe(403);
  expect((await therapist.request.post("/api/admin/clear-data")).status()).toBe(403);
  await therapist.goto("/admin/audit");
  await expect(
    therapist.getByRole("heading", { name: "Not available for your role" }),
  ).toBeVisible();

  // Signing in again with the email and their own password.
  await therapist.goto("/admin");
  // This page is not the fixture's, whose goto waits for hydration: a click before it is lost.
  await therapist.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await therapist.getByRole("button", { name: "Sign out" }).click();
  // Signed out before the next page load: a navigation started sooner cancels the sign-out.
  await expect(therapist.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await signIn(therapist, email.toUpperCase(), password);
  await context.close();
  expect(errors).toEqual([]);
});

test("staff screen fits a phone", async ({ page }, info) => {
  test.skip(info.project.name !== "mobile", "375 px only");
  await signIn(page);
  const created = await page.request.post("/api/staff", {
    data: {
      firstName: "Phone",
      lastName: `Check${Date.now()}`,
      email: `phone.${Date.now()}@example.com`,
    },
  });
  const member = (await created.json()) as { id: number };
  // Long names in the selects and a row in the entries table.
  expect(
    (
      await page.request.post("/api/time-tracking/clock-in", { data: { staffId: member.id } })
    ).status(),
  ).toBe(201);
  const overflowOf = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  for (const url of [
    "/admin/staff",
    "/admin/staff?tab=time",
    "/admin/staff?tab=pay",
    "/admin/staff?tab=analytics",
    `/admin/staff?member=${member.id}&view=workspace`,
    `/admin/staff?member=${member.id}&view=pay`,
  ]) {
    await page.goto(url);
    await expect(page.getByRole("heading", { name: "Staff Management", level: 1 })).toBeVisible();
    expect(await overflowOf(), url).toBeLessThanOrEqual(0);
  }
});
