/**
 * Shared test fixture: fails a test when the page logs a console error or throws
 * (ARCHITECTURE.md "A test that logs an unexpected console error fails").
 */
import { test as base, expect, type Page } from "@playwright/test";
import { lagosDatePlus } from "./dates";

export const ADMIN = { username: "admin", password: "e2e-admin-password" };

export const test = base.extend<{ consoleErrors: string[] }>({
  // Every navigation waits until React has hydrated the page (app/root.tsx marks <html>), as a
  // person waits for a page to answer: a tap before hydration reaches no handler and would make
  // a test fail for the machine's speed, not the app's behaviour.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await page
        .locator("html[data-hydrated]")
        .waitFor({ state: "attached", timeout: 15_000 })
        .catch(() => {}); // a page that never hydrates fails on what it then cannot do
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (options) => {
      const response = await reload(options);
      await page
        .locator("html[data-hydrated]")
        .waitFor({ state: "attached", timeout: 15_000 })
        .catch(() => {});
      return response;
    };
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        // A 4xx the page handles (a refused sign-in) is logged by the browser, not by our code.
        if (msg.type() === "error" && !/status of 4\d\d/.test(msg.text())) errors.push(msg.text());
      });
      page.on("pageerror", (err) => errors.push(err.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

// lagosDatePlus lives in ./dates with the other Lagos day helper; specs may import it here too.
export { expect, lagosDatePlus };

/**
 * Opens /contact#booking and fills the booking form for a HydraFacial (facial category) on the
 * Lagos date `daysAhead` from today at `time`, with the client's name and email; the caller adds
 * anything else and presses Book Appointment.
 */
export async function fillHydraFacialBooking(
  page: Page,
  client: { name: string; email: string; daysAhead: number; time: string },
): Promise<void> {
  await page.goto("/contact#booking");
  await page.getByLabel("Full name").fill(client.name);
  await page.getByLabel("Email address").fill(client.email);
  await page.getByLabel("Phone number").fill("0803 123 4567");
  await page.getByLabel("Treatment category").selectOption("facial");
  await page
    .getByLabel("Service", { exact: true })
    .selectOption({ label: "HydraFacial (₦180,000)" });
  await page.getByLabel("Preferred date").fill(lagosDatePlus(client.daysAhead));
  await page.getByLabel("Preferred time").selectOption(client.time);
}

/**
 * Stands in for a visit having happened (issue 28 item 5: no review is asked before the visit):
 * the appointment that processing booking `bookingId` (made with `email`) made is moved to a past
 * working day at 11:00 Lagos and marked completed, through the calendar's API as the signed-in
 * admin.
 */
export async function completeVisitOf(page: Page, bookingId: number, email: string): Promise<void> {
  const visits: Array<{ id: string; virtual: boolean; bookingId: number | null }> = await (
    await page.request.get(`/api/appointments?customerEmail=${encodeURIComponent(email)}`)
  ).json();
  const visit = visits.find((a) => !a.virtual && a.bookingId === bookingId);
  expect(visit, `the appointment of booking ${bookingId}`).toBeTruthy();
  // Two or three days ago: never a Sunday (closed), always before today.
  let past = lagosDatePlus(-2);
  if (new Date(`${past}T12:00:00Z`).getUTCDay() === 1) past = lagosDatePlus(-3);
  for (const data of [{ appointmentDate: `${past} 11:00` }, { status: "completed" }]) {
    const res = await page.request.patch(`/api/appointments/${visit?.id}`, { data });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/** Signs in as the manager (ADMIN) through the login gate and waits for the dashboard. */
export async function signIn(page: Page) {
  await page.goto("/admin");
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Login Successful", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
}
