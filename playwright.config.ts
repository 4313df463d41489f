import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3310);
// A fresh database for every run (the server seeds the demo catalogue into it).
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "clinic-e2e-"));
process.env.E2E_DATA_DIR = dataDir;

/**
 * Debian's Chromium; Playwright never downloads a browser here (DEVELOPERS.md). Its headless shell
 * (package chromium-headless-shell) when installed: the build Playwright itself runs headless
 * tests in, and on this project's 2-core machines half the CPU of the full browser in headless
 * mode for the same suite
 * (docs/decisions/0159-the-suite-runs-in-debians-chromium-headless-shell.md).
 * CHROMIUM_PATH picks another binary.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const chromiumLaunch = {
  executablePath:
    process.env.CHROMIUM_PATH ??
    (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
};

export default defineConfig({
  testDir: "./e2e",
  // scripts/e2e.ts runs the projects' shards at once, each with its own output folder.
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // CI machines here are 2 shared cores; the long admin journeys (several axe scans each) took
  // 30 s on one day and over 60 s on another.
  timeout: process.env.CI ? 120_000 : 60_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromiumLaunch,
    // A trace costs ~15% of the suite's CPU: in CI it is recorded for the retry of a failed test
    // (the failure that matters), locally for every failure.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
      // The restart test needs no particular screen: it runs in the phone lane, which has
      // fewer tests of its own (the two lanes run at once; CI waits for the longer).
      testIgnore: /restart\.spec\.ts/,
    },
    {
      name: "mobile",
      use: { ...devices["Pixel 7"], viewport: { width: 375, height: 740 } },
    },
  ],
  webServer: {
    command: "node server/main.ts",
    url: `http://127.0.0.1:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_USERNAME: "admin",
      ADMIN_PASSWORD: "e2e-admin-password",
      LOG_LEVEL: "warn",
      // Every simulated visitor writes from 127.0.0.1: the per-address limit on public writes
      // (issue 14) would count the whole suite as one client.
      PUBLIC_WRITE_RATE_LIMIT: "10000",
      // Scheduled jobs (issue 16) would change orders and emails under the tests' feet.
      SCHEDULER: "off",
    },
  },
});
