/**
 * PGlite safeguards (foundation issue §3): a booking survives a graceful restart, and a second
 * server on the same DATA_DIR refuses to start, saying why.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ADMIN, expect, lagosDatePlus, test } from "./fixtures";

const PORT = Number(process.env.E2E_PORT ?? 3310) + 10;
const BASE = `http://127.0.0.1:${PORT}`;

function startServer(dataDir: string, port = PORT) {
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitReady(child: ChildProcess) {
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error("server exited");
    try {
      if ((await fetch(`${BASE}/readyz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not become ready");
}

test("a booking survives a restart; a second server on the same DATA_DIR refuses", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "clinic-restart-"));
  const first = startServer(dataDir);
  try {
    await waitReady(first.child);

    const second = startServer(dataDir, PORT + 1);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain("Another server is already using the data directory");

    await page.goto(`${BASE}/contact`);
    await page.getByLabel("Full name").fill("Restart Survivor");
    await page.getByLabel("Email address").fill("survivor@example.com");
    await page.getByLabel("Phone number").fill("08031234567");
    await page.getByLabel("Treatment category").selectOption("massage");
    await page.getByLabel("Service", { exact: true }).selectOption({ index: 1 });
    await page.getByLabel("Preferred date").fill(lagosDatePlus(3));
    await page.getByLabel("Preferred time").selectOption("2:00 PM");
    await page.getByRole("button", { name: "Book Appointment" }).click();
    await expect(page.getByText("Booking Submitted", { exact: true })).toBeVisible();
  } finally {
    // Leave the page first: a live page would keep fetching from the stopped server.
    await page.goto("about:blank");
    first.child.kill("SIGTERM");
  }
  expect(await first.exited).toBe(0);

  const again = startServer(dataDir);
  try {
    await waitReady(again.child);
    await page.goto(`${BASE}/admin`);
    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Login Successful", { exact: true })).toBeVisible();
    await page.goto(`${BASE}/admin/bookings`);
    await expect(page.getByRole("listitem").filter({ hasText: "Restart Survivor" })).toBeVisible();
  } finally {
    await page.goto("about:blank");
    again.child.kill("SIGTERM");
    await again.exited;
  }
});
