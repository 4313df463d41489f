/**
 * Shared test fixture: fails a test when the page logs a console error or throws
 * (ARCHITECTURE.md "A test that logs an unexpected console error fails").
 */
import { test as base, expect } from "@playwright/test";

export const ADMIN = { username: "admin", password: "e2e-admin-password" };

export const test = base.extend<{ consoleErrors: string[] }>({
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

export { expect };

/** A date `days` ahead as 'YYYY-MM-DD' in Lagos time. */
export function lagosDatePlus(days: number): string {
  const lagos = new Date(Date.now() + 60 * 60 * 1000 + days * 24 * 60 * 60 * 1000);
  return lagos.toISOString().slice(0, 10);
}
