/**
 * The calendar (issue 10, admin spec §2 "Calendar", §4, §5, §8): New Booking puts a block on the
 * grid; the details dialog confirms, reschedules (a free slot, then a refused one with the
 * server's message), completes, cancels, duplicates and deletes; Block Time for one member and
 * for all staff; the staff filter; the week/day switch. Phones (under 768 px) use the day view.
 * With CALENDAR_SCREENSHOTS=dir the desktop run saves the week and day views at 1280 and 768 px.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, lagosDatePlus, signIn, test } from "./fixtures";

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

test("calendar: book, confirm, reschedule, complete, duplicate, delete, block time, filter", async ({
  page,
}, info) => {
  // A whole day's journey in one test: about 45 s on a quick machine, over the default minute on
  // a loaded 2-core one (seen with both projects running at once); 3 min ran out at the last
  // step once Duplicate went through New Booking (issue 28) on a machine shared by six runs.
  test.setTimeout(240_000);
  const mobile = (page.viewportSize()?.width ?? 1280) < 768;
  const tag = `${info.project.name}${Date.now()}`;
  const date = lagosDatePlus(mobile ? 29 : 22);
  await signIn(page);

  // Two staff members for the test (POST /api/staff).
  const member = async (firstName: string) => {
    const res = await page.request.post("/api/staff", {
      data: { firstName, lastName: tag, email: `${firstName.toLowerCase()}.${tag}@example.com` },
    });
    expect(res.status()).toBe(201);
    return (await res.json()) as { id: number; firstName: string; lastName: string };
  };
  const ada = await member("Ada");
  const bisi = await member("Bisi");
  const bisiName = `Bisi ${tag}`;
  const services: Array<{ id: number; name: string }> = await (
    await page.request.get("/api/services")
  ).json();
  const service = services[0] as { id: number; name: string };

  const view = mobile ? "day" : "week";
  await page.goto(`/admin/calendar?view=${view}&date=${date}`);
  await expect(page.getByRole("heading", { name: "Calendar", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Previous" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Today" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Next" })).toBeVisible();
  await expect(page.locator("[data-testid^='day-20']")).toHaveCount(mobile ? 1 : 7);

  // New Booking: the form's own messages first, then a real booking.
  await page.getByRole("button", { name: "New Booking" }).click();
  const form = page.getByRole("dialog", { name: "New Booking" });
  await form.getByRole("button", { name: "Create Booking" }).click();
  await expect(form.getByText("Customer name is required")).toBeVisible();
  await expect(form.getByText("Service selection is required")).toBeVisible();
  const client = `Calendar Client ${tag}`;
  await form.getByLabel("Client Name").fill(client);
  await form.getByLabel("Client Email").fill(`client.${tag}@example.com`);
  await form.getByLabel("Client Phone").fill("08031234567");
  await form.getByLabel("Service").selectOption(String(service.id));
  await form.getByLabel("Staff Member").selectOption(String(ada.id));
  await form.getByLabel("Date", { exact: true }).fill(date);
  await form.getByLabel("Time", { exact: true }).selectOption("10:00");
  const shots = process.env.CALENDAR_SCREENSHOTS;
  if (shots) await page.screenshot({ path: `${shots}/new-booking-${info.project.name}.png` });
  await form.getByRole("button", { name: "Create Booking" }).click();
  await expect(page.getByText("Appointment Created", { exact: true }).last()).toBeVisible();
  await expect(
    page.getByText("New appointment has been scheduled successfully.").last(),
  ).toBeVisible();
  await expect(form).toBeHidden();
  const block = page.getByRole("button", { name: new RegExp(`^${escapeRegExp(client)}\\s*,`) });
  await expect(block).toBeVisible();
  await expect(block).toHaveAttribute("data-status", "scheduled");
  await expect(page.getByTestId(`day-header-${date}`)).toContainText(/[1-9]\d* appointments?/);

  // Another of Ada's appointments at 16:00, the slot the refused reschedule aims for.
  const other = await page.request.post("/api/appointments", {
    data: {
      customerName: `Other Client ${tag}`,
      customerEmail: `other.${tag}@example.com`,
      customerPhone: "08030000000",
      serviceId: service.id,
      appointmentDate: `${date} 16:00`,
      staffId: ada.id,
      duration: 60,
    },
  });
  expect(other.status()).toBe(201);
  await page.reload();

  // Details: Confirm (scheduled → confirmed).
  await block.click();
  const details = page.getByRole("dialog", { name: client });
  await expect(details.getByTestId("details-status")).toHaveText("Scheduled");
  if (shots) await page.screenshot({ path: `${shots}/details-${info.project.name}.png` });
  await details.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(page.getByText("Appointment updated successfully!").last()).toBeVisible();
  await expect(details.getByTestId("details-status")).toHaveText("Confirmed");

  // Reschedule to a free slot (14:00).
  await details.getByRole("button", { name: "Reschedule" }).click();
  await details.getByLabel("New date").fill(date);
  await details.getByLabel("New time").selectOption("14:00");
  await details.getByRole("button", { name: "Save New Time" }).click();
  await expect(details.getByTestId("details-when")).toContainText("14:00");

  // Reschedule onto the taken 16:00: refused, the server's message shown in the dialog.
  await details.getByRole("button", { name: "Reschedule" }).click();
  await details.getByLabel("New time").selectOption("16:00");
  await details.getByRole("button", { name: "Save New Time" }).click();
  await expect(details.getByRole("alert")).toContainText(
    `Ada already has ${service.name} with Other Client ${tag}`,
  );
  await details.getByRole("button", { name: "Back" }).click();
  await expect(details.getByTestId("details-when")).toContainText("14:00");

  // Mark Complete before the visit starts is refused with the reason (issue 28 item 5).
  await details.getByRole("button", { name: "Mark Complete" }).click();
  await expect(
    page.getByText("An appointment cannot be completed before it starts").first(),
  ).toBeVisible();
  await expect(details.getByTestId("details-status")).toHaveText("Confirmed");

  // Cancel frees the slot, so the duplicate (same time, same member) fits. Duplicate opens New
  // Booking with the copy and asks for its date and time (issue 28 item 4).
  await details.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(details.getByTestId("details-status")).toHaveText("Cancelled");
  await details.getByRole("button", { name: "Duplicate" }).click();
  const again = page.getByRole("dialog", { name: "New Booking" });
  await expect(again.getByLabel("Client Name")).toHaveValue(`${client} (Copy)`);
  await again.getByLabel("Date", { exact: true }).fill(date);
  await again.getByLabel("Time", { exact: true }).selectOption("14:00");
  await again.getByRole("button", { name: "Create Booking" }).click();
  await expect(page.getByText("Appointment Created", { exact: true }).last()).toBeVisible();
  const copyBlock = page.getByRole("button", {
    name: new RegExp(`^${escapeRegExp(client)} \\(Copy\\)\\s*,`),
  });
  await copyBlock.click();
  const copy = page.getByRole("dialog", { name: `${client} (Copy)` });
  await expect(copy.getByTestId("details-status")).toHaveText("Scheduled");
  await expect(copy.getByText(/^Duplicate of /)).toBeVisible();

  // Delete the copy, after confirming.
  await copy.getByRole("button", { name: "Delete" }).click();
  const ask = page.getByRole("alertdialog", { name: "Delete appointment?" });
  await ask.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Appointment deleted successfully!").last()).toBeVisible();
  await expect(copy).toBeHidden();
  await expect(copyBlock).toHaveCount(0);

  // Block Time for Bisi, then for all staff.
  const blockTime = async (title: string, start: string, end: string, staffId: number | null) => {
    await page.getByRole("button", { name: "Block Time" }).click();
    const dialog = page.getByRole("dialog", { name: "Block Time" });
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Start").fill(`${date}T${start}`);
    await dialog.getByLabel("End").fill(`${date}T${end}`);
    await dialog.getByLabel("Staff Member").selectOption(staffId ? String(staffId) : "");
    await dialog.getByLabel("Block Type").selectOption("meeting");
    await dialog.getByRole("button", { name: "Block Time" }).click();
    await expect(page.getByText("Blocked time created successfully!").last()).toBeVisible();
    await expect(dialog).toBeHidden();
  };
  const bisiBlock = `Training ${tag}`;
  const allBlock = `Closed ${tag}`;
  await blockTime(bisiBlock, "12:00", "13:00", bisi.id);
  await blockTime(allBlock, "18:00", "19:00", null);
  const day = page.getByTestId(`day-${date}`);
  await expect(day.getByTestId("blocked-time").filter({ hasText: bisiBlock })).toBeVisible();
  await expect(day.getByTestId("blocked-time").filter({ hasText: allBlock })).toBeVisible();

  // Staff filter: Bisi sees her block and the all-staff one, not Ada's appointments.
  const filter = page.getByLabel("Staff filter");
  await filter.selectOption(String(bisi.id));
  await expect(page).toHaveURL(new RegExp(`staff=${bisi.id}`));
  await expect(block).toHaveCount(0);
  await expect(day.getByTestId("blocked-time").filter({ hasText: bisiBlock })).toBeVisible();
  await expect(day.getByTestId("blocked-time").filter({ hasText: allBlock })).toBeVisible();
  await filter.selectOption(String(ada.id));
  await expect(block).toBeVisible();
  await expect(day.getByTestId("blocked-time").filter({ hasText: bisiBlock })).toHaveCount(0);
  await expect(day.getByTestId("blocked-time").filter({ hasText: allBlock })).toBeVisible();
  await filter.selectOption("");
  await expect(filter).toHaveValue("");

  if (mobile) return;

  // Week ↔ day.
  await page.getByRole("button", { name: "Switch to day view" }).click();
  await expect(page).toHaveURL(/view=day/);
  await expect(page.locator("[data-testid^='day-20']")).toHaveCount(1);
  await expect(block).toBeVisible();
  if (shots) {
    await page.screenshot({ path: `${shots}/day-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.screenshot({ path: `${shots}/day-768.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await page.getByRole("button", { name: "Switch to week view" }).click();
  await expect(page).toHaveURL(/view=week/);
  await expect(page.locator("[data-testid^='day-20']")).toHaveCount(7);
  if (shots) {
    await page.screenshot({ path: `${shots}/week-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.screenshot({ path: `${shots}/week-768.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // Next and Previous move a week; Today comes back to this week.
  await page.getByRole("button", { name: "Next" }).click();
  await expect(block).toHaveCount(0);
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(block).toBeVisible();

  // A blocked time opens its details, can be edited, and deleted after confirming.
  await day.getByTestId("blocked-time").filter({ hasText: bisiBlock }).click();
  await expect(page.getByRole("dialog", { name: bisiBlock }).getByText(bisiName)).toBeVisible();
  await page.getByRole("dialog", { name: bisiBlock }).getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Blocked Time" });
  await expect(edit.getByLabel("Start")).toHaveValue(`${date}T12:00`);
  const renamed = `Supplier visit ${tag}`;
  await edit.getByLabel("Title").fill(renamed);
  await edit.getByLabel("End").fill(`${date}T13:30`);
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Blocked time updated successfully!").last()).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(day.getByTestId("blocked-time").filter({ hasText: bisiBlock })).toHaveCount(0);
  await day.getByTestId("blocked-time").filter({ hasText: renamed }).click();
  const blockDetails = page.getByRole("dialog", { name: renamed });
  await expect(blockDetails.getByText("12:00–13:30")).toBeVisible();
  await blockDetails.getByRole("button", { name: "Delete" }).click();
  await page
    .getByRole("alertdialog", { name: "Delete blocked time?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByText("Blocked time deleted successfully!").last()).toBeVisible();
  await expect(day.getByTestId("blocked-time").filter({ hasText: renamed })).toHaveCount(0);
});

test("calendar: a click on an empty half hour books it; a member's phone calendar link serves their day", async ({
  page,
}, info) => {
  test.skip(info.project.name === "mobile", "one run is enough: the same screen");
  const tag = `slot${Date.now()}`;
  const date = lagosDatePlus(36);
  await signIn(page);
  const res = await page.request.post("/api/staff", {
    data: { firstName: "Chidi", lastName: tag, email: `chidi.${tag}@example.com` },
  });
  expect(res.status()).toBe(201);
  const chidi = (await res.json()) as { id: number };

  await page.goto(`/admin/calendar?view=day&date=${date}&staff=${chidi.id}`);
  const day = page.getByTestId(`day-${date}`);
  // 14:30 is the 14th half hour after 08:00: 13 × 48 px + a little.
  await day.click({ position: { x: 40, y: 13 * 48 + 10 } });
  const form = page.getByRole("dialog", { name: "New Booking" });
  await expect(form.getByLabel("Time")).toHaveValue("14:30");
  await expect(form.getByLabel("Date")).toHaveValue(date);
  await form.getByLabel("Client Name").fill("Ifeoma Eze");
  await form.getByLabel("Client Email").fill(`ifeoma.${tag}@example.com`);
  await form.getByLabel("Client Phone").fill("08031234567");
  await form.getByLabel("Service").selectOption({ index: 1 });
  await form.getByLabel("Staff Member").selectOption(String(chidi.id));
  await form.getByRole("button", { name: "Create Booking" }).click();
  await expect(page.getByText("Appointment Created").last()).toBeVisible();
  await expect(
    day.getByTestId("appointment-block").filter({ hasText: "Ifeoma Eze" }),
  ).toBeVisible();

  // The phone calendar: create the link, read it as a calendar app would, turn it off.
  await page.getByRole("button", { name: "Phone calendar" }).click();
  const feed = page.getByRole("dialog", { name: /Phone calendar for Chidi/ });
  await expect(feed.getByTestId("feed-status")).toHaveText("No link yet.");
  await feed.getByRole("button", { name: "Create link" }).click();
  const url = await feed.getByLabel("Subscription link").inputValue();
  expect(url).toMatch(/\/calendar\/staff\/[\w-]{20,}\.ics$/);
  const ics = await page.request.get(url);
  expect(ics.status()).toBe(200);
  expect(await ics.text()).toContain("Ifeoma Eze");
  await feed.getByRole("button", { name: "Turn off link" }).click();
  await page
    .getByRole("alertdialog", { name: "Turn off this calendar link?" })
    .getByRole("button", { name: "Turn off link" })
    .click();
  await expect(page.getByText("Calendar link turned off").last()).toBeVisible();
  await expect(feed.getByTestId("feed-status")).toHaveText("No link yet.");
  expect((await page.request.get(url)).status()).toBe(404);
});

test("calendar: an online booking request shows as a pending block and Confirm Booking confirms it", async ({
  page,
}, info) => {
  const tag = `${info.project.name}${Date.now()}`;
  const date = lagosDatePlus(info.project.name === "mobile" ? 36 : 43);
  const name = `Online Client ${tag}`;
  const created = await page.request.post("/api/bookings", {
    data: {
      name,
      email: `online.${tag}@example.com`,
      phone: "08031234567",
      service: "1",
      date: `${date} at 11:00 AM`,
    },
  });
  expect(created.status()).toBe(201);
  await signIn(page);
  await page.goto(`/admin/calendar?view=day&date=${date}`);
  const block = page.getByRole("button", { name: new RegExp(`^${escapeRegExp(name)}\\s*,`) });
  await expect(block).toHaveAttribute("data-status", "pending");
  await block.click();
  const details = page.getByRole("dialog", { name });
  await expect(details.getByTestId("details-status")).toHaveText("Pending");
  await expect(details.getByText("Online booking request")).toBeVisible();
  await details.getByRole("button", { name: "Confirm Booking" }).click();
  await expect(page.getByText("Appointment updated successfully!").last()).toBeVisible();
  await expect(details.getByTestId("details-status")).toHaveText("Confirmed");
  await expect(details.getByRole("button", { name: "Mark Complete" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(details).toBeHidden();
  await expect(block).toHaveAttribute("data-status", "confirmed");
});

test("calendar: day view is the default at 768 px, week view at 1280 px", async ({
  page,
}, info) => {
  test.skip(info.project.name === "mobile", "the phone project is narrower than 768 px");
  await signIn(page);
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto("/admin/calendar");
  await expect(page.getByRole("button", { name: "Switch to week view" })).toBeVisible();
  await expect(page.locator("[data-testid^='day-20']")).toHaveCount(1);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/admin/calendar");
  await expect(page.getByRole("button", { name: "Switch to day view" })).toBeVisible();
  await expect(page.locator("[data-testid^='day-20']")).toHaveCount(7);
  // Keyboard: the controls are reachable and named.
  await page.getByRole("button", { name: "Today" }).focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Next" })).toBeFocused();
});

/** Waits for running animations to end: axe reads colours half-faded while a dialog opens. */
async function animationsDone(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running"),
  );
}

test("calendar: axe-core finds no WCAG 2.2 AA violation in the views and dialogs", async ({
  page,
}, info) => {
  // Desktop at 1280 px (week view) and, in the phone lane, a 768 px tablet (day view): the two
  // lanes run at once, so each takes one width. Over the default minute on a loaded 2-core machine.
  test.setTimeout(180_000);
  const tag = `axe${Date.now()}`;
  const date = lagosDatePlus(50);
  await signIn(page);
  const services: Array<{ id: number }> = await (await page.request.get("/api/services")).json();
  const made = await page.request.post("/api/appointments", {
    data: {
      customerName: `Axe Client ${tag}`,
      customerEmail: `axe.${tag}@example.com`,
      customerPhone: "08030000000",
      serviceId: (services[0] as { id: number }).id,
      appointmentDate: `${date} 10:00`,
    },
  });
  expect(made.status()).toBe(201);
  const blocked = await page.request.post("/api/blocked-time", {
    data: { title: `Axe block ${tag}`, startTime: `${date} 13:00`, endTime: `${date} 14:00` },
  });
  expect(blocked.status()).toBe(201);
  const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
  const desktop = info.project.name === "desktop";
  const [width, view] = desktop ? ([1280, "week"] as const) : ([768, "day"] as const);
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`/admin/calendar?view=${view}&date=${date}`);
  await expect(
    page.getByRole("button", { name: new RegExp(`^Axe Client ${tag}\\s*,`) }),
  ).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(
    results.violations.map(
      (v) => `${width}px ${view}: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    ),
  ).toEqual([]);
  for (const name of ["New Booking", "Block Time"]) {
    await page.getByRole("button", { name }).click();
    await expect(page.getByRole("dialog", { name })).toBeVisible();
    await animationsDone(page);
    const dialog = await new AxeBuilder({ page }).withTags(tags).analyze();
    expect(dialog.violations.map((v) => `${width}px ${name}: ${v.id}`)).toEqual([]);
    await page.keyboard.press("Escape");
  }
  await page.getByRole("button", { name: new RegExp(`^Axe Client ${tag}\\s*,`) }).click();
  await expect(page.getByRole("dialog", { name: `Axe Client ${tag}` })).toBeVisible();
  await animationsDone(page);
  const details = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(
    details.violations.map(
      (v) =>
        `${width}px details: ${v.id} (${v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary}`).join("; ")})`,
    ),
  ).toEqual([]);
  await page.keyboard.press("Escape");
});
