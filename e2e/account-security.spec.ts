/**
 * Two-step sign-in (issue 14): a staff member opens Account security from the top bar, sets up
 * an authenticator app from the secret the page shows (the test computes the codes an app would
 * show), confirms with a code, sees the recovery codes once, signs out, and signs in again with
 * password and authentication code; a wrong code is refused. A staff member's account is used so
 * the other specs' admin keeps signing in with a password only.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { generate } from "otplib";
import { ADMIN, expect, test } from "./fixtures";

/** The spec's sign-in flag in localStorage (admin spec §6), or null. */
const signedInFlag = (page: Page) => page.evaluate(() => localStorage.getItem("adminLoggedIn"));

/** The code an authenticator app shows `stepsAhead` 30-second steps from now. */
const codeAt = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

/**
 * A front desk member added and granted access by a manager through the API, in a context of
 * its own: their staff id and the invitation token of the email in the outbox.
 */
async function invitedMember(
  browser: Browser,
  person: { firstName: string; lastName: string; email: string },
): Promise<{ id: number; token: string }> {
  const manager = await browser.newContext();
  const api = manager.request;
  expect((await api.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  const created = await api.post("/api/staff", { data: person });
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
    messages.find((m) => m.toAddress === person.email)?.textBody ?? "",
  )?.[1];
  expect(token).toBeTruthy();
  await manager.close();
  return { id, token: token as string };
}

test("set up two-step sign-in, sign out, and sign in with an authentication code", async ({
  page,
  browser,
}, info) => {
  const tag = `${info.project.name}${Date.now()}`;
  const email = `ngozi.${tag}@example.com`;
  const password = "front-desk-password-1";

  // A manager adds the member and grants access; the invitation link is in the outbox.
  const { token } = await invitedMember(browser, {
    firstName: "Ngozi",
    lastName: `Eze${tag}`,
    email,
  });

  // The member sets a password (signed in) and opens Account security from the top bar.
  await page.goto(`/staff-invitation/${token}`);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Set Password and Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Account security" }).click();
  await expect(page.getByRole("heading", { name: "Account security", level: 1 })).toBeVisible();
  await expect(page.getByText("Off: signing in needs only your password.")).toBeVisible();

  await page.getByRole("button", { name: "Set up authenticator app" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByTestId("totp-uri")).toHaveText(
    new RegExp(`^otpauth://totp/Glow%20Haven:.*\\?secret=${secret}&issuer=Glow%20Haven$`),
  );
  const violations = (
    await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze()
  ).violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(violations).toEqual([]);

  await page.getByLabel("Authentication code").fill(await codeAt(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("Two-step sign-in is on", { exact: true })).toBeVisible();
  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  await page.getByRole("button", { name: "I have saved them" }).click();
  await expect(page.getByText(/^On since /)).toBeVisible();
  await expect(page.getByText("Recovery codes left: 10 of 10.")).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);

  expect(await signedInFlag(page)).toBe("true");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  // The spec's 'adminLoggedIn' flag mirrors the session (admin spec §6).
  await expect.poll(() => signedInFlag(page)).toBeNull();

  // Password first: no session yet, the gate asks for the code.
  await page.getByLabel("Username").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  const codeField = page.getByLabel("Authentication code");
  await expect(codeField).toBeVisible();
  expect((await page.request.get("/api/auth/session")).status()).toBe(401);

  await codeField.fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(
    page.getByText("Invalid authentication code. Please try again.", { exact: true }),
  ).toBeVisible();

  // The confirmation used this step's code, so the app's next one (accepted ±1 step).
  await codeField.fill(await codeAt(secret, 1));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Login Successful", { exact: true })).toBeVisible();
  // Signed in where they signed out: Account security, now on. The first spec of a run meets a
  // cold server (routes loaded on first use): the navigation after sign-in took over 5 s once.
  await expect(page.getByRole("heading", { name: "Account security", level: 1 })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText(/^On since /)).toBeVisible();
  expect((await page.request.get("/api/auth/session")).status()).toBe(200);
  expect(await signedInFlag(page)).toBe("true");
});

test("a manager resets a member's two-step sign-in from Staff Management", async ({
  page,
  browser,
}, info) => {
  const tag = `${info.project.name}${Date.now()}`;
  const email = `bisi.${tag}@example.com`;
  const password = "front-desk-password-2";

  // The member: invited, signed in with their password, two-step sign-in on (through the API).
  const { id, token } = await invitedMember(browser, {
    firstName: "Bisi",
    lastName: `Ade${tag}`,
    email,
  });
  const member = await browser.newContext();
  expect(
    (await member.request.post(`/api/auth/invitations/${token}`, { data: { password } })).status(),
  ).toBe(201);
  const setup = await (await member.request.post("/api/auth/totp/setup")).json();
  expect(
    (
      await member.request.post("/api/auth/totp/confirm", {
        data: { code: await codeAt(setup.secret) },
      })
    ).status(),
  ).toBe(200);
  await member.close();

  // The manager opens the member's page, sees it on, and resets it.
  await page.goto("/admin");
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await page.goto(`/admin/staff?member=${id}`);
  const access = page.getByRole("region", { name: "Staff access" });
  await expect(access.getByText("Two-step sign-in: On")).toBeVisible();
  const shots = process.env.ACCOUNT_SECURITY_SCREENSHOTS;
  if (shots) await page.screenshot({ path: `${shots}/staff-two-step-${info.project.name}.png` });
  await access.getByRole("button", { name: "Reset two-step sign-in" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Reset two-step sign-in" });
  await expect(confirm.getByText(/will sign in with their password only/)).toBeVisible();
  await confirm.getByRole("button", { name: "Reset two-step sign-in" }).click();
  await expect(page.getByText("Two-step sign-in reset", { exact: true })).toBeVisible();
  await expect(access.getByText("Two-step sign-in: Off")).toBeVisible();
  await expect(access.getByRole("button", { name: "Reset two-step sign-in" })).toHaveCount(0);

  // The password alone signs the member in now.
  const login = await page.request.post("/api/auth/login", {
    data: { username: email, password },
  });
  expect(((await login.json()) as { user?: { username: string } }).user?.username).toBe(email);
});
