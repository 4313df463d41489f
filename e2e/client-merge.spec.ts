/**
 * Possible duplicates and the client merge (issue 28 item 7), at 1280 px and 375 px: one person
 * on file twice (two emails, one phone typed two ways). The front desk sees the banner, filters
 * to the possible duplicates and sees "Possible duplicate of …" in the dialog, without a Merge
 * button; the manager merges with the preview of what moves and sees one client, with Undo
 * merge offered. With MERGE_SCREENSHOTS=dir the run saves screenshots.
 */
import type { Browser, Page } from "@playwright/test";
import { ADMIN, expect, test } from "./fixtures";

/** A front desk member, invited and signed in through the API in a context of its own. */
async function frontDeskContext(browser: Browser, tag: string) {
  const manager = await browser.newContext();
  const api = manager.request;
  expect((await api.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  const email = `desk.${tag}@example.com`;
  const created = await api.post("/api/staff", {
    data: { firstName: "Desk", lastName: `Member${tag}`, email },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  expect(
    (await api.post(`/api/staff/${id}/access`, { data: { role: "front_desk" } })).status(),
  ).toBe(201);
  const outbox = await (await api.get("/api/admin/outbox")).json();
  const messages = (Array.isArray(outbox) ? outbox : outbox.rows) as Array<{
    toAddress: string;
    textBody: string;
  }>;
  const token = /staff-invitation\/([A-Za-z0-9_-]+)/.exec(
    messages.find((m) => m.toAddress === email)?.textBody ?? "",
  )?.[1];
  await manager.close();
  const desk = await browser.newContext();
  expect(
    (
      await desk.request.post(`/api/auth/invitations/${token}`, {
        data: { password: "front-desk-password-1" },
      })
    ).status(),
  ).toBe(201);
  return desk;
}

async function shot(page: Page, name: string, project: string) {
  const dir = process.env.MERGE_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${project}.png`, fullPage: true });
}

test("the front desk sees a possible duplicate; the manager merges it with a preview", async ({
  page,
  browser,
}, info) => {
  test.setTimeout(120_000);
  const project = info.project.name;
  const tag = `${project}${Date.now()}`.replace(/[^a-z0-9]/gi, "");
  const digits = String(Date.now()).slice(-7);
  expect((await page.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  const add = async (data: Record<string, unknown>) => {
    const res = await page.request.post("/api/customers", { data });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const keepName = `Ifeoma Nwosu${tag}`;
  const keepId = await add({
    firstName: "Ifeoma",
    lastName: `Nwosu${tag}`,
    email: `ifeoma.work.${tag}@example.com`,
    phone: `0803 ${digits.slice(0, 3)} ${digits.slice(3)}`,
  });
  const otherId = await add({
    firstName: "Ife",
    lastName: `N${tag}`,
    email: `ife.home.${tag}@example.com`,
    phone: `+234 803 ${digits.slice(0, 3)} ${digits.slice(3)}`,
    address: "12 Ozumba Mbadiwe",
  });
  expect(
    (
      await page.request.put(`/api/customer-notes/ife.home.${tag}@example.com`, {
        data: { notes: "Prefers evening slots" },
      })
    ).status(),
  ).toBe(200);

  // The front desk: the banner, the filter, the flag in the dialog, no Merge.
  const desk = await frontDeskContext(browser, tag);
  const deskPage = await desk.newPage();
  await deskPage.goto("/admin/clients");
  const banner = deskPage.getByRole("status").filter({ hasText: "Possible duplicates:" });
  await expect(banner).toBeVisible();
  await banner.getByRole("link", { name: "Show possible duplicates" }).click();
  await expect(deskPage).toHaveURL(/view=duplicates/);
  await expect(deskPage.getByText("possible duplicates", { exact: false }).first()).toBeVisible();
  await deskPage.goto(`/admin/clients?view=duplicates&q=${tag}`);
  await expect(deskPage.getByRole("button", { name: keepName })).toBeVisible();
  await expect(deskPage.getByText("Possible duplicate", { exact: true }).first()).toBeVisible();
  await shot(deskPage, "front-desk-duplicates", project);
  await deskPage.goto(`/admin/clients?client=${keepId}`);
  const dialog = deskPage.getByRole("dialog");
  await expect(
    dialog.getByRole("heading", { name: `Possible duplicate of Ife N${tag}` }),
  ).toBeVisible();
  await expect(dialog.getByText("same phone")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Merge…" })).toHaveCount(0);
  await shot(deskPage, "front-desk-dialog", project);
  await desk.close();

  // The manager merges with the preview, and sees one client.
  await page.goto(`/admin/clients?client=${keepId}`);
  const managerDialog = page.getByRole("dialog");
  await managerDialog.getByRole("button", { name: "Merge…" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Merge Clients" });
  await expect(confirm.getByRole("list", { name: "What moves" })).toContainText("Notes: 1");
  await expect(confirm).toContainText("Blank details filled: address");
  await shot(page, "manager-merge-preview", project);
  await confirm.getByRole("button", { name: "Merge", exact: true }).click();
  await expect(page.getByText("Clients merged", { exact: true })).toBeVisible();
  await expect(page.getByRole("dialog").getByText("Merged into this client")).toBeVisible();
  await expect(page.getByRole("dialog").getByRole("button", { name: "Undo merge" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.goto(`/admin/clients?q=${tag}`);
  await expect(page.getByText("Found 1 customer(s) matching", { exact: false })).toBeVisible();
  await expect(page.getByRole("button", { name: keepName })).toBeVisible();
  expect((await page.request.get(`/api/customers/${otherId}`)).status()).toBe(404);
  await shot(page, "manager-after-merge", project);
});
