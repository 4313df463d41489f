import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "common/**/*.test.ts",
      "server/**/*.test.ts",
      "app/**/*.test.{ts,tsx}",
      "scripts/**/*.test.ts",
    ],
    environment: "node",
    // PGlite starts a WASM Postgres per test file; two workers suit the 2-core machines.
    maxWorkers: 2,
    // Files share their worker's module cache instead of importing the app afresh each: imports
    // were 27 % of the suite's time (109 workers at ~1.5 s each, then every file's import of the
    // server), 6 % without isolation, and CI must stay under 30 minutes. No file mocks modules;
    // stubbed globals and env are undone after each file.
    isolate: false,
    unstubGlobals: true,
    unstubEnvs: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TZ: "UTC" },
    setupFiles: ["./server/testing/setup.ts"],
    // One migrated PGlite database that the API suites start from (server/testing/pglite-template.ts).
    globalSetup: ["./server/testing/pglite-template.ts"],
  },
});
