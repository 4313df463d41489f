import { writeFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { ADMIN, expect, test } from "./fixtures";
async function signIn(page: Page) {
  await page.goto("/admin");
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
}
test("direct daily tab, no sales", async ({ page }, info) => {
  test.skip(info.project.name !== "desktop");
  await signIn(page);
  const html = await (await page.request.get("/admin/sales?tab=daily-sales")).text();
  await page.goto("/admin/sales?tab=daily-sales");
  await page.waitForTimeout(2000);
  const main = await page.evaluate(() => document.querySelector("main")?.innerHTML ?? "");
  writeFileSync("/tmp/rep/ssr.html", html);
  writeFileSync("/tmp/rep/client.html", main);
});
